; divbridge proof obligation where.int.uint64.wraparound.cases_1.otherwise
; where on uint64: otherwise → C = C
; requirements: E_WHERE_INT_FUNC_0010
; statement: otherwise → C = C
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation where.int.uint64.wraparound.cases_1.otherwise|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; uint64 values are 64-bit vectors; SMT-LIB's where is the
; operator under proof (its result always fits).
(declare-const cond_bits (_ BitVec 1))
(define-fun cond () Bool (= cond_bits #b1))
(declare-const x (_ BitVec 64))
(declare-const y (_ BitVec 64))
(define-fun where ((cond Bool) (x (_ BitVec 64)) (y (_ BitVec 64))) (_ BitVec 64) (ite cond x y))
(define-fun c () (_ BitVec 64) (where cond x y))
; exact integer arithmetic in 130-bit vectors (nothing overflows there); C is the operator's result, c, read as an unsigned integer
(define-fun C () (_ BitVec 130) ((_ zero_extend 66) c))
(define-fun goal () Bool (=> (not (= cond true)) (= C ((_ zero_extend 66) y))))
(assert (not goal))
(check-sat)
(exit)

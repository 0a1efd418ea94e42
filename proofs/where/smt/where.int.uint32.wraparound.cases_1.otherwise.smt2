; divbridge proof obligation where.int.uint32.wraparound.cases_1.otherwise
; where on uint32: otherwise → C = C
; requirements: E_WHERE_INT_FUNC_0010
; statement: otherwise → C = C
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation where.int.uint32.wraparound.cases_1.otherwise|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; uint32 values are 32-bit vectors; SMT-LIB's where is the
; operator under proof (its result always fits).
(declare-const cond_bits (_ BitVec 1))
(define-fun cond () Bool (= cond_bits #b1))
(declare-const x (_ BitVec 32))
(declare-const y (_ BitVec 32))
(define-fun where ((cond Bool) (x (_ BitVec 32)) (y (_ BitVec 32))) (_ BitVec 32) (ite cond x y))
(define-fun c () (_ BitVec 32) (where cond x y))
; exact integer arithmetic in 66-bit vectors (nothing overflows there); C is the operator's result, c, read as an unsigned integer
(define-fun C () (_ BitVec 66) ((_ zero_extend 34) c))
(define-fun goal () Bool (=> (not (= cond true)) (= C ((_ zero_extend 34) y))))
(assert (not goal))
(check-sat)
(exit)

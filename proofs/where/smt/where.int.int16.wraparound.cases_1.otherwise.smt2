; divbridge proof obligation where.int.int16.wraparound.cases_1.otherwise
; where on int16: otherwise → C = C
; requirements: E_WHERE_INT_FUNC_0010
; statement: otherwise → C = C
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation where.int.int16.wraparound.cases_1.otherwise|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int16 values are 16-bit vectors in two's complement; SMT-LIB's where is the
; operator under proof (its result always fits).
(declare-const cond_bits (_ BitVec 1))
(define-fun cond () Bool (= cond_bits #b1))
(declare-const x (_ BitVec 16))
(declare-const y (_ BitVec 16))
(define-fun where ((cond Bool) (x (_ BitVec 16)) (y (_ BitVec 16))) (_ BitVec 16) (ite cond x y))
(define-fun c () (_ BitVec 16) (where cond x y))
; exact integer arithmetic in 34-bit vectors (nothing overflows there); C is the operator's result, c, read as a signed integer
(define-fun C () (_ BitVec 34) ((_ sign_extend 18) c))
(define-fun goal () Bool (=> (not (= cond true)) (= C ((_ sign_extend 18) y))))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation sub.int.int8.wraparound.cases_6.otherwise
; bvsub on int8: otherwise → C = A - B
; requirements: E_SUB_INT_FUNC_0010
; statement: otherwise → C = A - B
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation sub.int.int8.wraparound.cases_6.otherwise|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int8 values are 8-bit vectors in two's complement; SMT-LIB's bvsub is the
; operator under proof (it wraps around modulo 2^8).
(declare-const a (_ BitVec 8))
(declare-const b (_ BitVec 8))
(define-fun c () (_ BitVec 8) (bvsub a b))
; exact integer arithmetic in 18-bit vectors (nothing overflows there); C is the operator's result, c, read as a signed integer
(define-fun C () (_ BitVec 18) ((_ sign_extend 10) c))
(define-fun goal () Bool (=> (not (or (bvsgt (bvsub ((_ sign_extend 10) a) ((_ sign_extend 10) b)) (bvsub (_ bv128 18) (_ bv1 18))) (bvslt (bvsub ((_ sign_extend 10) a) ((_ sign_extend 10) b)) (bvneg (_ bv128 18))))) (= C (bvsub ((_ sign_extend 10) a) ((_ sign_extend 10) b)))))
(assert (not goal))
(check-sat)
(exit)

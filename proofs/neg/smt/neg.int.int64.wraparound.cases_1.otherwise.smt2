; divbridge proof obligation neg.int.int64.wraparound.cases_1.otherwise
; bvneg on int64: otherwise → C = -A
; requirements: E_NEG_INT_FUNC_0010
; statement: otherwise → C = -A
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation neg.int.int64.wraparound.cases_1.otherwise|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int64 values are 64-bit vectors in two's complement; SMT-LIB's bvneg is the
; operator under proof (it wraps around modulo 2^64).
(declare-const a (_ BitVec 64))
(define-fun c () (_ BitVec 64) (bvneg a))
; exact integer arithmetic in 130-bit vectors (nothing overflows there); C is the operator's result, c, read as a signed integer
(define-fun C () (_ BitVec 130) ((_ sign_extend 66) c))
(define-fun goal () Bool (=> (not (= ((_ sign_extend 66) a) (bvneg (_ bv9223372036854775808 130)))) (= C (bvneg ((_ sign_extend 66) a)))))
(assert (not goal))
(check-sat)
(exit)

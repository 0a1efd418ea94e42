; divbridge proof obligation add.int.int64.wraparound.cases_5.a_plus_b_lt_minus_2_n_minus_1
; bvadd on int64: A + B < -2^(n-1) → C = A + B + 2^n
; requirements: E_ADD_INT_FUNC_0010
; statement: A + B < -2^(n-1) → C = A + B + 2^n
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation add.int.int64.wraparound.cases_5.a_plus_b_lt_minus_2_n_minus_1|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int64 values are 64-bit vectors in two's complement; SMT-LIB's bvadd is the
; operator under proof (it wraps around modulo 2^64).
(declare-const a (_ BitVec 64))
(declare-const b (_ BitVec 64))
(define-fun c () (_ BitVec 64) (bvadd a b))
; exact integer arithmetic in 130-bit vectors (nothing overflows there); C is the operator's result, c, read as a signed integer
(define-fun C () (_ BitVec 130) ((_ sign_extend 66) c))
(define-fun goal () Bool (=> (bvslt (bvadd ((_ sign_extend 66) a) ((_ sign_extend 66) b)) (bvneg (_ bv9223372036854775808 130))) (= C (bvadd (bvadd ((_ sign_extend 66) a) ((_ sign_extend 66) b)) (_ bv18446744073709551616 130)))))
(assert (not goal))
(check-sat)
(exit)

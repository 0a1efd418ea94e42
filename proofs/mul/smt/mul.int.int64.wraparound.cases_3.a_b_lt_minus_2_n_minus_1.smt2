; divbridge proof obligation mul.int.int64.wraparound.cases_3.a_b_lt_minus_2_n_minus_1
; bvmul on int64: A*B < -2^(n-1) → C = A*B + k_2*2^n; k_1, k_2 ∈ ℕ such that (-2^(n-1) ≤ A*B - k_1*2^n and A*B - k_1*2^n ≤ 2^(n-1) - 1) and (-2^(n-1) ≤ A*B + k_2*2^n and A*B + k_2*2^n ≤ 2^(n-1) - 1)
; requirements: E_MUL_INT_FUNC_0010
; statement: A*B < -2^(n-1) → C = A*B + k_2*2^n; k_1, k_2 ∈ ℕ such that (-2^(n-1) ≤ A*B - k_1*2^n and A*B - k_1*2^n ≤ 2^(n-1) - 1) and (-2^(n-1) ≤ A*B + k_2*2^n and A*B + k_2*2^n ≤ 2^(n-1) - 1)
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation mul.int.int64.wraparound.cases_3.a_b_lt_minus_2_n_minus_1|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int64 values are 64-bit vectors in two's complement; SMT-LIB's bvmul is the
; operator under proof (it wraps around modulo 2^64).
(declare-const a (_ BitVec 64))
(declare-const b (_ BitVec 64))
(define-fun c () (_ BitVec 64) (bvmul a b))
; exact integer arithmetic in 134-bit vectors (nothing overflows there); C is the operator's result, c, read as a signed integer
(define-fun C () (_ BitVec 134) ((_ sign_extend 70) c))
; row 1: the multiple k_2 that makes C its result, when it is an integer
(define-fun rest_1 () (_ BitVec 134) (bvsub C (bvmul ((_ sign_extend 70) a) ((_ sign_extend 70) b))))
(define-fun k_2_1 () (_ BitVec 134) (bvsdiv rest_1 (_ bv18446744073709551616 134)))
(define-fun goal () Bool (=> (bvslt (bvmul ((_ sign_extend 70) a) ((_ sign_extend 70) b)) (bvneg (_ bv9223372036854775808 134))) (and (= (bvsrem rest_1 (_ bv18446744073709551616 134)) (_ bv0 134)) (bvsge k_2_1 (_ bv0 134)) (bvsle (bvneg (_ bv9223372036854775808 134)) (bvadd (bvmul ((_ sign_extend 70) a) ((_ sign_extend 70) b)) (bvmul k_2_1 (_ bv18446744073709551616 134)))) (bvsle (bvadd (bvmul ((_ sign_extend 70) a) ((_ sign_extend 70) b)) (bvmul k_2_1 (_ bv18446744073709551616 134))) (bvsub (_ bv9223372036854775808 134) (_ bv1 134))))))
(assert (not goal))
(check-sat)
(exit)

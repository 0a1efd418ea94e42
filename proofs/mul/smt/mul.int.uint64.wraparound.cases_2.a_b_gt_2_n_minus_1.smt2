; divbridge proof obligation mul.int.uint64.wraparound.cases_2.a_b_gt_2_n_minus_1
; bvmul on uint64: A*B > 2^n - 1 → C = A*B - k*2^n; k ∈ ℕ such that 0 ≤ A*B - k*2^n and A*B - k*2^n ≤ 2^n - 1
; requirements: E_MUL_INT_FUNC_0010
; statement: A*B > 2^n - 1 → C = A*B - k*2^n; k ∈ ℕ such that 0 ≤ A*B - k*2^n and A*B - k*2^n ≤ 2^n - 1
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation mul.int.uint64.wraparound.cases_2.a_b_gt_2_n_minus_1|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; uint64 values are 64-bit vectors; SMT-LIB's bvmul is the
; operator under proof (it wraps around modulo 2^64).
(declare-const a (_ BitVec 64))
(declare-const b (_ BitVec 64))
(define-fun c () (_ BitVec 64) (bvmul a b))
; exact integer arithmetic in 134-bit vectors (nothing overflows there); C is the operator's result, c, read as an unsigned integer
(define-fun C () (_ BitVec 134) ((_ zero_extend 70) c))
; row 1: the multiple k that makes C its result, when it is an integer
(define-fun rest_1 () (_ BitVec 134) (bvsub C (bvmul ((_ zero_extend 70) a) ((_ zero_extend 70) b))))
(define-fun k_1 () (_ BitVec 134) (bvsdiv rest_1 (_ bv21778071482940061661637528131559455981568 134)))
(define-fun goal () Bool (=> (bvsgt (bvmul ((_ zero_extend 70) a) ((_ zero_extend 70) b)) (bvsub (_ bv18446744073709551616 134) (_ bv1 134))) (and (= (bvsrem rest_1 (_ bv21778071482940061661637528131559455981568 134)) (_ bv0 134)) (bvsge k_1 (_ bv0 134)) (bvsle (_ bv0 134) (bvsub (bvmul ((_ zero_extend 70) a) ((_ zero_extend 70) b)) (bvmul k_1 (_ bv18446744073709551616 134)))) (bvsle (bvsub (bvmul ((_ zero_extend 70) a) ((_ zero_extend 70) b)) (bvmul k_1 (_ bv18446744073709551616 134))) (bvsub (_ bv18446744073709551616 134) (_ bv1 134))))))
(assert (not goal))
(check-sat)
(exit)

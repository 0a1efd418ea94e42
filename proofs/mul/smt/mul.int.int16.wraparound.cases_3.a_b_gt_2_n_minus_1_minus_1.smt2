; divbridge proof obligation mul.int.int16.wraparound.cases_3.a_b_gt_2_n_minus_1_minus_1
; bvmul on int16: A*B > 2^(n-1) - 1 → C = A*B - k_1*2^n; k_1, k_2 ∈ ℕ such that (-2^(n-1) ≤ A*B - k_1*2^n and A*B - k_1*2^n ≤ 2^(n-1) - 1) and (-2^(n-1) ≤ A*B + k_2*2^n and A*B + k_2*2^n ≤ 2^(n-1) - 1)
; requirements: E_MUL_INT_FUNC_0010
; statement: A*B > 2^(n-1) - 1 → C = A*B - k_1*2^n; k_1, k_2 ∈ ℕ such that (-2^(n-1) ≤ A*B - k_1*2^n and A*B - k_1*2^n ≤ 2^(n-1) - 1) and (-2^(n-1) ≤ A*B + k_2*2^n and A*B + k_2*2^n ≤ 2^(n-1) - 1)
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation mul.int.int16.wraparound.cases_3.a_b_gt_2_n_minus_1_minus_1|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int16 values are 16-bit vectors in two's complement; SMT-LIB's bvmul is the
; operator under proof (it wraps around modulo 2^16).
(declare-const a (_ BitVec 16))
(declare-const b (_ BitVec 16))
(define-fun c () (_ BitVec 16) (bvmul a b))
; exact integer arithmetic in 38-bit vectors (nothing overflows there); C is the operator's result, c, read as a signed integer
(define-fun C () (_ BitVec 38) ((_ sign_extend 22) c))
; row 1: the multiple k_1 that makes C its result, when it is an integer
(define-fun rest_1 () (_ BitVec 38) (bvsub C (bvmul ((_ sign_extend 22) a) ((_ sign_extend 22) b))))
(define-fun k_1_1 () (_ BitVec 38) (bvsdiv rest_1 (_ bv274877841408 38)))
(define-fun goal () Bool (=> (bvsgt (bvmul ((_ sign_extend 22) a) ((_ sign_extend 22) b)) (bvsub (_ bv32768 38) (_ bv1 38))) (and (= (bvsrem rest_1 (_ bv274877841408 38)) (_ bv0 38)) (bvsge k_1_1 (_ bv0 38)) (bvsle (bvneg (_ bv32768 38)) (bvsub (bvmul ((_ sign_extend 22) a) ((_ sign_extend 22) b)) (bvmul k_1_1 (_ bv65536 38)))) (bvsle (bvsub (bvmul ((_ sign_extend 22) a) ((_ sign_extend 22) b)) (bvmul k_1_1 (_ bv65536 38))) (bvsub (_ bv32768 38) (_ bv1 38))))))
(assert (not goal))
(check-sat)
(exit)

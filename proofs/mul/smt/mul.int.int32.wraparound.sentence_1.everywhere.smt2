; divbridge proof obligation mul.int.int32.wraparound.sentence_1.everywhere
; bvmul on int32: C = A*B - m*2^n; m ∈ ℤ such that MIN ≤ A*B - m*2^n and A*B - m*2^n ≤ MAX
; requirements: E_MUL_INT_FUNC_0010
; statement: C = A*B - m*2^n; m ∈ ℤ such that MIN ≤ A*B - m*2^n and A*B - m*2^n ≤ MAX
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation mul.int.int32.wraparound.sentence_1.everywhere|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int32 values are 32-bit vectors in two's complement; SMT-LIB's bvmul is the
; operator under proof (it wraps around modulo 2^32).
(declare-const a (_ BitVec 32))
(declare-const b (_ BitVec 32))
(define-fun c () (_ BitVec 32) (bvmul a b))
; exact integer arithmetic in 70-bit vectors (nothing overflows there); C is the operator's result, c, read as a signed integer
(define-fun C () (_ BitVec 70) ((_ sign_extend 38) c))
; row 1: the multiple m that makes C its result, when it is an integer
(define-fun rest_1 () (_ BitVec 70) (bvsub C (bvmul ((_ sign_extend 38) a) ((_ sign_extend 38) b))))
(define-fun m_1 () (_ BitVec 70) (bvsdiv rest_1 (_ bv1180591620713116336128 70)))
(define-fun goal () Bool (=> true (and (= (bvsrem rest_1 (_ bv1180591620713116336128 70)) (_ bv0 70)) (bvsle (_ bv1180591620715263819776 70) (bvsub (bvmul ((_ sign_extend 38) a) ((_ sign_extend 38) b)) (bvmul m_1 (_ bv4294967296 70)))) (bvsle (bvsub (bvmul ((_ sign_extend 38) a) ((_ sign_extend 38) b)) (bvmul m_1 (_ bv4294967296 70))) (_ bv2147483647 70)))))
(assert (not goal))
(check-sat)
(exit)

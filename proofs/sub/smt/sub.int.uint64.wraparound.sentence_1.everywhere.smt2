; divbridge proof obligation sub.int.uint64.wraparound.sentence_1.everywhere
; bvsub on uint64: C = A - B - m*2^n; m ∈ ℤ such that MIN ≤ A - B - m*2^n and A - B - m*2^n ≤ MAX
; requirements: E_SUB_INT_FUNC_0010
; statement: C = A - B - m*2^n; m ∈ ℤ such that MIN ≤ A - B - m*2^n and A - B - m*2^n ≤ MAX
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation sub.int.uint64.wraparound.sentence_1.everywhere|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; uint64 values are 64-bit vectors; SMT-LIB's bvsub is the
; operator under proof (it wraps around modulo 2^64).
(declare-const a (_ BitVec 64))
(declare-const b (_ BitVec 64))
(define-fun c () (_ BitVec 64) (bvsub a b))
; exact integer arithmetic in 130-bit vectors (nothing overflows there); C is the operator's result, c, read as an unsigned integer
(define-fun C () (_ BitVec 130) ((_ zero_extend 66) c))
; row 1: the multiple m that makes C its result, when it is an integer
(define-fun rest_1 () (_ BitVec 130) (bvsub C (bvsub ((_ zero_extend 66) a) ((_ zero_extend 66) b))))
(define-fun m_1 () (_ BitVec 130) (bvsdiv rest_1 (_ bv1361129467683753853835051685653363294208 130)))
(define-fun goal () Bool (=> true (and (= (bvsrem rest_1 (_ bv1361129467683753853835051685653363294208 130)) (_ bv0 130)) (bvsle (_ bv0 130) (bvsub (bvsub ((_ zero_extend 66) a) ((_ zero_extend 66) b)) (bvmul m_1 (_ bv18446744073709551616 130)))) (bvsle (bvsub (bvsub ((_ zero_extend 66) a) ((_ zero_extend 66) b)) (bvmul m_1 (_ bv18446744073709551616 130))) (_ bv18446744073709551615 130)))))
(assert (not goal))
(check-sat)
(exit)

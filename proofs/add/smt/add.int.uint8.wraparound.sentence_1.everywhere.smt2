; divbridge proof obligation add.int.uint8.wraparound.sentence_1.everywhere
; bvadd on uint8: C = A + B - m*2^n; m ∈ ℤ such that MIN ≤ A + B - m*2^n and A + B - m*2^n ≤ MAX
; requirements: E_ADD_INT_FUNC_0010
; statement: C = A + B - m*2^n; m ∈ ℤ such that MIN ≤ A + B - m*2^n and A + B - m*2^n ≤ MAX
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation add.int.uint8.wraparound.sentence_1.everywhere|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; uint8 values are 8-bit vectors; SMT-LIB's bvadd is the
; operator under proof (it wraps around modulo 2^8).
(declare-const a (_ BitVec 8))
(declare-const b (_ BitVec 8))
(define-fun c () (_ BitVec 8) (bvadd a b))
; exact integer arithmetic in 18-bit vectors (nothing overflows there); C is the operator's result, c, read as an unsigned integer
(define-fun C () (_ BitVec 18) ((_ zero_extend 10) c))
; row 1: the multiple m that makes C its result, when it is an integer
(define-fun rest_1 () (_ BitVec 18) (bvsub C (bvadd ((_ zero_extend 10) a) ((_ zero_extend 10) b))))
(define-fun m_1 () (_ BitVec 18) (bvsdiv rest_1 (_ bv261888 18)))
(define-fun goal () Bool (=> true (and (= (bvsrem rest_1 (_ bv261888 18)) (_ bv0 18)) (bvsle (_ bv0 18) (bvsub (bvadd ((_ zero_extend 10) a) ((_ zero_extend 10) b)) (bvmul m_1 (_ bv256 18)))) (bvsle (bvsub (bvadd ((_ zero_extend 10) a) ((_ zero_extend 10) b)) (bvmul m_1 (_ bv256 18))) (_ bv255 18)))))
(assert (not goal))
(check-sat)
(exit)

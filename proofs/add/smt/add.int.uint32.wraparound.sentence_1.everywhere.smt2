; divbridge proof obligation add.int.uint32.wraparound.sentence_1.everywhere
; bvadd on uint32: C = A + B - m*2^n; m ∈ ℤ such that MIN ≤ A + B - m*2^n and A + B - m*2^n ≤ MAX
; requirements: E_ADD_INT_FUNC_0010
; statement: C = A + B - m*2^n; m ∈ ℤ such that MIN ≤ A + B - m*2^n and A + B - m*2^n ≤ MAX
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation add.int.uint32.wraparound.sentence_1.everywhere|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; uint32 values are 32-bit vectors; SMT-LIB's bvadd is the
; operator under proof (it wraps around modulo 2^32).
(declare-const a (_ BitVec 32))
(declare-const b (_ BitVec 32))
(define-fun c () (_ BitVec 32) (bvadd a b))
; exact integer arithmetic in 66-bit vectors (nothing overflows there); C is the operator's result, c, read as an unsigned integer
(define-fun C () (_ BitVec 66) ((_ zero_extend 34) c))
; row 1: the multiple m that makes C its result, when it is an integer
(define-fun rest_1 () (_ BitVec 66) (bvsub C (bvadd ((_ zero_extend 34) a) ((_ zero_extend 34) b))))
(define-fun m_1 () (_ BitVec 66) (bvsdiv rest_1 (_ bv73786976290543239168 66)))
(define-fun goal () Bool (=> true (and (= (bvsrem rest_1 (_ bv73786976290543239168 66)) (_ bv0 66)) (bvsle (_ bv0 66) (bvsub (bvadd ((_ zero_extend 34) a) ((_ zero_extend 34) b)) (bvmul m_1 (_ bv4294967296 66)))) (bvsle (bvsub (bvadd ((_ zero_extend 34) a) ((_ zero_extend 34) b)) (bvmul m_1 (_ bv4294967296 66))) (_ bv4294967295 66)))))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation mul.int.uint16.wraparound.sentence_1.everywhere
; bvmul on uint16: C = A*B - m*2^n; m ∈ ℤ such that MIN ≤ A*B - m*2^n and A*B - m*2^n ≤ MAX
; requirements: E_MUL_INT_FUNC_0010
; statement: C = A*B - m*2^n; m ∈ ℤ such that MIN ≤ A*B - m*2^n and A*B - m*2^n ≤ MAX
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation mul.int.uint16.wraparound.sentence_1.everywhere|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; uint16 values are 16-bit vectors; SMT-LIB's bvmul is the
; operator under proof (it wraps around modulo 2^16).
(declare-const a (_ BitVec 16))
(declare-const b (_ BitVec 16))
(define-fun c () (_ BitVec 16) (bvmul a b))
; exact integer arithmetic in 38-bit vectors (nothing overflows there); C is the operator's result, c, read as an unsigned integer
(define-fun C () (_ BitVec 38) ((_ zero_extend 22) c))
; row 1: the multiple m that makes C its result, when it is an integer
(define-fun rest_1 () (_ BitVec 38) (bvsub C (bvmul ((_ zero_extend 22) a) ((_ zero_extend 22) b))))
(define-fun m_1 () (_ BitVec 38) (bvsdiv rest_1 (_ bv274877841408 38)))
(define-fun goal () Bool (=> true (and (= (bvsrem rest_1 (_ bv274877841408 38)) (_ bv0 38)) (bvsle (_ bv0 38) (bvsub (bvmul ((_ zero_extend 22) a) ((_ zero_extend 22) b)) (bvmul m_1 (_ bv65536 38)))) (bvsle (bvsub (bvmul ((_ zero_extend 22) a) ((_ zero_extend 22) b)) (bvmul m_1 (_ bv65536 38))) (_ bv65535 38)))))
(assert (not goal))
(check-sat)
(exit)

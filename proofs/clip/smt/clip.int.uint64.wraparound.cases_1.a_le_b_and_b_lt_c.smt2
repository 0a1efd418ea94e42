; divbridge proof obligation clip.int.uint64.wraparound.cases_1.a_le_b_and_b_lt_c
; clip on uint64: A ≤ B and B < C → C = B
; requirements: E_CLIP_INT_FUNC_0010
; statement: A ≤ B and B < C → C = B
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation clip.int.uint64.wraparound.cases_1.a_le_b_and_b_lt_c|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; uint64 values are 64-bit vectors; SMT-LIB's clip is the
; operator under proof (its result always fits).
(declare-const x (_ BitVec 64))
(declare-const lo (_ BitVec 64))
(declare-const hi (_ BitVec 64))
(define-fun clip ((x (_ BitVec 64)) (lo (_ BitVec 64)) (hi (_ BitVec 64))) (_ BitVec 64) (ite (bvult (ite (bvult lo x) x lo) hi) (ite (bvult lo x) x lo) hi))
(define-fun c () (_ BitVec 64) (clip x lo hi))
; exact integer arithmetic in 130-bit vectors (nothing overflows there); C is the operator's result, c, read as an unsigned integer
(define-fun C () (_ BitVec 130) ((_ zero_extend 66) c))
(define-fun goal () Bool (=> (and (bvsle ((_ zero_extend 66) x) ((_ zero_extend 66) lo)) (bvslt ((_ zero_extend 66) lo) ((_ zero_extend 66) hi))) (= C ((_ zero_extend 66) lo))))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation clip.int.int64.wraparound.cases_1.a_le_b_and_b_lt_c
; clip on int64: A ≤ B and B < C → C = B
; requirements: E_CLIP_INT_FUNC_0010
; statement: A ≤ B and B < C → C = B
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation clip.int.int64.wraparound.cases_1.a_le_b_and_b_lt_c|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int64 values are 64-bit vectors in two's complement; SMT-LIB's clip is the
; operator under proof (its result always fits).
(declare-const x (_ BitVec 64))
(declare-const lo (_ BitVec 64))
(declare-const hi (_ BitVec 64))
(define-fun clip ((x (_ BitVec 64)) (lo (_ BitVec 64)) (hi (_ BitVec 64))) (_ BitVec 64) (ite (bvslt (ite (bvslt lo x) x lo) hi) (ite (bvslt lo x) x lo) hi))
(define-fun c () (_ BitVec 64) (clip x lo hi))
; exact integer arithmetic in 130-bit vectors (nothing overflows there); C is the operator's result, c, read as a signed integer
(define-fun C () (_ BitVec 130) ((_ sign_extend 66) c))
(define-fun goal () Bool (=> (and (bvsle ((_ sign_extend 66) x) ((_ sign_extend 66) lo)) (bvslt ((_ sign_extend 66) lo) ((_ sign_extend 66) hi))) (= C ((_ sign_extend 66) lo))))
(assert (not goal))
(check-sat)
(exit)

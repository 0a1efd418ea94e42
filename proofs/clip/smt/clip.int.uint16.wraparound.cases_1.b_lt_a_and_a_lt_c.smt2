; divbridge proof obligation clip.int.uint16.wraparound.cases_1.b_lt_a_and_a_lt_c
; clip on uint16: B < A and A < C → C = A
; requirements: E_CLIP_INT_FUNC_0010
; statement: B < A and A < C → C = A
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation clip.int.uint16.wraparound.cases_1.b_lt_a_and_a_lt_c|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; uint16 values are 16-bit vectors; SMT-LIB's clip is the
; operator under proof (its result always fits).
(declare-const x (_ BitVec 16))
(declare-const lo (_ BitVec 16))
(declare-const hi (_ BitVec 16))
(define-fun clip ((x (_ BitVec 16)) (lo (_ BitVec 16)) (hi (_ BitVec 16))) (_ BitVec 16) (ite (bvult (ite (bvult lo x) x lo) hi) (ite (bvult lo x) x lo) hi))
(define-fun c () (_ BitVec 16) (clip x lo hi))
; exact integer arithmetic in 34-bit vectors (nothing overflows there); C is the operator's result, c, read as an unsigned integer
(define-fun C () (_ BitVec 34) ((_ zero_extend 18) c))
(define-fun goal () Bool (=> (and (bvslt ((_ zero_extend 18) lo) ((_ zero_extend 18) x)) (bvslt ((_ zero_extend 18) x) ((_ zero_extend 18) hi))) (= C ((_ zero_extend 18) x))))
(assert (not goal))
(check-sat)
(exit)

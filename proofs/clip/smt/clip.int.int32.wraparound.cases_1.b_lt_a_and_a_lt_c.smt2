; divbridge proof obligation clip.int.int32.wraparound.cases_1.b_lt_a_and_a_lt_c
; clip on int32: B < A and A < C → C = A
; requirements: E_CLIP_INT_FUNC_0010
; statement: B < A and A < C → C = A
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation clip.int.int32.wraparound.cases_1.b_lt_a_and_a_lt_c|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int32 values are 32-bit vectors in two's complement; SMT-LIB's clip is the
; operator under proof (its result always fits).
(declare-const x (_ BitVec 32))
(declare-const lo (_ BitVec 32))
(declare-const hi (_ BitVec 32))
(define-fun clip ((x (_ BitVec 32)) (lo (_ BitVec 32)) (hi (_ BitVec 32))) (_ BitVec 32) (ite (bvslt (ite (bvslt lo x) x lo) hi) (ite (bvslt lo x) x lo) hi))
(define-fun c () (_ BitVec 32) (clip x lo hi))
; exact integer arithmetic in 66-bit vectors (nothing overflows there); C is the operator's result, c, read as a signed integer
(define-fun C () (_ BitVec 66) ((_ sign_extend 34) c))
(define-fun goal () Bool (=> (and (bvslt ((_ sign_extend 34) lo) ((_ sign_extend 34) x)) (bvslt ((_ sign_extend 34) x) ((_ sign_extend 34) hi))) (= C ((_ sign_extend 34) x))))
(assert (not goal))
(check-sat)
(exit)

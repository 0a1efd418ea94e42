; divbridge proof obligation clip.int.uint32.wraparound.cases_1.c_lt_b
; clip on uint32: C < B → C = C
; requirements: E_CLIP_INT_FUNC_0010
; statement: C < B → C = C
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation clip.int.uint32.wraparound.cases_1.c_lt_b|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; uint32 values are 32-bit vectors; SMT-LIB's clip is the
; operator under proof (its result always fits).
(declare-const x (_ BitVec 32))
(declare-const lo (_ BitVec 32))
(declare-const hi (_ BitVec 32))
(define-fun clip ((x (_ BitVec 32)) (lo (_ BitVec 32)) (hi (_ BitVec 32))) (_ BitVec 32) (ite (bvult (ite (bvult lo x) x lo) hi) (ite (bvult lo x) x lo) hi))
(define-fun c () (_ BitVec 32) (clip x lo hi))
; exact integer arithmetic in 66-bit vectors (nothing overflows there); C is the operator's result, c, read as an unsigned integer
(define-fun C () (_ BitVec 66) ((_ zero_extend 34) c))
(define-fun goal () Bool (=> (bvslt ((_ zero_extend 34) hi) ((_ zero_extend 34) lo)) (= C ((_ zero_extend 34) hi))))
(assert (not goal))
(check-sat)
(exit)

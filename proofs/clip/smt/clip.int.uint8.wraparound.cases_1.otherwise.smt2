; divbridge proof obligation clip.int.uint8.wraparound.cases_1.otherwise
; clip on uint8: otherwise → C = C
; requirements: E_CLIP_INT_FUNC_0010
; statement: otherwise → C = C
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation clip.int.uint8.wraparound.cases_1.otherwise|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; uint8 values are 8-bit vectors; SMT-LIB's clip is the
; operator under proof (its result always fits).
(declare-const x (_ BitVec 8))
(declare-const lo (_ BitVec 8))
(declare-const hi (_ BitVec 8))
(define-fun clip ((x (_ BitVec 8)) (lo (_ BitVec 8)) (hi (_ BitVec 8))) (_ BitVec 8) (ite (bvult (ite (bvult lo x) x lo) hi) (ite (bvult lo x) x lo) hi))
(define-fun c () (_ BitVec 8) (clip x lo hi))
; exact integer arithmetic in 18-bit vectors (nothing overflows there); C is the operator's result, c, read as an unsigned integer
(define-fun C () (_ BitVec 18) ((_ zero_extend 10) c))
(define-fun goal () Bool (=> (not (or (bvslt ((_ zero_extend 10) hi) ((_ zero_extend 10) lo)) (and (bvsle ((_ zero_extend 10) x) ((_ zero_extend 10) lo)) (bvslt ((_ zero_extend 10) lo) ((_ zero_extend 10) hi))) (and (bvslt ((_ zero_extend 10) lo) ((_ zero_extend 10) x)) (bvslt ((_ zero_extend 10) x) ((_ zero_extend 10) hi))))) (= C ((_ zero_extend 10) hi))))
(assert (not goal))
(check-sat)
(exit)

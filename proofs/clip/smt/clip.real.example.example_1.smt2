; divbridge proof obligation clip.real.example.example_1
; worked example 1
; requirements: E_CLIP_REAL_FUNC_0010
; statement: Clip(X, min, max) = C elementwise: clip(-13/2, 0, 10) = 0, clip(19/2, 0, 10) = 19/2, clip(143/4, 0, 10) = 10, clip(2, 3, 1) = 1, clip(4, 2, 2) = 2
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation clip.real.example.example_1|)
; status: unsat, as z3 established on this file
(set-info :status unsat)
(set-logic QF_LRA)
; real numbers: SMT-LIB's clip is exact clipping
(define-fun clip ((x Real) (lo Real) (hi Real)) Real (ite (< (ite (< lo x) x lo) hi) (ite (< lo x) x lo) hi))
(define-fun clipped_value ((x Real) (y Real) (z Real)) Real (clip x y z))
(define-fun goal () Bool (and
  (= (clipped_value (- (/ 13.0 2.0)) 0.0 10.0) 0.0)
  (= (clipped_value (/ 19.0 2.0) 0.0 10.0) (/ 19.0 2.0))
  (= (clipped_value (/ 143.0 4.0) 0.0 10.0) 10.0)
  (= (clipped_value 2.0 3.0 1.0) 1.0)
  (= (clipped_value 4.0 2.0 2.0) 2.0)
  true))
(assert (not goal))
(check-sat)
(exit)

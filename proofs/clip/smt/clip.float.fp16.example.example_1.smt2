; divbridge proof obligation clip.float.fp16.example.example_1
; worked example 1
; requirements: E_CLIP_FLOAT_FUNC_0010
; statement: Clip(X, min, max) = C elementwise: clip(-13/2, 1/2, 10) = 1/2, clip(19/2, 1/2, 10) = 19/2, clip(71/2, 1/2, 10) = 10, clip(-0, 0, 1) = 0, clip(0, -0, 1) = -0, clip(-inf, -inf, inf) = -inf, clip(inf, -inf, inf) = inf, clip(nan, 0, 1) = nan, clip(1, nan, 1) = nan, clip(2, 3, 1) = 1
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation clip.float.fp16.example.example_1|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_FP)
; fp16 is (_ FloatingPoint 5 11); operands are declared as bit patterns
(define-fun isFinite ((x (_ FloatingPoint 5 11))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 5 11) (fp #b0 #b01111 #b0000000000))
(define-fun clip ((x (_ FloatingPoint 5 11)) (lo (_ FloatingPoint 5 11)) (hi (_ FloatingPoint 5 11))) (_ FloatingPoint 5 11) (ite (fp.isNaN x) x (ite (fp.isNaN lo) lo (ite (fp.lt (ite (fp.lt lo x) x lo) hi) (ite (fp.lt lo x) x lo) hi))))
(define-fun goal () Bool (and
  (= (clip (fp #b1 #b10001 #b1010000000) (fp #b0 #b01110 #b0000000000) (fp #b0 #b10010 #b0100000000)) (fp #b0 #b01110 #b0000000000))   ; clip(-6.5 (fp16 0xc680), 0.5 (fp16 0x3800), 10.0 (fp16 0x4900)) = 0.5 (fp16 0x3800)
  (= (clip (fp #b0 #b10010 #b0011000000) (fp #b0 #b01110 #b0000000000) (fp #b0 #b10010 #b0100000000)) (fp #b0 #b10010 #b0011000000))   ; clip(9.5 (fp16 0x48c0), 0.5 (fp16 0x3800), 10.0 (fp16 0x4900)) = 9.5 (fp16 0x48c0)
  (= (clip (fp #b0 #b10100 #b0001110000) (fp #b0 #b01110 #b0000000000) (fp #b0 #b10010 #b0100000000)) (fp #b0 #b10010 #b0100000000))   ; clip(35.5 (fp16 0x5070), 0.5 (fp16 0x3800), 10.0 (fp16 0x4900)) = 10.0 (fp16 0x4900)
  (= (clip (fp #b1 #b00000 #b0000000000) (fp #b0 #b00000 #b0000000000) (fp #b0 #b01111 #b0000000000)) (fp #b0 #b00000 #b0000000000))   ; clip(-0.0 (fp16 0x8000), 0.0 (fp16 0x0000), 1.0 (fp16 0x3c00)) = 0.0 (fp16 0x0000)
  (= (clip (fp #b0 #b00000 #b0000000000) (fp #b1 #b00000 #b0000000000) (fp #b0 #b01111 #b0000000000)) (fp #b1 #b00000 #b0000000000))   ; clip(0.0 (fp16 0x0000), -0.0 (fp16 0x8000), 1.0 (fp16 0x3c00)) = -0.0 (fp16 0x8000)
  (= (clip (fp #b1 #b11111 #b0000000000) (fp #b1 #b11111 #b0000000000) (fp #b0 #b11111 #b0000000000)) (fp #b1 #b11111 #b0000000000))   ; clip(-inf (fp16 0xfc00), -inf (fp16 0xfc00), inf (fp16 0x7c00)) = -inf (fp16 0xfc00)
  (= (clip (fp #b0 #b11111 #b0000000000) (fp #b1 #b11111 #b0000000000) (fp #b0 #b11111 #b0000000000)) (fp #b0 #b11111 #b0000000000))   ; clip(inf (fp16 0x7c00), -inf (fp16 0xfc00), inf (fp16 0x7c00)) = inf (fp16 0x7c00)
  (fp.isNaN (clip (fp #b0 #b11111 #b1000000000) (fp #b0 #b00000 #b0000000000) (fp #b0 #b01111 #b0000000000)))   ; clip(nan (fp16 0x7e00), 0.0 (fp16 0x0000), 1.0 (fp16 0x3c00)) = nan
  (fp.isNaN (clip (fp #b0 #b01111 #b0000000000) (fp #b0 #b11111 #b1000000000) (fp #b0 #b01111 #b0000000000)))   ; clip(1.0 (fp16 0x3c00), nan (fp16 0x7e00), 1.0 (fp16 0x3c00)) = nan
  (= (clip (fp #b0 #b10000 #b0000000000) (fp #b0 #b10000 #b1000000000) (fp #b0 #b01111 #b0000000000)) (fp #b0 #b01111 #b0000000000))   ; clip(2.0 (fp16 0x4000), 3.0 (fp16 0x4200), 1.0 (fp16 0x3c00)) = 1.0 (fp16 0x3c00)
  true))
(assert (not goal))
(check-sat)
(exit)

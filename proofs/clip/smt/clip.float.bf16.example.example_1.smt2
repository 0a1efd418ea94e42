; divbridge proof obligation clip.float.bf16.example.example_1
; worked example 1
; requirements: E_CLIP_FLOAT_FUNC_0010
; statement: Clip(X, min, max) = C elementwise: clip(-13/2, 1/2, 10) = 1/2, clip(19/2, 1/2, 10) = 19/2, clip(71/2, 1/2, 10) = 10, clip(-0, 0, 1) = 0, clip(0, -0, 1) = -0, clip(-inf, -inf, inf) = -inf, clip(inf, -inf, inf) = inf, clip(nan, 0, 1) = nan, clip(1, nan, 1) = nan, clip(2, 3, 1) = 1
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation clip.float.bf16.example.example_1|)
; status: unsat, as z3 established on this file
(set-info :status unsat)
(set-logic QF_FP)
; bf16 is (_ FloatingPoint 8 8); operands are declared as bit patterns
(define-fun isFinite ((x (_ FloatingPoint 8 8))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 8) (fp #b0 #b01111111 #b0000000))
(define-fun clip ((x (_ FloatingPoint 8 8)) (lo (_ FloatingPoint 8 8)) (hi (_ FloatingPoint 8 8))) (_ FloatingPoint 8 8) (ite (fp.isNaN x) x (ite (fp.isNaN lo) lo (ite (fp.lt (ite (fp.lt lo x) x lo) hi) (ite (fp.lt lo x) x lo) hi))))
(define-fun goal () Bool (and
  (= (clip (fp #b1 #b10000001 #b1010000) (fp #b0 #b01111110 #b0000000) (fp #b0 #b10000010 #b0100000)) (fp #b0 #b01111110 #b0000000))   ; clip(-6.5 (bf16 0xc0d0), 0.5 (bf16 0x3f00), 10.0 (bf16 0x4120)) = 0.5 (bf16 0x3f00)
  (= (clip (fp #b0 #b10000010 #b0011000) (fp #b0 #b01111110 #b0000000) (fp #b0 #b10000010 #b0100000)) (fp #b0 #b10000010 #b0011000))   ; clip(9.5 (bf16 0x4118), 0.5 (bf16 0x3f00), 10.0 (bf16 0x4120)) = 9.5 (bf16 0x4118)
  (= (clip (fp #b0 #b10000100 #b0001110) (fp #b0 #b01111110 #b0000000) (fp #b0 #b10000010 #b0100000)) (fp #b0 #b10000010 #b0100000))   ; clip(35.5 (bf16 0x420e), 0.5 (bf16 0x3f00), 10.0 (bf16 0x4120)) = 10.0 (bf16 0x4120)
  (= (clip (fp #b1 #b00000000 #b0000000) (fp #b0 #b00000000 #b0000000) (fp #b0 #b01111111 #b0000000)) (fp #b0 #b00000000 #b0000000))   ; clip(-0.0 (bf16 0x8000), 0.0 (bf16 0x0000), 1.0 (bf16 0x3f80)) = 0.0 (bf16 0x0000)
  (= (clip (fp #b0 #b00000000 #b0000000) (fp #b1 #b00000000 #b0000000) (fp #b0 #b01111111 #b0000000)) (fp #b1 #b00000000 #b0000000))   ; clip(0.0 (bf16 0x0000), -0.0 (bf16 0x8000), 1.0 (bf16 0x3f80)) = -0.0 (bf16 0x8000)
  (= (clip (fp #b1 #b11111111 #b0000000) (fp #b1 #b11111111 #b0000000) (fp #b0 #b11111111 #b0000000)) (fp #b1 #b11111111 #b0000000))   ; clip(-inf (bf16 0xff80), -inf (bf16 0xff80), inf (bf16 0x7f80)) = -inf (bf16 0xff80)
  (= (clip (fp #b0 #b11111111 #b0000000) (fp #b1 #b11111111 #b0000000) (fp #b0 #b11111111 #b0000000)) (fp #b0 #b11111111 #b0000000))   ; clip(inf (bf16 0x7f80), -inf (bf16 0xff80), inf (bf16 0x7f80)) = inf (bf16 0x7f80)
  (fp.isNaN (clip (fp #b0 #b11111111 #b1000000) (fp #b0 #b00000000 #b0000000) (fp #b0 #b01111111 #b0000000)))   ; clip(nan (bf16 0x7fc0), 0.0 (bf16 0x0000), 1.0 (bf16 0x3f80)) = nan
  (fp.isNaN (clip (fp #b0 #b01111111 #b0000000) (fp #b0 #b11111111 #b1000000) (fp #b0 #b01111111 #b0000000)))   ; clip(1.0 (bf16 0x3f80), nan (bf16 0x7fc0), 1.0 (bf16 0x3f80)) = nan
  (= (clip (fp #b0 #b10000000 #b0000000) (fp #b0 #b10000000 #b1000000) (fp #b0 #b01111111 #b0000000)) (fp #b0 #b01111111 #b0000000))   ; clip(2.0 (bf16 0x4000), 3.0 (bf16 0x4040), 1.0 (bf16 0x3f80)) = 1.0 (bf16 0x3f80)
  true))
(assert (not goal))
(check-sat)
(exit)

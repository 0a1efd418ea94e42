; divbridge proof obligation clip.float.fp32.example.example_1
; worked example 1
; requirements: E_CLIP_FLOAT_FUNC_0010
; statement: Clip(X, min, max) = C elementwise: clip(-13/2, 1/2, 10) = 1/2, clip(19/2, 1/2, 10) = 19/2, clip(71/2, 1/2, 10) = 10, clip(-0, 0, 1) = 0, clip(0, -0, 1) = -0, clip(-inf, -inf, inf) = -inf, clip(inf, -inf, inf) = inf, clip(nan, 0, 1) = nan, clip(1, nan, 1) = nan, clip(2, 3, 1) = 1
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation clip.float.fp32.example.example_1|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_FP)
; fp32 is (_ FloatingPoint 8 24); operands are declared as bit patterns
(define-fun isFinite ((x (_ FloatingPoint 8 24))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 24) (fp #b0 #b01111111 #b00000000000000000000000))
(define-fun clip ((x (_ FloatingPoint 8 24)) (lo (_ FloatingPoint 8 24)) (hi (_ FloatingPoint 8 24))) (_ FloatingPoint 8 24) (ite (fp.isNaN x) x (ite (fp.isNaN lo) lo (ite (fp.lt (ite (fp.lt lo x) x lo) hi) (ite (fp.lt lo x) x lo) hi))))
(define-fun goal () Bool (and
  (= (clip (fp #b1 #b10000001 #b10100000000000000000000) (fp #b0 #b01111110 #b00000000000000000000000) (fp #b0 #b10000010 #b01000000000000000000000)) (fp #b0 #b01111110 #b00000000000000000000000))   ; clip(-6.5 (fp32 0xc0d00000), 0.5 (fp32 0x3f000000), 10.0 (fp32 0x41200000)) = 0.5 (fp32 0x3f000000)
  (= (clip (fp #b0 #b10000010 #b00110000000000000000000) (fp #b0 #b01111110 #b00000000000000000000000) (fp #b0 #b10000010 #b01000000000000000000000)) (fp #b0 #b10000010 #b00110000000000000000000))   ; clip(9.5 (fp32 0x41180000), 0.5 (fp32 0x3f000000), 10.0 (fp32 0x41200000)) = 9.5 (fp32 0x41180000)
  (= (clip (fp #b0 #b10000100 #b00011100000000000000000) (fp #b0 #b01111110 #b00000000000000000000000) (fp #b0 #b10000010 #b01000000000000000000000)) (fp #b0 #b10000010 #b01000000000000000000000))   ; clip(35.5 (fp32 0x420e0000), 0.5 (fp32 0x3f000000), 10.0 (fp32 0x41200000)) = 10.0 (fp32 0x41200000)
  (= (clip (fp #b1 #b00000000 #b00000000000000000000000) (fp #b0 #b00000000 #b00000000000000000000000) (fp #b0 #b01111111 #b00000000000000000000000)) (fp #b0 #b00000000 #b00000000000000000000000))   ; clip(-0.0 (fp32 0x80000000), 0.0 (fp32 0x00000000), 1.0 (fp32 0x3f800000)) = 0.0 (fp32 0x00000000)
  (= (clip (fp #b0 #b00000000 #b00000000000000000000000) (fp #b1 #b00000000 #b00000000000000000000000) (fp #b0 #b01111111 #b00000000000000000000000)) (fp #b1 #b00000000 #b00000000000000000000000))   ; clip(0.0 (fp32 0x00000000), -0.0 (fp32 0x80000000), 1.0 (fp32 0x3f800000)) = -0.0 (fp32 0x80000000)
  (= (clip (fp #b1 #b11111111 #b00000000000000000000000) (fp #b1 #b11111111 #b00000000000000000000000) (fp #b0 #b11111111 #b00000000000000000000000)) (fp #b1 #b11111111 #b00000000000000000000000))   ; clip(-inf (fp32 0xff800000), -inf (fp32 0xff800000), inf (fp32 0x7f800000)) = -inf (fp32 0xff800000)
  (= (clip (fp #b0 #b11111111 #b00000000000000000000000) (fp #b1 #b11111111 #b00000000000000000000000) (fp #b0 #b11111111 #b00000000000000000000000)) (fp #b0 #b11111111 #b00000000000000000000000))   ; clip(inf (fp32 0x7f800000), -inf (fp32 0xff800000), inf (fp32 0x7f800000)) = inf (fp32 0x7f800000)
  (fp.isNaN (clip (fp #b0 #b11111111 #b10000000000000000000000) (fp #b0 #b00000000 #b00000000000000000000000) (fp #b0 #b01111111 #b00000000000000000000000)))   ; clip(nan (fp32 0x7fc00000), 0.0 (fp32 0x00000000), 1.0 (fp32 0x3f800000)) = nan
  (fp.isNaN (clip (fp #b0 #b01111111 #b00000000000000000000000) (fp #b0 #b11111111 #b10000000000000000000000) (fp #b0 #b01111111 #b00000000000000000000000)))   ; clip(1.0 (fp32 0x3f800000), nan (fp32 0x7fc00000), 1.0 (fp32 0x3f800000)) = nan
  (= (clip (fp #b0 #b10000000 #b00000000000000000000000) (fp #b0 #b10000000 #b10000000000000000000000) (fp #b0 #b01111111 #b00000000000000000000000)) (fp #b0 #b01111111 #b00000000000000000000000))   ; clip(2.0 (fp32 0x40000000), 3.0 (fp32 0x40400000), 1.0 (fp32 0x3f800000)) = 1.0 (fp32 0x3f800000)
  true))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation leakyrelu.float.fp32.example.example_1
; worked example 1
; requirements: E_LEAKYRELU_FLOAT_FUNC_0010
; statement: LeakyRelu(A) = C elementwise: leaky_rectify(-2, 1/4) = -1/2, leaky_rectify(3, 1/4) = 3, leaky_rectify(-0, 1/4) = -0, leaky_rectify(0, 1/4) = 0, leaky_rectify(-inf, 1/4) = -inf, leaky_rectify(inf, 1/4) = inf, leaky_rectify(nan, 1/4) = nan, leaky_rectify(-1/2, 1/4) = -1/8
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation leakyrelu.float.fp32.example.example_1|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_FP)
; fp32 is (_ FloatingPoint 8 24); operands are declared as bit patterns
(define-fun isFinite ((x (_ FloatingPoint 8 24))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 24) (fp #b0 #b01111111 #b00000000000000000000000))
(define-fun leaky_rectify ((a (_ FloatingPoint 8 24)) (alpha (_ FloatingPoint 8 24))) (_ FloatingPoint 8 24) (ite (fp.lt a (_ +zero 8 24)) (fp.mul RNE alpha a) a))
(define-fun goal () Bool (and
  (= (leaky_rectify (fp #b1 #b10000000 #b00000000000000000000000) (fp #b0 #b01111101 #b00000000000000000000000)) (fp #b1 #b01111110 #b00000000000000000000000))   ; leaky_rectify(-2.0 (fp32 0xc0000000), 0.25 (fp32 0x3e800000)) = -0.5 (fp32 0xbf000000)
  (= (leaky_rectify (fp #b0 #b10000000 #b10000000000000000000000) (fp #b0 #b01111101 #b00000000000000000000000)) (fp #b0 #b10000000 #b10000000000000000000000))   ; leaky_rectify(3.0 (fp32 0x40400000), 0.25 (fp32 0x3e800000)) = 3.0 (fp32 0x40400000)
  (= (leaky_rectify (fp #b1 #b00000000 #b00000000000000000000000) (fp #b0 #b01111101 #b00000000000000000000000)) (fp #b1 #b00000000 #b00000000000000000000000))   ; leaky_rectify(-0.0 (fp32 0x80000000), 0.25 (fp32 0x3e800000)) = -0.0 (fp32 0x80000000)
  (= (leaky_rectify (fp #b0 #b00000000 #b00000000000000000000000) (fp #b0 #b01111101 #b00000000000000000000000)) (fp #b0 #b00000000 #b00000000000000000000000))   ; leaky_rectify(0.0 (fp32 0x00000000), 0.25 (fp32 0x3e800000)) = 0.0 (fp32 0x00000000)
  (= (leaky_rectify (fp #b1 #b11111111 #b00000000000000000000000) (fp #b0 #b01111101 #b00000000000000000000000)) (fp #b1 #b11111111 #b00000000000000000000000))   ; leaky_rectify(-inf (fp32 0xff800000), 0.25 (fp32 0x3e800000)) = -inf (fp32 0xff800000)
  (= (leaky_rectify (fp #b0 #b11111111 #b00000000000000000000000) (fp #b0 #b01111101 #b00000000000000000000000)) (fp #b0 #b11111111 #b00000000000000000000000))   ; leaky_rectify(inf (fp32 0x7f800000), 0.25 (fp32 0x3e800000)) = inf (fp32 0x7f800000)
  (fp.isNaN (leaky_rectify (fp #b0 #b11111111 #b10000000000000000000000) (fp #b0 #b01111101 #b00000000000000000000000)))   ; leaky_rectify(nan (fp32 0x7fc00000), 0.25 (fp32 0x3e800000)) = nan
  (= (leaky_rectify (fp #b1 #b01111110 #b00000000000000000000000) (fp #b0 #b01111101 #b00000000000000000000000)) (fp #b1 #b01111100 #b00000000000000000000000))   ; leaky_rectify(-0.5 (fp32 0xbf000000), 0.25 (fp32 0x3e800000)) = -0.125 (fp32 0xbe000000)
  true))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation leakyrelu.float.fp16.example.example_1
; worked example 1
; requirements: E_LEAKYRELU_FLOAT_FUNC_0010
; statement: LeakyRelu(A) = C elementwise: leaky_rectify(-2, 1/4) = -1/2, leaky_rectify(3, 1/4) = 3, leaky_rectify(-0, 1/4) = -0, leaky_rectify(0, 1/4) = 0, leaky_rectify(-inf, 1/4) = -inf, leaky_rectify(inf, 1/4) = inf, leaky_rectify(nan, 1/4) = nan, leaky_rectify(-1/2, 1/4) = -1/8
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation leakyrelu.float.fp16.example.example_1|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_FP)
; fp16 is (_ FloatingPoint 5 11); operands are declared as bit patterns
(define-fun isFinite ((x (_ FloatingPoint 5 11))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 5 11) (fp #b0 #b01111 #b0000000000))
(define-fun leaky_rectify ((a (_ FloatingPoint 5 11)) (alpha (_ FloatingPoint 5 11))) (_ FloatingPoint 5 11) (ite (fp.lt a (_ +zero 5 11)) (fp.mul RNE alpha a) a))
(define-fun goal () Bool (and
  (= (leaky_rectify (fp #b1 #b10000 #b0000000000) (fp #b0 #b01101 #b0000000000)) (fp #b1 #b01110 #b0000000000))   ; leaky_rectify(-2.0 (fp16 0xc000), 0.25 (fp16 0x3400)) = -0.5 (fp16 0xb800)
  (= (leaky_rectify (fp #b0 #b10000 #b1000000000) (fp #b0 #b01101 #b0000000000)) (fp #b0 #b10000 #b1000000000))   ; leaky_rectify(3.0 (fp16 0x4200), 0.25 (fp16 0x3400)) = 3.0 (fp16 0x4200)
  (= (leaky_rectify (fp #b1 #b00000 #b0000000000) (fp #b0 #b01101 #b0000000000)) (fp #b1 #b00000 #b0000000000))   ; leaky_rectify(-0.0 (fp16 0x8000), 0.25 (fp16 0x3400)) = -0.0 (fp16 0x8000)
  (= (leaky_rectify (fp #b0 #b00000 #b0000000000) (fp #b0 #b01101 #b0000000000)) (fp #b0 #b00000 #b0000000000))   ; leaky_rectify(0.0 (fp16 0x0000), 0.25 (fp16 0x3400)) = 0.0 (fp16 0x0000)
  (= (leaky_rectify (fp #b1 #b11111 #b0000000000) (fp #b0 #b01101 #b0000000000)) (fp #b1 #b11111 #b0000000000))   ; leaky_rectify(-inf (fp16 0xfc00), 0.25 (fp16 0x3400)) = -inf (fp16 0xfc00)
  (= (leaky_rectify (fp #b0 #b11111 #b0000000000) (fp #b0 #b01101 #b0000000000)) (fp #b0 #b11111 #b0000000000))   ; leaky_rectify(inf (fp16 0x7c00), 0.25 (fp16 0x3400)) = inf (fp16 0x7c00)
  (fp.isNaN (leaky_rectify (fp #b0 #b11111 #b1000000000) (fp #b0 #b01101 #b0000000000)))   ; leaky_rectify(nan (fp16 0x7e00), 0.25 (fp16 0x3400)) = nan
  (= (leaky_rectify (fp #b1 #b01110 #b0000000000) (fp #b0 #b01101 #b0000000000)) (fp #b1 #b01100 #b0000000000))   ; leaky_rectify(-0.5 (fp16 0xb800), 0.25 (fp16 0x3400)) = -0.125 (fp16 0xb000)
  true))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation leakyrelu.float.fp32.example.example_3
; worked example 3
; requirements: E_LEAKYRELU_FLOAT_FUNC_0010
; statement: LeakyRelu(A) = C elementwise: leaky_rectify(-inf, -2) = inf, leaky_rectify(-3/2, -2) = 3, leaky_rectify(4, -2) = 4, leaky_rectify(-0, -2) = -0
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation leakyrelu.float.fp32.example.example_3|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_FP)
; fp32 is (_ FloatingPoint 8 24); operands are declared as bit patterns
(define-fun isFinite ((x (_ FloatingPoint 8 24))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 24) (fp #b0 #b01111111 #b00000000000000000000000))
(define-fun leaky_rectify ((a (_ FloatingPoint 8 24)) (alpha (_ FloatingPoint 8 24))) (_ FloatingPoint 8 24) (ite (fp.lt a (_ +zero 8 24)) (fp.mul RNE alpha a) a))
(define-fun goal () Bool (and
  (= (leaky_rectify (fp #b1 #b11111111 #b00000000000000000000000) (fp #b1 #b10000000 #b00000000000000000000000)) (fp #b0 #b11111111 #b00000000000000000000000))   ; leaky_rectify(-inf (fp32 0xff800000), -2.0 (fp32 0xc0000000)) = inf (fp32 0x7f800000)
  (= (leaky_rectify (fp #b1 #b01111111 #b10000000000000000000000) (fp #b1 #b10000000 #b00000000000000000000000)) (fp #b0 #b10000000 #b10000000000000000000000))   ; leaky_rectify(-1.5 (fp32 0xbfc00000), -2.0 (fp32 0xc0000000)) = 3.0 (fp32 0x40400000)
  (= (leaky_rectify (fp #b0 #b10000001 #b00000000000000000000000) (fp #b1 #b10000000 #b00000000000000000000000)) (fp #b0 #b10000001 #b00000000000000000000000))   ; leaky_rectify(4.0 (fp32 0x40800000), -2.0 (fp32 0xc0000000)) = 4.0 (fp32 0x40800000)
  (= (leaky_rectify (fp #b1 #b00000000 #b00000000000000000000000) (fp #b1 #b10000000 #b00000000000000000000000)) (fp #b1 #b00000000 #b00000000000000000000000))   ; leaky_rectify(-0.0 (fp32 0x80000000), -2.0 (fp32 0xc0000000)) = -0.0 (fp32 0x80000000)
  true))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation leakyrelu.float.fp32.example.example_4
; worked example 4
; requirements: E_LEAKYRELU_FLOAT_FUNC_0010
; statement: LeakyRelu(A) = C elementwise: leaky_rectify(-inf, 0) = nan, leaky_rectify(-3, 0) = -0, leaky_rectify(5, 0) = 5
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation leakyrelu.float.fp32.example.example_4|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_FP)
; fp32 is (_ FloatingPoint 8 24); operands are declared as bit patterns
(define-fun isFinite ((x (_ FloatingPoint 8 24))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 24) (fp #b0 #b01111111 #b00000000000000000000000))
(define-fun leaky_rectify ((a (_ FloatingPoint 8 24)) (alpha (_ FloatingPoint 8 24))) (_ FloatingPoint 8 24) (ite (fp.lt a (_ +zero 8 24)) (fp.mul RNE alpha a) a))
(define-fun goal () Bool (and
  (fp.isNaN (leaky_rectify (fp #b1 #b11111111 #b00000000000000000000000) (fp #b0 #b00000000 #b00000000000000000000000)))   ; leaky_rectify(-inf (fp32 0xff800000), 0.0 (fp32 0x00000000)) = nan
  (= (leaky_rectify (fp #b1 #b10000000 #b10000000000000000000000) (fp #b0 #b00000000 #b00000000000000000000000)) (fp #b1 #b00000000 #b00000000000000000000000))   ; leaky_rectify(-3.0 (fp32 0xc0400000), 0.0 (fp32 0x00000000)) = -0.0 (fp32 0x80000000)
  (= (leaky_rectify (fp #b0 #b10000001 #b01000000000000000000000) (fp #b0 #b00000000 #b00000000000000000000000)) (fp #b0 #b10000001 #b01000000000000000000000))   ; leaky_rectify(5.0 (fp32 0x40a00000), 0.0 (fp32 0x00000000)) = 5.0 (fp32 0x40a00000)
  true))
(assert (not goal))
(check-sat)
(exit)

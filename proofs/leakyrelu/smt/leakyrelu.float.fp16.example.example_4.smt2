; divbridge proof obligation leakyrelu.float.fp16.example.example_4
; worked example 4
; requirements: E_LEAKYRELU_FLOAT_FUNC_0010
; statement: LeakyRelu(A) = C elementwise: leaky_rectify(-inf, 0) = nan, leaky_rectify(-3, 0) = -0, leaky_rectify(5, 0) = 5
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation leakyrelu.float.fp16.example.example_4|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_FP)
; fp16 is (_ FloatingPoint 5 11); operands are declared as bit patterns
(define-fun isFinite ((x (_ FloatingPoint 5 11))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 5 11) (fp #b0 #b01111 #b0000000000))
(define-fun leaky_rectify ((a (_ FloatingPoint 5 11)) (alpha (_ FloatingPoint 5 11))) (_ FloatingPoint 5 11) (ite (fp.lt a (_ +zero 5 11)) (fp.mul RNE alpha a) a))
(define-fun goal () Bool (and
  (fp.isNaN (leaky_rectify (fp #b1 #b11111 #b0000000000) (fp #b0 #b00000 #b0000000000)))   ; leaky_rectify(-inf (fp16 0xfc00), 0.0 (fp16 0x0000)) = nan
  (= (leaky_rectify (fp #b1 #b10000 #b1000000000) (fp #b0 #b00000 #b0000000000)) (fp #b1 #b00000 #b0000000000))   ; leaky_rectify(-3.0 (fp16 0xc200), 0.0 (fp16 0x0000)) = -0.0 (fp16 0x8000)
  (= (leaky_rectify (fp #b0 #b10001 #b0100000000) (fp #b0 #b00000 #b0000000000)) (fp #b0 #b10001 #b0100000000))   ; leaky_rectify(5.0 (fp16 0x4500), 0.0 (fp16 0x0000)) = 5.0 (fp16 0x4500)
  true))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation leakyrelu.float.bf16.example.example_4
; worked example 4
; requirements: E_LEAKYRELU_FLOAT_FUNC_0010
; statement: LeakyRelu(A) = C elementwise: leaky_rectify(-inf, 0) = nan, leaky_rectify(-3, 0) = -0, leaky_rectify(5, 0) = 5
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation leakyrelu.float.bf16.example.example_4|)
; status: unsat, as z3 established on this file
(set-info :status unsat)
(set-logic QF_FP)
; bf16 is (_ FloatingPoint 8 8); operands are declared as bit patterns
(define-fun isFinite ((x (_ FloatingPoint 8 8))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 8) (fp #b0 #b01111111 #b0000000))
(define-fun leaky_rectify ((a (_ FloatingPoint 8 8)) (alpha (_ FloatingPoint 8 8))) (_ FloatingPoint 8 8) (ite (fp.lt a (_ +zero 8 8)) (fp.mul RNE alpha a) a))
(define-fun goal () Bool (and
  (fp.isNaN (leaky_rectify (fp #b1 #b11111111 #b0000000) (fp #b0 #b00000000 #b0000000)))   ; leaky_rectify(-inf (bf16 0xff80), 0.0 (bf16 0x0000)) = nan
  (= (leaky_rectify (fp #b1 #b10000000 #b1000000) (fp #b0 #b00000000 #b0000000)) (fp #b1 #b00000000 #b0000000))   ; leaky_rectify(-3.0 (bf16 0xc040), 0.0 (bf16 0x0000)) = -0.0 (bf16 0x8000)
  (= (leaky_rectify (fp #b0 #b10000001 #b0100000) (fp #b0 #b00000000 #b0000000)) (fp #b0 #b10000001 #b0100000))   ; leaky_rectify(5.0 (bf16 0x40a0), 0.0 (bf16 0x0000)) = 5.0 (bf16 0x40a0)
  true))
(assert (not goal))
(check-sat)
(exit)

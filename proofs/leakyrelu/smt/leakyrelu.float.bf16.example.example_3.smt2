; divbridge proof obligation leakyrelu.float.bf16.example.example_3
; worked example 3
; requirements: E_LEAKYRELU_FLOAT_FUNC_0010
; statement: LeakyRelu(A) = C elementwise: leaky_rectify(-inf, -2) = inf, leaky_rectify(-3/2, -2) = 3, leaky_rectify(4, -2) = 4, leaky_rectify(-0, -2) = -0
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation leakyrelu.float.bf16.example.example_3|)
; status: unsat, as z3 established on this file
(set-info :status unsat)
(set-logic QF_FP)
; bf16 is (_ FloatingPoint 8 8); operands are declared as bit patterns
(define-fun isFinite ((x (_ FloatingPoint 8 8))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 8) (fp #b0 #b01111111 #b0000000))
(define-fun leaky_rectify ((a (_ FloatingPoint 8 8)) (alpha (_ FloatingPoint 8 8))) (_ FloatingPoint 8 8) (ite (fp.lt a (_ +zero 8 8)) (fp.mul RNE alpha a) a))
(define-fun goal () Bool (and
  (= (leaky_rectify (fp #b1 #b11111111 #b0000000) (fp #b1 #b10000000 #b0000000)) (fp #b0 #b11111111 #b0000000))   ; leaky_rectify(-inf (bf16 0xff80), -2.0 (bf16 0xc000)) = inf (bf16 0x7f80)
  (= (leaky_rectify (fp #b1 #b01111111 #b1000000) (fp #b1 #b10000000 #b0000000)) (fp #b0 #b10000000 #b1000000))   ; leaky_rectify(-1.5 (bf16 0xbfc0), -2.0 (bf16 0xc000)) = 3.0 (bf16 0x4040)
  (= (leaky_rectify (fp #b0 #b10000001 #b0000000) (fp #b1 #b10000000 #b0000000)) (fp #b0 #b10000001 #b0000000))   ; leaky_rectify(4.0 (bf16 0x4080), -2.0 (bf16 0xc000)) = 4.0 (bf16 0x4080)
  (= (leaky_rectify (fp #b1 #b00000000 #b0000000) (fp #b1 #b10000000 #b0000000)) (fp #b1 #b00000000 #b0000000))   ; leaky_rectify(-0.0 (bf16 0x8000), -2.0 (bf16 0xc000)) = -0.0 (bf16 0x8000)
  true))
(assert (not goal))
(check-sat)
(exit)

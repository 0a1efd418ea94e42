; divbridge proof obligation leakyrelu.float.fp16.example.example_3
; worked example 3
; requirements: E_LEAKYRELU_FLOAT_FUNC_0010
; statement: LeakyRelu(A) = C elementwise: leaky_rectify(-inf, -2) = inf, leaky_rectify(-3/2, -2) = 3, leaky_rectify(4, -2) = 4, leaky_rectify(-0, -2) = -0
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation leakyrelu.float.fp16.example.example_3|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_FP)
; fp16 is (_ FloatingPoint 5 11); operands are declared as bit patterns
(define-fun isFinite ((x (_ FloatingPoint 5 11))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 5 11) (fp #b0 #b01111 #b0000000000))
(define-fun leaky_rectify ((a (_ FloatingPoint 5 11)) (alpha (_ FloatingPoint 5 11))) (_ FloatingPoint 5 11) (ite (fp.lt a (_ +zero 5 11)) (fp.mul RNE alpha a) a))
(define-fun goal () Bool (and
  (= (leaky_rectify (fp #b1 #b11111 #b0000000000) (fp #b1 #b10000 #b0000000000)) (fp #b0 #b11111 #b0000000000))   ; leaky_rectify(-inf (fp16 0xfc00), -2.0 (fp16 0xc000)) = inf (fp16 0x7c00)
  (= (leaky_rectify (fp #b1 #b01111 #b1000000000) (fp #b1 #b10000 #b0000000000)) (fp #b0 #b10000 #b1000000000))   ; leaky_rectify(-1.5 (fp16 0xbe00), -2.0 (fp16 0xc000)) = 3.0 (fp16 0x4200)
  (= (leaky_rectify (fp #b0 #b10001 #b0000000000) (fp #b1 #b10000 #b0000000000)) (fp #b0 #b10001 #b0000000000))   ; leaky_rectify(4.0 (fp16 0x4400), -2.0 (fp16 0xc000)) = 4.0 (fp16 0x4400)
  (= (leaky_rectify (fp #b1 #b00000 #b0000000000) (fp #b1 #b10000 #b0000000000)) (fp #b1 #b00000 #b0000000000))   ; leaky_rectify(-0.0 (fp16 0x8000), -2.0 (fp16 0xc000)) = -0.0 (fp16 0x8000)
  true))
(assert (not goal))
(check-sat)
(exit)

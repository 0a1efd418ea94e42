; divbridge proof obligation leakyrelu.float.fp64.example.example_3
; worked example 3
; requirements: E_LEAKYRELU_FLOAT_FUNC_0010
; statement: LeakyRelu(A) = C elementwise: leaky_rectify(-inf, -2) = inf, leaky_rectify(-3/2, -2) = 3, leaky_rectify(4, -2) = 4, leaky_rectify(-0, -2) = -0
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation leakyrelu.float.fp64.example.example_3|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_FP)
; fp64 is (_ FloatingPoint 11 53); operands are declared as bit patterns
(define-fun isFinite ((x (_ FloatingPoint 11 53))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 11 53) (fp #b0 #b01111111111 #b0000000000000000000000000000000000000000000000000000))
(define-fun leaky_rectify ((a (_ FloatingPoint 11 53)) (alpha (_ FloatingPoint 11 53))) (_ FloatingPoint 11 53) (ite (fp.lt a (_ +zero 11 53)) (fp.mul RNE alpha a) a))
(define-fun goal () Bool (and
  (= (leaky_rectify (fp #b1 #b11111111111 #b0000000000000000000000000000000000000000000000000000) (fp #b1 #b10000000000 #b0000000000000000000000000000000000000000000000000000)) (fp #b0 #b11111111111 #b0000000000000000000000000000000000000000000000000000))   ; leaky_rectify(-inf (fp64 0xfff0000000000000), -2.0 (fp64 0xc000000000000000)) = inf (fp64 0x7ff0000000000000)
  (= (leaky_rectify (fp #b1 #b01111111111 #b1000000000000000000000000000000000000000000000000000) (fp #b1 #b10000000000 #b0000000000000000000000000000000000000000000000000000)) (fp #b0 #b10000000000 #b1000000000000000000000000000000000000000000000000000))   ; leaky_rectify(-1.5 (fp64 0xbff8000000000000), -2.0 (fp64 0xc000000000000000)) = 3.0 (fp64 0x4008000000000000)
  (= (leaky_rectify (fp #b0 #b10000000001 #b0000000000000000000000000000000000000000000000000000) (fp #b1 #b10000000000 #b0000000000000000000000000000000000000000000000000000)) (fp #b0 #b10000000001 #b0000000000000000000000000000000000000000000000000000))   ; leaky_rectify(4.0 (fp64 0x4010000000000000), -2.0 (fp64 0xc000000000000000)) = 4.0 (fp64 0x4010000000000000)
  (= (leaky_rectify (fp #b1 #b00000000000 #b0000000000000000000000000000000000000000000000000000) (fp #b1 #b10000000000 #b0000000000000000000000000000000000000000000000000000)) (fp #b1 #b00000000000 #b0000000000000000000000000000000000000000000000000000))   ; leaky_rectify(-0.0 (fp64 0x8000000000000000), -2.0 (fp64 0xc000000000000000)) = -0.0 (fp64 0x8000000000000000)
  true))
(assert (not goal))
(check-sat)
(exit)

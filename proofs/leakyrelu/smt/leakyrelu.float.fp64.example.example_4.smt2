; divbridge proof obligation leakyrelu.float.fp64.example.example_4
; worked example 4
; requirements: E_LEAKYRELU_FLOAT_FUNC_0010
; statement: LeakyRelu(A) = C elementwise: leaky_rectify(-inf, 0) = nan, leaky_rectify(-3, 0) = -0, leaky_rectify(5, 0) = 5
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation leakyrelu.float.fp64.example.example_4|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_FP)
; fp64 is (_ FloatingPoint 11 53); operands are declared as bit patterns
(define-fun isFinite ((x (_ FloatingPoint 11 53))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 11 53) (fp #b0 #b01111111111 #b0000000000000000000000000000000000000000000000000000))
(define-fun leaky_rectify ((a (_ FloatingPoint 11 53)) (alpha (_ FloatingPoint 11 53))) (_ FloatingPoint 11 53) (ite (fp.lt a (_ +zero 11 53)) (fp.mul RNE alpha a) a))
(define-fun goal () Bool (and
  (fp.isNaN (leaky_rectify (fp #b1 #b11111111111 #b0000000000000000000000000000000000000000000000000000) (fp #b0 #b00000000000 #b0000000000000000000000000000000000000000000000000000)))   ; leaky_rectify(-inf (fp64 0xfff0000000000000), 0.0 (fp64 0x0000000000000000)) = nan
  (= (leaky_rectify (fp #b1 #b10000000000 #b1000000000000000000000000000000000000000000000000000) (fp #b0 #b00000000000 #b0000000000000000000000000000000000000000000000000000)) (fp #b1 #b00000000000 #b0000000000000000000000000000000000000000000000000000))   ; leaky_rectify(-3.0 (fp64 0xc008000000000000), 0.0 (fp64 0x0000000000000000)) = -0.0 (fp64 0x8000000000000000)
  (= (leaky_rectify (fp #b0 #b10000000001 #b0100000000000000000000000000000000000000000000000000) (fp #b0 #b00000000000 #b0000000000000000000000000000000000000000000000000000)) (fp #b0 #b10000000001 #b0100000000000000000000000000000000000000000000000000))   ; leaky_rectify(5.0 (fp64 0x4014000000000000), 0.0 (fp64 0x0000000000000000)) = 5.0 (fp64 0x4014000000000000)
  true))
(assert (not goal))
(check-sat)
(exit)

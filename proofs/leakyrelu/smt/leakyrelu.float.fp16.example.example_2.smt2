; divbridge proof obligation leakyrelu.float.fp16.example.example_2
; worked example 2
; requirements: E_LEAKYRELU_FLOAT_FUNC_0010
; statement: LeakyRelu(A) = C elementwise: leaky_rectify(-1, nan) = nan, leaky_rectify(2, nan) = 2, leaky_rectify(-0, nan) = -0, leaky_rectify(-inf, nan) = nan, leaky_rectify(inf, nan) = inf
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation leakyrelu.float.fp16.example.example_2|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_FP)
; fp16 is (_ FloatingPoint 5 11); operands are declared as bit patterns
(define-fun isFinite ((x (_ FloatingPoint 5 11))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 5 11) (fp #b0 #b01111 #b0000000000))
(define-fun leaky_rectify ((a (_ FloatingPoint 5 11)) (alpha (_ FloatingPoint 5 11))) (_ FloatingPoint 5 11) (ite (fp.lt a (_ +zero 5 11)) (fp.mul RNE alpha a) a))
(define-fun goal () Bool (and
  (fp.isNaN (leaky_rectify (fp #b1 #b01111 #b0000000000) (fp #b0 #b11111 #b1000000000)))   ; leaky_rectify(-1.0 (fp16 0xbc00), nan (fp16 0x7e00)) = nan
  (= (leaky_rectify (fp #b0 #b10000 #b0000000000) (fp #b0 #b11111 #b1000000000)) (fp #b0 #b10000 #b0000000000))   ; leaky_rectify(2.0 (fp16 0x4000), nan (fp16 0x7e00)) = 2.0 (fp16 0x4000)
  (= (leaky_rectify (fp #b1 #b00000 #b0000000000) (fp #b0 #b11111 #b1000000000)) (fp #b1 #b00000 #b0000000000))   ; leaky_rectify(-0.0 (fp16 0x8000), nan (fp16 0x7e00)) = -0.0 (fp16 0x8000)
  (fp.isNaN (leaky_rectify (fp #b1 #b11111 #b0000000000) (fp #b0 #b11111 #b1000000000)))   ; leaky_rectify(-inf (fp16 0xfc00), nan (fp16 0x7e00)) = nan
  (= (leaky_rectify (fp #b0 #b11111 #b0000000000) (fp #b0 #b11111 #b1000000000)) (fp #b0 #b11111 #b0000000000))   ; leaky_rectify(inf (fp16 0x7c00), nan (fp16 0x7e00)) = inf (fp16 0x7c00)
  true))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation relu.float.fp32.example.example_1
; worked example 1
; requirements: E_RELU_FLOAT_FUNC_0010
; statement: Relu(A) = C elementwise: rectify(-3/2) = 0, rectify(1/4) = 1/4, rectify(-0) = -0, rectify(0) = 0, rectify(-inf) = 0, rectify(inf) = inf, rectify(nan) = nan
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation relu.float.fp32.example.example_1|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_FP)
; fp32 is (_ FloatingPoint 8 24); operands are declared as bit patterns
(define-fun isFinite ((x (_ FloatingPoint 8 24))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 24) (fp #b0 #b01111111 #b00000000000000000000000))
(define-fun rectify ((a (_ FloatingPoint 8 24))) (_ FloatingPoint 8 24) (ite (fp.lt a (_ +zero 8 24)) (_ +zero 8 24) a))
(define-fun goal () Bool (and
  (= (rectify (fp #b1 #b01111111 #b10000000000000000000000)) (fp #b0 #b00000000 #b00000000000000000000000))   ; rectify(-1.5 (fp32 0xbfc00000)) = 0.0 (fp32 0x00000000)
  (= (rectify (fp #b0 #b01111101 #b00000000000000000000000)) (fp #b0 #b01111101 #b00000000000000000000000))   ; rectify(0.25 (fp32 0x3e800000)) = 0.25 (fp32 0x3e800000)
  (= (rectify (fp #b1 #b00000000 #b00000000000000000000000)) (fp #b1 #b00000000 #b00000000000000000000000))   ; rectify(-0.0 (fp32 0x80000000)) = -0.0 (fp32 0x80000000)
  (= (rectify (fp #b0 #b00000000 #b00000000000000000000000)) (fp #b0 #b00000000 #b00000000000000000000000))   ; rectify(0.0 (fp32 0x00000000)) = 0.0 (fp32 0x00000000)
  (= (rectify (fp #b1 #b11111111 #b00000000000000000000000)) (fp #b0 #b00000000 #b00000000000000000000000))   ; rectify(-inf (fp32 0xff800000)) = 0.0 (fp32 0x00000000)
  (= (rectify (fp #b0 #b11111111 #b00000000000000000000000)) (fp #b0 #b11111111 #b00000000000000000000000))   ; rectify(inf (fp32 0x7f800000)) = inf (fp32 0x7f800000)
  (fp.isNaN (rectify (fp #b0 #b11111111 #b10000000000000000000000)))   ; rectify(nan (fp32 0x7fc00000)) = nan
  true))
(assert (not goal))
(check-sat)
(exit)

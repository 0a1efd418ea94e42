; divbridge proof obligation relu.float.fp64.example.example_1
; worked example 1
; requirements: E_RELU_FLOAT_FUNC_0010
; statement: Relu(A) = C elementwise: rectify(-3/2) = 0, rectify(1/4) = 1/4, rectify(-0) = -0, rectify(0) = 0, rectify(-inf) = 0, rectify(inf) = inf, rectify(nan) = nan
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation relu.float.fp64.example.example_1|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_FP)
; fp64 is (_ FloatingPoint 11 53); operands are declared as bit patterns
(define-fun isFinite ((x (_ FloatingPoint 11 53))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 11 53) (fp #b0 #b01111111111 #b0000000000000000000000000000000000000000000000000000))
(define-fun rectify ((a (_ FloatingPoint 11 53))) (_ FloatingPoint 11 53) (ite (fp.lt a (_ +zero 11 53)) (_ +zero 11 53) a))
(define-fun goal () Bool (and
  (= (rectify (fp #b1 #b01111111111 #b1000000000000000000000000000000000000000000000000000)) (fp #b0 #b00000000000 #b0000000000000000000000000000000000000000000000000000))   ; rectify(-1.5 (fp64 0xbff8000000000000)) = 0.0 (fp64 0x0000000000000000)
  (= (rectify (fp #b0 #b01111111101 #b0000000000000000000000000000000000000000000000000000)) (fp #b0 #b01111111101 #b0000000000000000000000000000000000000000000000000000))   ; rectify(0.25 (fp64 0x3fd0000000000000)) = 0.25 (fp64 0x3fd0000000000000)
  (= (rectify (fp #b1 #b00000000000 #b0000000000000000000000000000000000000000000000000000)) (fp #b1 #b00000000000 #b0000000000000000000000000000000000000000000000000000))   ; rectify(-0.0 (fp64 0x8000000000000000)) = -0.0 (fp64 0x8000000000000000)
  (= (rectify (fp #b0 #b00000000000 #b0000000000000000000000000000000000000000000000000000)) (fp #b0 #b00000000000 #b0000000000000000000000000000000000000000000000000000))   ; rectify(0.0 (fp64 0x0000000000000000)) = 0.0 (fp64 0x0000000000000000)
  (= (rectify (fp #b1 #b11111111111 #b0000000000000000000000000000000000000000000000000000)) (fp #b0 #b00000000000 #b0000000000000000000000000000000000000000000000000000))   ; rectify(-inf (fp64 0xfff0000000000000)) = 0.0 (fp64 0x0000000000000000)
  (= (rectify (fp #b0 #b11111111111 #b0000000000000000000000000000000000000000000000000000)) (fp #b0 #b11111111111 #b0000000000000000000000000000000000000000000000000000))   ; rectify(inf (fp64 0x7ff0000000000000)) = inf (fp64 0x7ff0000000000000)
  (fp.isNaN (rectify (fp #b0 #b11111111111 #b1000000000000000000000000000000000000000000000000000)))   ; rectify(nan (fp64 0x7ff8000000000000)) = nan
  true))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation relu.float.fp16.example.example_1
; worked example 1
; requirements: E_RELU_FLOAT_FUNC_0010
; statement: Relu(A) = C elementwise: rectify(-3/2) = 0, rectify(1/4) = 1/4, rectify(-0) = -0, rectify(0) = 0, rectify(-inf) = 0, rectify(inf) = inf, rectify(nan) = nan
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation relu.float.fp16.example.example_1|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_FP)
; fp16 is (_ FloatingPoint 5 11); operands are declared as bit patterns
(define-fun isFinite ((x (_ FloatingPoint 5 11))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 5 11) (fp #b0 #b01111 #b0000000000))
(define-fun rectify ((a (_ FloatingPoint 5 11))) (_ FloatingPoint 5 11) (ite (fp.lt a (_ +zero 5 11)) (_ +zero 5 11) a))
(define-fun goal () Bool (and
  (= (rectify (fp #b1 #b01111 #b1000000000)) (fp #b0 #b00000 #b0000000000))   ; rectify(-1.5 (fp16 0xbe00)) = 0.0 (fp16 0x0000)
  (= (rectify (fp #b0 #b01101 #b0000000000)) (fp #b0 #b01101 #b0000000000))   ; rectify(0.25 (fp16 0x3400)) = 0.25 (fp16 0x3400)
  (= (rectify (fp #b1 #b00000 #b0000000000)) (fp #b1 #b00000 #b0000000000))   ; rectify(-0.0 (fp16 0x8000)) = -0.0 (fp16 0x8000)
  (= (rectify (fp #b0 #b00000 #b0000000000)) (fp #b0 #b00000 #b0000000000))   ; rectify(0.0 (fp16 0x0000)) = 0.0 (fp16 0x0000)
  (= (rectify (fp #b1 #b11111 #b0000000000)) (fp #b0 #b00000 #b0000000000))   ; rectify(-inf (fp16 0xfc00)) = 0.0 (fp16 0x0000)
  (= (rectify (fp #b0 #b11111 #b0000000000)) (fp #b0 #b11111 #b0000000000))   ; rectify(inf (fp16 0x7c00)) = inf (fp16 0x7c00)
  (fp.isNaN (rectify (fp #b0 #b11111 #b1000000000)))   ; rectify(nan (fp16 0x7e00)) = nan
  true))
(assert (not goal))
(check-sat)
(exit)

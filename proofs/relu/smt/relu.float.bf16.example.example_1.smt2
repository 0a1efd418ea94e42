; divbridge proof obligation relu.float.bf16.example.example_1
; worked example 1
; requirements: E_RELU_FLOAT_FUNC_0010
; statement: Relu(A) = C elementwise: rectify(-3/2) = 0, rectify(1/4) = 1/4, rectify(-0) = -0, rectify(0) = 0, rectify(-inf) = 0, rectify(inf) = inf, rectify(nan) = nan
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation relu.float.bf16.example.example_1|)
; status: unsat, as z3 established on this file
(set-info :status unsat)
(set-logic QF_FP)
; bf16 is (_ FloatingPoint 8 8); operands are declared as bit patterns
(define-fun isFinite ((x (_ FloatingPoint 8 8))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 8) (fp #b0 #b01111111 #b0000000))
(define-fun rectify ((a (_ FloatingPoint 8 8))) (_ FloatingPoint 8 8) (ite (fp.lt a (_ +zero 8 8)) (_ +zero 8 8) a))
(define-fun goal () Bool (and
  (= (rectify (fp #b1 #b01111111 #b1000000)) (fp #b0 #b00000000 #b0000000))   ; rectify(-1.5 (bf16 0xbfc0)) = 0.0 (bf16 0x0000)
  (= (rectify (fp #b0 #b01111101 #b0000000)) (fp #b0 #b01111101 #b0000000))   ; rectify(0.25 (bf16 0x3e80)) = 0.25 (bf16 0x3e80)
  (= (rectify (fp #b1 #b00000000 #b0000000)) (fp #b1 #b00000000 #b0000000))   ; rectify(-0.0 (bf16 0x8000)) = -0.0 (bf16 0x8000)
  (= (rectify (fp #b0 #b00000000 #b0000000)) (fp #b0 #b00000000 #b0000000))   ; rectify(0.0 (bf16 0x0000)) = 0.0 (bf16 0x0000)
  (= (rectify (fp #b1 #b11111111 #b0000000)) (fp #b0 #b00000000 #b0000000))   ; rectify(-inf (bf16 0xff80)) = 0.0 (bf16 0x0000)
  (= (rectify (fp #b0 #b11111111 #b0000000)) (fp #b0 #b11111111 #b0000000))   ; rectify(inf (bf16 0x7f80)) = inf (bf16 0x7f80)
  (fp.isNaN (rectify (fp #b0 #b11111111 #b1000000)))   ; rectify(nan (bf16 0x7fc0)) = nan
  true))
(assert (not goal))
(check-sat)
(exit)

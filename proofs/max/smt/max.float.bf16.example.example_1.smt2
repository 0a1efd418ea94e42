; divbridge proof obligation max.float.bf16.example.example_1
; worked example 1
; requirements: E_MAX_FLOAT_FUNC_0010, E_MAX_FLOAT_FUNC_0020
; statement: Max(A, B) = C elementwise: larger_of(1, 3) = 3, larger_of(-2, -5) = -2, larger_of(nan, 1) = nan, larger_of(-0, 0) = 0, larger_of(0, -0) = 0, larger_of(-0, -0) = -0, larger_of(inf, -inf) = inf, larger_of(-inf, 5/2) = 5/2
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation max.float.bf16.example.example_1|)
; status: unsat, as z3 established on this file
(set-info :status unsat)
(set-logic QF_FP)
; bf16 is (_ FloatingPoint 8 8); operands are declared as bit patterns
(define-fun isFinite ((x (_ FloatingPoint 8 8))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 8) (fp #b0 #b01111111 #b0000000))
(define-fun larger_of ((a (_ FloatingPoint 8 8)) (b (_ FloatingPoint 8 8))) (_ FloatingPoint 8 8) (ite (fp.isNaN a) a (ite (fp.isNaN b) b (ite (fp.lt a b) b (ite (fp.lt b a) a (ite (fp.isNegative a) b a))))))
(define-fun goal () Bool (and
  (= (larger_of (fp #b0 #b01111111 #b0000000) (fp #b0 #b10000000 #b1000000)) (fp #b0 #b10000000 #b1000000))   ; larger_of(1.0 (bf16 0x3f80), 3.0 (bf16 0x4040)) = 3.0 (bf16 0x4040)
  (= (larger_of (fp #b1 #b10000000 #b0000000) (fp #b1 #b10000001 #b0100000)) (fp #b1 #b10000000 #b0000000))   ; larger_of(-2.0 (bf16 0xc000), -5.0 (bf16 0xc0a0)) = -2.0 (bf16 0xc000)
  (fp.isNaN (larger_of (fp #b0 #b11111111 #b1000000) (fp #b0 #b01111111 #b0000000)))   ; larger_of(nan (bf16 0x7fc0), 1.0 (bf16 0x3f80)) = nan
  (= (larger_of (fp #b1 #b00000000 #b0000000) (fp #b0 #b00000000 #b0000000)) (fp #b0 #b00000000 #b0000000))   ; larger_of(-0.0 (bf16 0x8000), 0.0 (bf16 0x0000)) = 0.0 (bf16 0x0000)
  (= (larger_of (fp #b0 #b00000000 #b0000000) (fp #b1 #b00000000 #b0000000)) (fp #b0 #b00000000 #b0000000))   ; larger_of(0.0 (bf16 0x0000), -0.0 (bf16 0x8000)) = 0.0 (bf16 0x0000)
  (= (larger_of (fp #b1 #b00000000 #b0000000) (fp #b1 #b00000000 #b0000000)) (fp #b1 #b00000000 #b0000000))   ; larger_of(-0.0 (bf16 0x8000), -0.0 (bf16 0x8000)) = -0.0 (bf16 0x8000)
  (= (larger_of (fp #b0 #b11111111 #b0000000) (fp #b1 #b11111111 #b0000000)) (fp #b0 #b11111111 #b0000000))   ; larger_of(inf (bf16 0x7f80), -inf (bf16 0xff80)) = inf (bf16 0x7f80)
  (= (larger_of (fp #b1 #b11111111 #b0000000) (fp #b0 #b10000000 #b0100000)) (fp #b0 #b10000000 #b0100000))   ; larger_of(-inf (bf16 0xff80), 2.5 (bf16 0x4020)) = 2.5 (bf16 0x4020)
  true))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation max.float.fp16.example.example_1
; worked example 1
; requirements: E_MAX_FLOAT_FUNC_0010, E_MAX_FLOAT_FUNC_0020
; statement: Max(A, B) = C elementwise: larger_of(1, 3) = 3, larger_of(-2, -5) = -2, larger_of(nan, 1) = nan, larger_of(-0, 0) = 0, larger_of(0, -0) = 0, larger_of(-0, -0) = -0, larger_of(inf, -inf) = inf, larger_of(-inf, 5/2) = 5/2
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation max.float.fp16.example.example_1|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_FP)
; fp16 is (_ FloatingPoint 5 11); operands are declared as bit patterns
(define-fun isFinite ((x (_ FloatingPoint 5 11))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 5 11) (fp #b0 #b01111 #b0000000000))
(define-fun larger_of ((a (_ FloatingPoint 5 11)) (b (_ FloatingPoint 5 11))) (_ FloatingPoint 5 11) (ite (fp.isNaN a) a (ite (fp.isNaN b) b (ite (fp.lt a b) b (ite (fp.lt b a) a (ite (fp.isNegative a) b a))))))
(define-fun goal () Bool (and
  (= (larger_of (fp #b0 #b01111 #b0000000000) (fp #b0 #b10000 #b1000000000)) (fp #b0 #b10000 #b1000000000))   ; larger_of(1.0 (fp16 0x3c00), 3.0 (fp16 0x4200)) = 3.0 (fp16 0x4200)
  (= (larger_of (fp #b1 #b10000 #b0000000000) (fp #b1 #b10001 #b0100000000)) (fp #b1 #b10000 #b0000000000))   ; larger_of(-2.0 (fp16 0xc000), -5.0 (fp16 0xc500)) = -2.0 (fp16 0xc000)
  (fp.isNaN (larger_of (fp #b0 #b11111 #b1000000000) (fp #b0 #b01111 #b0000000000)))   ; larger_of(nan (fp16 0x7e00), 1.0 (fp16 0x3c00)) = nan
  (= (larger_of (fp #b1 #b00000 #b0000000000) (fp #b0 #b00000 #b0000000000)) (fp #b0 #b00000 #b0000000000))   ; larger_of(-0.0 (fp16 0x8000), 0.0 (fp16 0x0000)) = 0.0 (fp16 0x0000)
  (= (larger_of (fp #b0 #b00000 #b0000000000) (fp #b1 #b00000 #b0000000000)) (fp #b0 #b00000 #b0000000000))   ; larger_of(0.0 (fp16 0x0000), -0.0 (fp16 0x8000)) = 0.0 (fp16 0x0000)
  (= (larger_of (fp #b1 #b00000 #b0000000000) (fp #b1 #b00000 #b0000000000)) (fp #b1 #b00000 #b0000000000))   ; larger_of(-0.0 (fp16 0x8000), -0.0 (fp16 0x8000)) = -0.0 (fp16 0x8000)
  (= (larger_of (fp #b0 #b11111 #b0000000000) (fp #b1 #b11111 #b0000000000)) (fp #b0 #b11111 #b0000000000))   ; larger_of(inf (fp16 0x7c00), -inf (fp16 0xfc00)) = inf (fp16 0x7c00)
  (= (larger_of (fp #b1 #b11111 #b0000000000) (fp #b0 #b10000 #b0100000000)) (fp #b0 #b10000 #b0100000000))   ; larger_of(-inf (fp16 0xfc00), 2.5 (fp16 0x4100)) = 2.5 (fp16 0x4100)
  true))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation max.float.fp32.example.example_1
; worked example 1
; requirements: E_MAX_FLOAT_FUNC_0010, E_MAX_FLOAT_FUNC_0020
; statement: Max(A, B) = C elementwise: larger_of(1, 3) = 3, larger_of(-2, -5) = -2, larger_of(nan, 1) = nan, larger_of(-0, 0) = 0, larger_of(0, -0) = 0, larger_of(-0, -0) = -0, larger_of(inf, -inf) = inf, larger_of(-inf, 5/2) = 5/2
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation max.float.fp32.example.example_1|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_FP)
; fp32 is (_ FloatingPoint 8 24); operands are declared as bit patterns
(define-fun isFinite ((x (_ FloatingPoint 8 24))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 24) (fp #b0 #b01111111 #b00000000000000000000000))
(define-fun larger_of ((a (_ FloatingPoint 8 24)) (b (_ FloatingPoint 8 24))) (_ FloatingPoint 8 24) (ite (fp.isNaN a) a (ite (fp.isNaN b) b (ite (fp.lt a b) b (ite (fp.lt b a) a (ite (fp.isNegative a) b a))))))
(define-fun goal () Bool (and
  (= (larger_of (fp #b0 #b01111111 #b00000000000000000000000) (fp #b0 #b10000000 #b10000000000000000000000)) (fp #b0 #b10000000 #b10000000000000000000000))   ; larger_of(1.0 (fp32 0x3f800000), 3.0 (fp32 0x40400000)) = 3.0 (fp32 0x40400000)
  (= (larger_of (fp #b1 #b10000000 #b00000000000000000000000) (fp #b1 #b10000001 #b01000000000000000000000)) (fp #b1 #b10000000 #b00000000000000000000000))   ; larger_of(-2.0 (fp32 0xc0000000), -5.0 (fp32 0xc0a00000)) = -2.0 (fp32 0xc0000000)
  (fp.isNaN (larger_of (fp #b0 #b11111111 #b10000000000000000000000) (fp #b0 #b01111111 #b00000000000000000000000)))   ; larger_of(nan (fp32 0x7fc00000), 1.0 (fp32 0x3f800000)) = nan
  (= (larger_of (fp #b1 #b00000000 #b00000000000000000000000) (fp #b0 #b00000000 #b00000000000000000000000)) (fp #b0 #b00000000 #b00000000000000000000000))   ; larger_of(-0.0 (fp32 0x80000000), 0.0 (fp32 0x00000000)) = 0.0 (fp32 0x00000000)
  (= (larger_of (fp #b0 #b00000000 #b00000000000000000000000) (fp #b1 #b00000000 #b00000000000000000000000)) (fp #b0 #b00000000 #b00000000000000000000000))   ; larger_of(0.0 (fp32 0x00000000), -0.0 (fp32 0x80000000)) = 0.0 (fp32 0x00000000)
  (= (larger_of (fp #b1 #b00000000 #b00000000000000000000000) (fp #b1 #b00000000 #b00000000000000000000000)) (fp #b1 #b00000000 #b00000000000000000000000))   ; larger_of(-0.0 (fp32 0x80000000), -0.0 (fp32 0x80000000)) = -0.0 (fp32 0x80000000)
  (= (larger_of (fp #b0 #b11111111 #b00000000000000000000000) (fp #b1 #b11111111 #b00000000000000000000000)) (fp #b0 #b11111111 #b00000000000000000000000))   ; larger_of(inf (fp32 0x7f800000), -inf (fp32 0xff800000)) = inf (fp32 0x7f800000)
  (= (larger_of (fp #b1 #b11111111 #b00000000000000000000000) (fp #b0 #b10000000 #b01000000000000000000000)) (fp #b0 #b10000000 #b01000000000000000000000))   ; larger_of(-inf (fp32 0xff800000), 2.5 (fp32 0x40200000)) = 2.5 (fp32 0x40200000)
  true))
(assert (not goal))
(check-sat)
(exit)

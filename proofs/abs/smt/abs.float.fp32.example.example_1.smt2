; divbridge proof obligation abs.float.fp32.example.example_1
; worked example 1
; requirements: E_ABS_FLOAT_FUNC_0010, E_ABS_FLOAT_FUNC_0020
; statement: Abs(A) = C elementwise: abs(-3/2) = 3/2, abs(1/4) = 1/4, abs(-0) = 0, abs(0) = 0, abs(-inf) = inf, abs(inf) = inf, abs(nan) = nan
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation abs.float.fp32.example.example_1|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_FP)
; fp32 is (_ FloatingPoint 8 24); operands are declared as bit patterns
(define-fun isFinite ((x (_ FloatingPoint 8 24))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 24) (fp #b0 #b01111111 #b00000000000000000000000))
(define-fun goal () Bool (and
  (= (fp.abs (fp #b1 #b01111111 #b10000000000000000000000)) (fp #b0 #b01111111 #b10000000000000000000000))   ; abs(-1.5 (fp32 0xbfc00000)) = 1.5 (fp32 0x3fc00000)
  (= (fp.abs (fp #b0 #b01111101 #b00000000000000000000000)) (fp #b0 #b01111101 #b00000000000000000000000))   ; abs(0.25 (fp32 0x3e800000)) = 0.25 (fp32 0x3e800000)
  (= (fp.abs (fp #b1 #b00000000 #b00000000000000000000000)) (fp #b0 #b00000000 #b00000000000000000000000))   ; abs(-0.0 (fp32 0x80000000)) = 0.0 (fp32 0x00000000)
  (= (fp.abs (fp #b0 #b00000000 #b00000000000000000000000)) (fp #b0 #b00000000 #b00000000000000000000000))   ; abs(0.0 (fp32 0x00000000)) = 0.0 (fp32 0x00000000)
  (= (fp.abs (fp #b1 #b11111111 #b00000000000000000000000)) (fp #b0 #b11111111 #b00000000000000000000000))   ; abs(-inf (fp32 0xff800000)) = inf (fp32 0x7f800000)
  (= (fp.abs (fp #b0 #b11111111 #b00000000000000000000000)) (fp #b0 #b11111111 #b00000000000000000000000))   ; abs(inf (fp32 0x7f800000)) = inf (fp32 0x7f800000)
  (fp.isNaN (fp.abs (fp #b0 #b11111111 #b10000000000000000000000)))   ; abs(nan (fp32 0x7fc00000)) = nan
  true))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation sqrt.float.fp32.example.example_1
; worked example 1
; requirements: E_SQRT_FLOAT_FUNC_0010, E_SQRT_FLOAT_FUNC_0020
; statement: Sqrt(A) = C elementwise: sqrt(4) = 2, sqrt(1/4) = 1/2, sqrt(9/4) = 3/2, sqrt(-0) = -0, sqrt(0) = 0, sqrt(inf) = inf, sqrt(-1) = nan, sqrt(-inf) = nan, sqrt(nan) = nan
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation sqrt.float.fp32.example.example_1|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_FP)
; fp32 is (_ FloatingPoint 8 24); operands are declared as bit patterns
(define-fun isFinite ((x (_ FloatingPoint 8 24))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 24) (fp #b0 #b01111111 #b00000000000000000000000))
(define-fun goal () Bool (and
  (= (fp.sqrt RNE (fp #b0 #b10000001 #b00000000000000000000000)) (fp #b0 #b10000000 #b00000000000000000000000))   ; sqrt(4.0 (fp32 0x40800000)) = 2.0 (fp32 0x40000000)
  (= (fp.sqrt RNE (fp #b0 #b01111101 #b00000000000000000000000)) (fp #b0 #b01111110 #b00000000000000000000000))   ; sqrt(0.25 (fp32 0x3e800000)) = 0.5 (fp32 0x3f000000)
  (= (fp.sqrt RNE (fp #b0 #b10000000 #b00100000000000000000000)) (fp #b0 #b01111111 #b10000000000000000000000))   ; sqrt(2.25 (fp32 0x40100000)) = 1.5 (fp32 0x3fc00000)
  (= (fp.sqrt RNE (fp #b1 #b00000000 #b00000000000000000000000)) (fp #b1 #b00000000 #b00000000000000000000000))   ; sqrt(-0.0 (fp32 0x80000000)) = -0.0 (fp32 0x80000000)
  (= (fp.sqrt RNE (fp #b0 #b00000000 #b00000000000000000000000)) (fp #b0 #b00000000 #b00000000000000000000000))   ; sqrt(0.0 (fp32 0x00000000)) = 0.0 (fp32 0x00000000)
  (= (fp.sqrt RNE (fp #b0 #b11111111 #b00000000000000000000000)) (fp #b0 #b11111111 #b00000000000000000000000))   ; sqrt(inf (fp32 0x7f800000)) = inf (fp32 0x7f800000)
  (fp.isNaN (fp.sqrt RNE (fp #b1 #b01111111 #b00000000000000000000000)))   ; sqrt(-1.0 (fp32 0xbf800000)) = nan
  (fp.isNaN (fp.sqrt RNE (fp #b1 #b11111111 #b00000000000000000000000)))   ; sqrt(-inf (fp32 0xff800000)) = nan
  (fp.isNaN (fp.sqrt RNE (fp #b0 #b11111111 #b10000000000000000000000)))   ; sqrt(nan (fp32 0x7fc00000)) = nan
  true))
(assert (not goal))
(check-sat)
(exit)

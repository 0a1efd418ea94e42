; divbridge proof obligation sqrt.float.bf16.example.example_1
; worked example 1
; requirements: E_SQRT_FLOAT_FUNC_0010, E_SQRT_FLOAT_FUNC_0020
; statement: Sqrt(A) = C elementwise: sqrt(4) = 2, sqrt(1/4) = 1/2, sqrt(9/4) = 3/2, sqrt(-0) = -0, sqrt(0) = 0, sqrt(inf) = inf, sqrt(-1) = nan, sqrt(-inf) = nan, sqrt(nan) = nan
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation sqrt.float.bf16.example.example_1|)
; status: unsat, as z3 established on this file
(set-info :status unsat)
(set-logic QF_FP)
; bf16 is (_ FloatingPoint 8 8); operands are declared as bit patterns
(define-fun isFinite ((x (_ FloatingPoint 8 8))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 8) (fp #b0 #b01111111 #b0000000))
(define-fun goal () Bool (and
  (= (fp.sqrt RNE (fp #b0 #b10000001 #b0000000)) (fp #b0 #b10000000 #b0000000))   ; sqrt(4.0 (bf16 0x4080)) = 2.0 (bf16 0x4000)
  (= (fp.sqrt RNE (fp #b0 #b01111101 #b0000000)) (fp #b0 #b01111110 #b0000000))   ; sqrt(0.25 (bf16 0x3e80)) = 0.5 (bf16 0x3f00)
  (= (fp.sqrt RNE (fp #b0 #b10000000 #b0010000)) (fp #b0 #b01111111 #b1000000))   ; sqrt(2.25 (bf16 0x4010)) = 1.5 (bf16 0x3fc0)
  (= (fp.sqrt RNE (fp #b1 #b00000000 #b0000000)) (fp #b1 #b00000000 #b0000000))   ; sqrt(-0.0 (bf16 0x8000)) = -0.0 (bf16 0x8000)
  (= (fp.sqrt RNE (fp #b0 #b00000000 #b0000000)) (fp #b0 #b00000000 #b0000000))   ; sqrt(0.0 (bf16 0x0000)) = 0.0 (bf16 0x0000)
  (= (fp.sqrt RNE (fp #b0 #b11111111 #b0000000)) (fp #b0 #b11111111 #b0000000))   ; sqrt(inf (bf16 0x7f80)) = inf (bf16 0x7f80)
  (fp.isNaN (fp.sqrt RNE (fp #b1 #b01111111 #b0000000)))   ; sqrt(-1.0 (bf16 0xbf80)) = nan
  (fp.isNaN (fp.sqrt RNE (fp #b1 #b11111111 #b0000000)))   ; sqrt(-inf (bf16 0xff80)) = nan
  (fp.isNaN (fp.sqrt RNE (fp #b0 #b11111111 #b1000000)))   ; sqrt(nan (bf16 0x7fc0)) = nan
  true))
(assert (not goal))
(check-sat)
(exit)

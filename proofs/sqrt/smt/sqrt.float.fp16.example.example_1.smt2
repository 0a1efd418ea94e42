; divbridge proof obligation sqrt.float.fp16.example.example_1
; worked example 1
; requirements: E_SQRT_FLOAT_FUNC_0010, E_SQRT_FLOAT_FUNC_0020
; statement: Sqrt(A) = C elementwise: sqrt(4) = 2, sqrt(1/4) = 1/2, sqrt(9/4) = 3/2, sqrt(-0) = -0, sqrt(0) = 0, sqrt(inf) = inf, sqrt(-1) = nan, sqrt(-inf) = nan, sqrt(nan) = nan
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation sqrt.float.fp16.example.example_1|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_FP)
; fp16 is (_ FloatingPoint 5 11); operands are declared as bit patterns
(define-fun isFinite ((x (_ FloatingPoint 5 11))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 5 11) (fp #b0 #b01111 #b0000000000))
(define-fun goal () Bool (and
  (= (fp.sqrt RNE (fp #b0 #b10001 #b0000000000)) (fp #b0 #b10000 #b0000000000))   ; sqrt(4.0 (fp16 0x4400)) = 2.0 (fp16 0x4000)
  (= (fp.sqrt RNE (fp #b0 #b01101 #b0000000000)) (fp #b0 #b01110 #b0000000000))   ; sqrt(0.25 (fp16 0x3400)) = 0.5 (fp16 0x3800)
  (= (fp.sqrt RNE (fp #b0 #b10000 #b0010000000)) (fp #b0 #b01111 #b1000000000))   ; sqrt(2.25 (fp16 0x4080)) = 1.5 (fp16 0x3e00)
  (= (fp.sqrt RNE (fp #b1 #b00000 #b0000000000)) (fp #b1 #b00000 #b0000000000))   ; sqrt(-0.0 (fp16 0x8000)) = -0.0 (fp16 0x8000)
  (= (fp.sqrt RNE (fp #b0 #b00000 #b0000000000)) (fp #b0 #b00000 #b0000000000))   ; sqrt(0.0 (fp16 0x0000)) = 0.0 (fp16 0x0000)
  (= (fp.sqrt RNE (fp #b0 #b11111 #b0000000000)) (fp #b0 #b11111 #b0000000000))   ; sqrt(inf (fp16 0x7c00)) = inf (fp16 0x7c00)
  (fp.isNaN (fp.sqrt RNE (fp #b1 #b01111 #b0000000000)))   ; sqrt(-1.0 (fp16 0xbc00)) = nan
  (fp.isNaN (fp.sqrt RNE (fp #b1 #b11111 #b0000000000)))   ; sqrt(-inf (fp16 0xfc00)) = nan
  (fp.isNaN (fp.sqrt RNE (fp #b0 #b11111 #b1000000000)))   ; sqrt(nan (fp16 0x7e00)) = nan
  true))
(assert (not goal))
(check-sat)
(exit)

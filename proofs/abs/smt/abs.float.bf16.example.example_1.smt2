; divbridge proof obligation abs.float.bf16.example.example_1
; worked example 1
; requirements: E_ABS_FLOAT_FUNC_0010, E_ABS_FLOAT_FUNC_0020
; statement: Abs(A) = C elementwise: abs(-3/2) = 3/2, abs(1/4) = 1/4, abs(-0) = 0, abs(0) = 0, abs(-inf) = inf, abs(inf) = inf, abs(nan) = nan
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation abs.float.bf16.example.example_1|)
; status: unsat, as z3 established on this file
(set-info :status unsat)
(set-logic QF_FP)
; bf16 is (_ FloatingPoint 8 8); operands are declared as bit patterns
(define-fun isFinite ((x (_ FloatingPoint 8 8))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 8) (fp #b0 #b01111111 #b0000000))
(define-fun goal () Bool (and
  (= (fp.abs (fp #b1 #b01111111 #b1000000)) (fp #b0 #b01111111 #b1000000))   ; abs(-1.5 (bf16 0xbfc0)) = 1.5 (bf16 0x3fc0)
  (= (fp.abs (fp #b0 #b01111101 #b0000000)) (fp #b0 #b01111101 #b0000000))   ; abs(0.25 (bf16 0x3e80)) = 0.25 (bf16 0x3e80)
  (= (fp.abs (fp #b1 #b00000000 #b0000000)) (fp #b0 #b00000000 #b0000000))   ; abs(-0.0 (bf16 0x8000)) = 0.0 (bf16 0x0000)
  (= (fp.abs (fp #b0 #b00000000 #b0000000)) (fp #b0 #b00000000 #b0000000))   ; abs(0.0 (bf16 0x0000)) = 0.0 (bf16 0x0000)
  (= (fp.abs (fp #b1 #b11111111 #b0000000)) (fp #b0 #b11111111 #b0000000))   ; abs(-inf (bf16 0xff80)) = inf (bf16 0x7f80)
  (= (fp.abs (fp #b0 #b11111111 #b0000000)) (fp #b0 #b11111111 #b0000000))   ; abs(inf (bf16 0x7f80)) = inf (bf16 0x7f80)
  (fp.isNaN (fp.abs (fp #b0 #b11111111 #b1000000)))   ; abs(nan (bf16 0x7fc0)) = nan
  true))
(assert (not goal))
(check-sat)
(exit)

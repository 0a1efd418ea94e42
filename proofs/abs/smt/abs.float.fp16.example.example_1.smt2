; divbridge proof obligation abs.float.fp16.example.example_1
; worked example 1
; requirements: E_ABS_FLOAT_FUNC_0010, E_ABS_FLOAT_FUNC_0020
; statement: Abs(A) = C elementwise: abs(-3/2) = 3/2, abs(1/4) = 1/4, abs(-0) = 0, abs(0) = 0, abs(-inf) = inf, abs(inf) = inf, abs(nan) = nan
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation abs.float.fp16.example.example_1|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_FP)
; fp16 is (_ FloatingPoint 5 11); operands are declared as bit patterns
(define-fun isFinite ((x (_ FloatingPoint 5 11))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 5 11) (fp #b0 #b01111 #b0000000000))
(define-fun goal () Bool (and
  (= (fp.abs (fp #b1 #b01111 #b1000000000)) (fp #b0 #b01111 #b1000000000))   ; abs(-1.5 (fp16 0xbe00)) = 1.5 (fp16 0x3e00)
  (= (fp.abs (fp #b0 #b01101 #b0000000000)) (fp #b0 #b01101 #b0000000000))   ; abs(0.25 (fp16 0x3400)) = 0.25 (fp16 0x3400)
  (= (fp.abs (fp #b1 #b00000 #b0000000000)) (fp #b0 #b00000 #b0000000000))   ; abs(-0.0 (fp16 0x8000)) = 0.0 (fp16 0x0000)
  (= (fp.abs (fp #b0 #b00000 #b0000000000)) (fp #b0 #b00000 #b0000000000))   ; abs(0.0 (fp16 0x0000)) = 0.0 (fp16 0x0000)
  (= (fp.abs (fp #b1 #b11111 #b0000000000)) (fp #b0 #b11111 #b0000000000))   ; abs(-inf (fp16 0xfc00)) = inf (fp16 0x7c00)
  (= (fp.abs (fp #b0 #b11111 #b0000000000)) (fp #b0 #b11111 #b0000000000))   ; abs(inf (fp16 0x7c00)) = inf (fp16 0x7c00)
  (fp.isNaN (fp.abs (fp #b0 #b11111 #b1000000000)))   ; abs(nan (fp16 0x7e00)) = nan
  true))
(assert (not goal))
(check-sat)
(exit)

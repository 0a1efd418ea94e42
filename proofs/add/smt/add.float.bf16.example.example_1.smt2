; divbridge proof obligation add.float.bf16.example.example_1
; worked example 1
; requirements: E_ADD_FLOAT_FUNC_0010
; statement: Add(A, B) = C elementwise: 3/2 + 1/4 = 7/4, -0 + -0 = -0, -0 + 0 = 0, 0 + -0 = 0, 2 + -2 = 0, inf + -inf = nan, inf + 1 = inf
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation add.float.bf16.example.example_1|)
; status: unsat, as z3 established on this file
(set-info :status unsat)
(set-logic QF_FP)
; bf16 is (_ FloatingPoint 8 8); operands are declared as bit patterns
(define-fun isFinite ((x (_ FloatingPoint 8 8))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 8) (fp #b0 #b01111111 #b0000000))
(define-fun goal () Bool (and
  (= (fp.add RNE (fp #b0 #b01111111 #b1000000) (fp #b0 #b01111101 #b0000000)) (fp #b0 #b01111111 #b1100000))   ; 1.5 (bf16 0x3fc0) + 0.25 (bf16 0x3e80) = 1.75 (bf16 0x3fe0)
  (= (fp.add RNE (fp #b1 #b00000000 #b0000000) (fp #b1 #b00000000 #b0000000)) (fp #b1 #b00000000 #b0000000))   ; -0.0 (bf16 0x8000) + -0.0 (bf16 0x8000) = -0.0 (bf16 0x8000)
  (= (fp.add RNE (fp #b1 #b00000000 #b0000000) (fp #b0 #b00000000 #b0000000)) (fp #b0 #b00000000 #b0000000))   ; -0.0 (bf16 0x8000) + 0.0 (bf16 0x0000) = 0.0 (bf16 0x0000)
  (= (fp.add RNE (fp #b0 #b00000000 #b0000000) (fp #b1 #b00000000 #b0000000)) (fp #b0 #b00000000 #b0000000))   ; 0.0 (bf16 0x0000) + -0.0 (bf16 0x8000) = 0.0 (bf16 0x0000)
  (= (fp.add RNE (fp #b0 #b10000000 #b0000000) (fp #b1 #b10000000 #b0000000)) (fp #b0 #b00000000 #b0000000))   ; 2.0 (bf16 0x4000) + -2.0 (bf16 0xc000) = 0.0 (bf16 0x0000)
  (fp.isNaN (fp.add RNE (fp #b0 #b11111111 #b0000000) (fp #b1 #b11111111 #b0000000)))   ; inf (bf16 0x7f80) + -inf (bf16 0xff80) = nan
  (= (fp.add RNE (fp #b0 #b11111111 #b0000000) (fp #b0 #b01111111 #b0000000)) (fp #b0 #b11111111 #b0000000))   ; inf (bf16 0x7f80) + 1.0 (bf16 0x3f80) = inf (bf16 0x7f80)
  true))
(assert (not goal))
(check-sat)
(exit)

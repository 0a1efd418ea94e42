; divbridge proof obligation mul.float.bf16.example.example_1
; worked example 1
; requirements: E_MUL_FLOAT_FUNC_0010
; statement: Mul(A, B) = C elementwise: 3 * 1/4 = 3/4, -3/2 * 2 = -3, 0 * -5 = -0, -2 * 0 = -0, inf * -2 = -inf, 0 * inf = nan, 1 * nan = nan
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation mul.float.bf16.example.example_1|)
; status: unsat, as z3 established on this file
(set-info :status unsat)
(set-logic QF_FP)
; bf16 is (_ FloatingPoint 8 8); operands are declared as bit patterns
(define-fun isFinite ((x (_ FloatingPoint 8 8))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 8) (fp #b0 #b01111111 #b0000000))
(define-fun goal () Bool (and
  (= (fp.mul RNE (fp #b0 #b10000000 #b1000000) (fp #b0 #b01111101 #b0000000)) (fp #b0 #b01111110 #b1000000))   ; 3.0 (bf16 0x4040) * 0.25 (bf16 0x3e80) = 0.75 (bf16 0x3f40)
  (= (fp.mul RNE (fp #b1 #b01111111 #b1000000) (fp #b0 #b10000000 #b0000000)) (fp #b1 #b10000000 #b1000000))   ; -1.5 (bf16 0xbfc0) * 2.0 (bf16 0x4000) = -3.0 (bf16 0xc040)
  (= (fp.mul RNE (fp #b0 #b00000000 #b0000000) (fp #b1 #b10000001 #b0100000)) (fp #b1 #b00000000 #b0000000))   ; 0.0 (bf16 0x0000) * -5.0 (bf16 0xc0a0) = -0.0 (bf16 0x8000)
  (= (fp.mul RNE (fp #b1 #b10000000 #b0000000) (fp #b0 #b00000000 #b0000000)) (fp #b1 #b00000000 #b0000000))   ; -2.0 (bf16 0xc000) * 0.0 (bf16 0x0000) = -0.0 (bf16 0x8000)
  (= (fp.mul RNE (fp #b0 #b11111111 #b0000000) (fp #b1 #b10000000 #b0000000)) (fp #b1 #b11111111 #b0000000))   ; inf (bf16 0x7f80) * -2.0 (bf16 0xc000) = -inf (bf16 0xff80)
  (fp.isNaN (fp.mul RNE (fp #b0 #b00000000 #b0000000) (fp #b0 #b11111111 #b0000000)))   ; 0.0 (bf16 0x0000) * inf (bf16 0x7f80) = nan
  (fp.isNaN (fp.mul RNE (fp #b0 #b01111111 #b0000000) (fp #b0 #b11111111 #b1000000)))   ; 1.0 (bf16 0x3f80) * nan (bf16 0x7fc0) = nan
  true))
(assert (not goal))
(check-sat)
(exit)

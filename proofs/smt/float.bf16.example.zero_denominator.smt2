; divbridge proof obligation float.bf16.example.zero_denominator
; worked example: float example 1, 1 / 0 = inf
; requirements: E_DIV_FLOAT_DEF_0010, E_DIV_FLOAT_DEF_0040
; statement: Div(A, B) = C elementwise: 3 / 3 = 1, 4 / 2 = 2, 16 / 4 = 4, 1 / 0 = inf, 25 / 5 = 5, 24 / 4 = 6
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation float.bf16.example.zero_denominator|)
(set-info :status unsat)
(set-logic QF_FP)
; bf16 is (_ FloatingPoint 8 8); operands are declared as bit patterns
(define-fun isFinite ((x (_ FloatingPoint 8 8))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 8) (fp #b0 #b01111111 #b0000000))
(define-fun goal () Bool (and
  (= (fp.div RNE (fp #b0 #b10000000 #b1000000) (fp #b0 #b10000000 #b1000000)) (fp #b0 #b01111111 #b0000000))   ; 3.0 (bf16 0x4040) / 3.0 (bf16 0x4040) = 1.0 (bf16 0x3f80)
  (= (fp.div RNE (fp #b0 #b10000001 #b0000000) (fp #b0 #b10000000 #b0000000)) (fp #b0 #b10000000 #b0000000))   ; 4.0 (bf16 0x4080) / 2.0 (bf16 0x4000) = 2.0 (bf16 0x4000)
  (= (fp.div RNE (fp #b0 #b10000011 #b0000000) (fp #b0 #b10000001 #b0000000)) (fp #b0 #b10000001 #b0000000))   ; 16.0 (bf16 0x4180) / 4.0 (bf16 0x4080) = 4.0 (bf16 0x4080)
  (= (fp.div RNE (fp #b0 #b01111111 #b0000000) (fp #b0 #b00000000 #b0000000)) (fp #b0 #b11111111 #b0000000))   ; 1.0 (bf16 0x3f80) / 0.0 (bf16 0x0000) = inf (bf16 0x7f80)
  (= (fp.div RNE (fp #b0 #b10000011 #b1001000) (fp #b0 #b10000001 #b0100000)) (fp #b0 #b10000001 #b0100000))   ; 25.0 (bf16 0x41c8) / 5.0 (bf16 0x40a0) = 5.0 (bf16 0x40a0)
  (= (fp.div RNE (fp #b0 #b10000011 #b1000000) (fp #b0 #b10000001 #b0000000)) (fp #b0 #b10000001 #b1000000))   ; 24.0 (bf16 0x41c0) / 4.0 (bf16 0x4080) = 6.0 (bf16 0x40c0)
  true))
(assert (not goal))
(check-sat)
(exit)

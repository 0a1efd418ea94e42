; divbridge proof obligation float.bf16.example.example_1
; worked example 1
; requirements: E_DIV_FLOAT_DEF_0010
; statement: Div(A, B) = C elementwise: 3 / 4 = 3/4, -1 / 0 = -inf, 0 / -2 = -0, 1 / -0 = -inf, 0 / 0 = nan
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation float.bf16.example.example_1|)
; status: unsat, as z3 established on this file
(set-info :status unsat)
(set-logic QF_FP)
; bf16 is (_ FloatingPoint 8 8); operands are declared as bit patterns
(define-fun isFinite ((x (_ FloatingPoint 8 8))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 8) (fp #b0 #b01111111 #b0000000))
(define-fun goal () Bool (and
  (= (fp.div RNE (fp #b0 #b10000000 #b1000000) (fp #b0 #b10000001 #b0000000)) (fp #b0 #b01111110 #b1000000))   ; 3.0 (bf16 0x4040) / 4.0 (bf16 0x4080) = 0.75 (bf16 0x3f40)
  (= (fp.div RNE (fp #b1 #b01111111 #b0000000) (fp #b0 #b00000000 #b0000000)) (fp #b1 #b11111111 #b0000000))   ; -1.0 (bf16 0xbf80) / 0.0 (bf16 0x0000) = -inf (bf16 0xff80)
  (= (fp.div RNE (fp #b0 #b00000000 #b0000000) (fp #b1 #b10000000 #b0000000)) (fp #b1 #b00000000 #b0000000))   ; 0.0 (bf16 0x0000) / -2.0 (bf16 0xc000) = -0.0 (bf16 0x8000)
  (= (fp.div RNE (fp #b0 #b01111111 #b0000000) (fp #b1 #b00000000 #b0000000)) (fp #b1 #b11111111 #b0000000))   ; 1.0 (bf16 0x3f80) / -0.0 (bf16 0x8000) = -inf (bf16 0xff80)
  (fp.isNaN (fp.div RNE (fp #b0 #b00000000 #b0000000) (fp #b0 #b00000000 #b0000000)))   ; 0.0 (bf16 0x0000) / 0.0 (bf16 0x0000) = nan
  true))
(assert (not goal))
(check-sat)
(exit)

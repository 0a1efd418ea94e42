; divbridge proof obligation float.fp16.example.example_1
; worked example 1
; requirements: E_DIV_FLOAT_DEF_0010
; statement: Div(A, B) = C elementwise: 3 / 4 = 3/4, -1 / 0 = -inf, 0 / -2 = -0, 1 / -0 = -inf, 0 / 0 = nan
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation float.fp16.example.example_1|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_FP)
; fp16 is (_ FloatingPoint 5 11); operands are declared as bit patterns
(define-fun isFinite ((x (_ FloatingPoint 5 11))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 5 11) (fp #b0 #b01111 #b0000000000))
(define-fun goal () Bool (and
  (= (fp.div RNE (fp #b0 #b10000 #b1000000000) (fp #b0 #b10001 #b0000000000)) (fp #b0 #b01110 #b1000000000))   ; 3.0 (fp16 0x4200) / 4.0 (fp16 0x4400) = 0.75 (fp16 0x3a00)
  (= (fp.div RNE (fp #b1 #b01111 #b0000000000) (fp #b0 #b00000 #b0000000000)) (fp #b1 #b11111 #b0000000000))   ; -1.0 (fp16 0xbc00) / 0.0 (fp16 0x0000) = -inf (fp16 0xfc00)
  (= (fp.div RNE (fp #b0 #b00000 #b0000000000) (fp #b1 #b10000 #b0000000000)) (fp #b1 #b00000 #b0000000000))   ; 0.0 (fp16 0x0000) / -2.0 (fp16 0xc000) = -0.0 (fp16 0x8000)
  (= (fp.div RNE (fp #b0 #b01111 #b0000000000) (fp #b1 #b00000 #b0000000000)) (fp #b1 #b11111 #b0000000000))   ; 1.0 (fp16 0x3c00) / -0.0 (fp16 0x8000) = -inf (fp16 0xfc00)
  (fp.isNaN (fp.div RNE (fp #b0 #b00000 #b0000000000) (fp #b0 #b00000 #b0000000000)))   ; 0.0 (fp16 0x0000) / 0.0 (fp16 0x0000) = nan
  true))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation float.fp16.example.zero_by_zero
; worked example: float example 2, 0 / 0 = nan
; requirements: E_DIV_FLOAT_DEF_0010, E_DIV_FLOAT_DEF_0030
; statement: Div(A, B) = C elementwise: 3 / 3 = 1, 4 / 2 = 2, 16 / 4 = 4, 0 / 0 = nan, 25 / 5 = 5, 24 / 4 = 6
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation float.fp16.example.zero_by_zero|)
(set-info :status unsat)
(set-logic QF_FP)
; fp16 is (_ FloatingPoint 5 11); operands are declared as bit patterns
(define-fun isFinite ((x (_ FloatingPoint 5 11))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 5 11) (fp #b0 #b01111 #b0000000000))
(define-fun goal () Bool (and
  (= (fp.div RNE (fp #b0 #b10000 #b1000000000) (fp #b0 #b10000 #b1000000000)) (fp #b0 #b01111 #b0000000000))   ; 3.0 (fp16 0x4200) / 3.0 (fp16 0x4200) = 1.0 (fp16 0x3c00)
  (= (fp.div RNE (fp #b0 #b10001 #b0000000000) (fp #b0 #b10000 #b0000000000)) (fp #b0 #b10000 #b0000000000))   ; 4.0 (fp16 0x4400) / 2.0 (fp16 0x4000) = 2.0 (fp16 0x4000)
  (= (fp.div RNE (fp #b0 #b10011 #b0000000000) (fp #b0 #b10001 #b0000000000)) (fp #b0 #b10001 #b0000000000))   ; 16.0 (fp16 0x4c00) / 4.0 (fp16 0x4400) = 4.0 (fp16 0x4400)
  (fp.isNaN (fp.div RNE (fp #b0 #b00000 #b0000000000) (fp #b0 #b00000 #b0000000000)))   ; 0.0 (fp16 0x0000) / 0.0 (fp16 0x0000) = nan
  (= (fp.div RNE (fp #b0 #b10011 #b1001000000) (fp #b0 #b10001 #b0100000000)) (fp #b0 #b10001 #b0100000000))   ; 25.0 (fp16 0x4e40) / 5.0 (fp16 0x4500) = 5.0 (fp16 0x4500)
  (= (fp.div RNE (fp #b0 #b10011 #b1000000000) (fp #b0 #b10001 #b0000000000)) (fp #b0 #b10001 #b1000000000))   ; 24.0 (fp16 0x4e00) / 4.0 (fp16 0x4400) = 6.0 (fp16 0x4600)
  true))
(assert (not goal))
(check-sat)
(exit)

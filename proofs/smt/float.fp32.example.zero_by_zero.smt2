; divbridge proof obligation float.fp32.example.zero_by_zero
; worked example: float example 2, 0 / 0 = nan
; requirements: E_DIV_FLOAT_DEF_0010, E_DIV_FLOAT_DEF_0030
; statement: Div(A, B) = C elementwise: 3 / 3 = 1, 4 / 2 = 2, 16 / 4 = 4, 0 / 0 = nan, 25 / 5 = 5, 24 / 4 = 6
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation float.fp32.example.zero_by_zero|)
(set-info :status unsat)
(set-logic QF_FP)
; fp32 is (_ FloatingPoint 8 24); operands are declared as bit patterns
(define-fun isFinite ((x (_ FloatingPoint 8 24))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 24) (fp #b0 #b01111111 #b00000000000000000000000))
(define-fun goal () Bool (and
  (= (fp.div RNE (fp #b0 #b10000000 #b10000000000000000000000) (fp #b0 #b10000000 #b10000000000000000000000)) (fp #b0 #b01111111 #b00000000000000000000000))   ; 3.0 (fp32 0x40400000) / 3.0 (fp32 0x40400000) = 1.0 (fp32 0x3f800000)
  (= (fp.div RNE (fp #b0 #b10000001 #b00000000000000000000000) (fp #b0 #b10000000 #b00000000000000000000000)) (fp #b0 #b10000000 #b00000000000000000000000))   ; 4.0 (fp32 0x40800000) / 2.0 (fp32 0x40000000) = 2.0 (fp32 0x40000000)
  (= (fp.div RNE (fp #b0 #b10000011 #b00000000000000000000000) (fp #b0 #b10000001 #b00000000000000000000000)) (fp #b0 #b10000001 #b00000000000000000000000))   ; 16.0 (fp32 0x41800000) / 4.0 (fp32 0x40800000) = 4.0 (fp32 0x40800000)
  (fp.isNaN (fp.div RNE (fp #b0 #b00000000 #b00000000000000000000000) (fp #b0 #b00000000 #b00000000000000000000000)))   ; 0.0 (fp32 0x00000000) / 0.0 (fp32 0x00000000) = nan
  (= (fp.div RNE (fp #b0 #b10000011 #b10010000000000000000000) (fp #b0 #b10000001 #b01000000000000000000000)) (fp #b0 #b10000001 #b01000000000000000000000))   ; 25.0 (fp32 0x41c80000) / 5.0 (fp32 0x40a00000) = 5.0 (fp32 0x40a00000)
  (= (fp.div RNE (fp #b0 #b10000011 #b10000000000000000000000) (fp #b0 #b10000001 #b00000000000000000000000)) (fp #b0 #b10000001 #b10000000000000000000000))   ; 24.0 (fp32 0x41c00000) / 4.0 (fp32 0x40800000) = 6.0 (fp32 0x40c00000)
  true))
(assert (not goal))
(check-sat)
(exit)

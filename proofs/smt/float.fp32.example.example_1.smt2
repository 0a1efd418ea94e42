; divbridge proof obligation float.fp32.example.example_1
; worked example 1
; requirements: E_DIV_FLOAT_DEF_0010
; statement: Div(A, B) = C elementwise: 3 / 4 = 3/4, -1 / 0 = -inf, 0 / -2 = -0, 1 / -0 = -inf, 0 / 0 = nan
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation float.fp32.example.example_1|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_FP)
; fp32 is (_ FloatingPoint 8 24); operands are declared as bit patterns
(define-fun isFinite ((x (_ FloatingPoint 8 24))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 24) (fp #b0 #b01111111 #b00000000000000000000000))
(define-fun goal () Bool (and
  (= (fp.div RNE (fp #b0 #b10000000 #b10000000000000000000000) (fp #b0 #b10000001 #b00000000000000000000000)) (fp #b0 #b01111110 #b10000000000000000000000))   ; 3.0 (fp32 0x40400000) / 4.0 (fp32 0x40800000) = 0.75 (fp32 0x3f400000)
  (= (fp.div RNE (fp #b1 #b01111111 #b00000000000000000000000) (fp #b0 #b00000000 #b00000000000000000000000)) (fp #b1 #b11111111 #b00000000000000000000000))   ; -1.0 (fp32 0xbf800000) / 0.0 (fp32 0x00000000) = -inf (fp32 0xff800000)
  (= (fp.div RNE (fp #b0 #b00000000 #b00000000000000000000000) (fp #b1 #b10000000 #b00000000000000000000000)) (fp #b1 #b00000000 #b00000000000000000000000))   ; 0.0 (fp32 0x00000000) / -2.0 (fp32 0xc0000000) = -0.0 (fp32 0x80000000)
  (= (fp.div RNE (fp #b0 #b01111111 #b00000000000000000000000) (fp #b1 #b00000000 #b00000000000000000000000)) (fp #b1 #b11111111 #b00000000000000000000000))   ; 1.0 (fp32 0x3f800000) / -0.0 (fp32 0x80000000) = -inf (fp32 0xff800000)
  (fp.isNaN (fp.div RNE (fp #b0 #b00000000 #b00000000000000000000000) (fp #b0 #b00000000 #b00000000000000000000000)))   ; 0.0 (fp32 0x00000000) / 0.0 (fp32 0x00000000) = nan
  true))
(assert (not goal))
(check-sat)
(exit)

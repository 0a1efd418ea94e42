; divbridge proof obligation sub.float.fp32.example.example_1
; worked example 1
; requirements: E_SUB_FLOAT_FUNC_0010
; statement: Sub(A, B) = C elementwise: 3/2 - 1/4 = 5/4, -0 - 0 = -0, 0 - 0 = 0, -0 - -0 = 0, 2 - 2 = 0, inf - inf = nan, 1 - inf = -inf
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation sub.float.fp32.example.example_1|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_FP)
; fp32 is (_ FloatingPoint 8 24); operands are declared as bit patterns
(define-fun isFinite ((x (_ FloatingPoint 8 24))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 24) (fp #b0 #b01111111 #b00000000000000000000000))
(define-fun goal () Bool (and
  (= (fp.sub RNE (fp #b0 #b01111111 #b10000000000000000000000) (fp #b0 #b01111101 #b00000000000000000000000)) (fp #b0 #b01111111 #b01000000000000000000000))   ; 1.5 (fp32 0x3fc00000) - 0.25 (fp32 0x3e800000) = 1.25 (fp32 0x3fa00000)
  (= (fp.sub RNE (fp #b1 #b00000000 #b00000000000000000000000) (fp #b0 #b00000000 #b00000000000000000000000)) (fp #b1 #b00000000 #b00000000000000000000000))   ; -0.0 (fp32 0x80000000) - 0.0 (fp32 0x00000000) = -0.0 (fp32 0x80000000)
  (= (fp.sub RNE (fp #b0 #b00000000 #b00000000000000000000000) (fp #b0 #b00000000 #b00000000000000000000000)) (fp #b0 #b00000000 #b00000000000000000000000))   ; 0.0 (fp32 0x00000000) - 0.0 (fp32 0x00000000) = 0.0 (fp32 0x00000000)
  (= (fp.sub RNE (fp #b1 #b00000000 #b00000000000000000000000) (fp #b1 #b00000000 #b00000000000000000000000)) (fp #b0 #b00000000 #b00000000000000000000000))   ; -0.0 (fp32 0x80000000) - -0.0 (fp32 0x80000000) = 0.0 (fp32 0x00000000)
  (= (fp.sub RNE (fp #b0 #b10000000 #b00000000000000000000000) (fp #b0 #b10000000 #b00000000000000000000000)) (fp #b0 #b00000000 #b00000000000000000000000))   ; 2.0 (fp32 0x40000000) - 2.0 (fp32 0x40000000) = 0.0 (fp32 0x00000000)
  (fp.isNaN (fp.sub RNE (fp #b0 #b11111111 #b00000000000000000000000) (fp #b0 #b11111111 #b00000000000000000000000)))   ; inf (fp32 0x7f800000) - inf (fp32 0x7f800000) = nan
  (= (fp.sub RNE (fp #b0 #b01111111 #b00000000000000000000000) (fp #b0 #b11111111 #b00000000000000000000000)) (fp #b1 #b11111111 #b00000000000000000000000))   ; 1.0 (fp32 0x3f800000) - inf (fp32 0x7f800000) = -inf (fp32 0xff800000)
  true))
(assert (not goal))
(check-sat)
(exit)

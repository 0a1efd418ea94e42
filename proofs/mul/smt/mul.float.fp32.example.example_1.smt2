; divbridge proof obligation mul.float.fp32.example.example_1
; worked example 1
; requirements: E_MUL_FLOAT_FUNC_0010
; statement: Mul(A, B) = C elementwise: 3 * 1/4 = 3/4, -3/2 * 2 = -3, 0 * -5 = -0, -2 * 0 = -0, inf * -2 = -inf, 0 * inf = nan, 1 * nan = nan
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation mul.float.fp32.example.example_1|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_FP)
; fp32 is (_ FloatingPoint 8 24); operands are declared as bit patterns
(define-fun isFinite ((x (_ FloatingPoint 8 24))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 24) (fp #b0 #b01111111 #b00000000000000000000000))
(define-fun goal () Bool (and
  (= (fp.mul RNE (fp #b0 #b10000000 #b10000000000000000000000) (fp #b0 #b01111101 #b00000000000000000000000)) (fp #b0 #b01111110 #b10000000000000000000000))   ; 3.0 (fp32 0x40400000) * 0.25 (fp32 0x3e800000) = 0.75 (fp32 0x3f400000)
  (= (fp.mul RNE (fp #b1 #b01111111 #b10000000000000000000000) (fp #b0 #b10000000 #b00000000000000000000000)) (fp #b1 #b10000000 #b10000000000000000000000))   ; -1.5 (fp32 0xbfc00000) * 2.0 (fp32 0x40000000) = -3.0 (fp32 0xc0400000)
  (= (fp.mul RNE (fp #b0 #b00000000 #b00000000000000000000000) (fp #b1 #b10000001 #b01000000000000000000000)) (fp #b1 #b00000000 #b00000000000000000000000))   ; 0.0 (fp32 0x00000000) * -5.0 (fp32 0xc0a00000) = -0.0 (fp32 0x80000000)
  (= (fp.mul RNE (fp #b1 #b10000000 #b00000000000000000000000) (fp #b0 #b00000000 #b00000000000000000000000)) (fp #b1 #b00000000 #b00000000000000000000000))   ; -2.0 (fp32 0xc0000000) * 0.0 (fp32 0x00000000) = -0.0 (fp32 0x80000000)
  (= (fp.mul RNE (fp #b0 #b11111111 #b00000000000000000000000) (fp #b1 #b10000000 #b00000000000000000000000)) (fp #b1 #b11111111 #b00000000000000000000000))   ; inf (fp32 0x7f800000) * -2.0 (fp32 0xc0000000) = -inf (fp32 0xff800000)
  (fp.isNaN (fp.mul RNE (fp #b0 #b00000000 #b00000000000000000000000) (fp #b0 #b11111111 #b00000000000000000000000)))   ; 0.0 (fp32 0x00000000) * inf (fp32 0x7f800000) = nan
  (fp.isNaN (fp.mul RNE (fp #b0 #b01111111 #b00000000000000000000000) (fp #b0 #b11111111 #b10000000000000000000000)))   ; 1.0 (fp32 0x3f800000) * nan (fp32 0x7fc00000) = nan
  true))
(assert (not goal))
(check-sat)
(exit)

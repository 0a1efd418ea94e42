; divbridge proof obligation mul.float.fp16.example.example_1
; worked example 1
; requirements: E_MUL_FLOAT_FUNC_0010
; statement: Mul(A, B) = C elementwise: 3 * 1/4 = 3/4, -3/2 * 2 = -3, 0 * -5 = -0, -2 * 0 = -0, inf * -2 = -inf, 0 * inf = nan, 1 * nan = nan
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation mul.float.fp16.example.example_1|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_FP)
; fp16 is (_ FloatingPoint 5 11); operands are declared as bit patterns
(define-fun isFinite ((x (_ FloatingPoint 5 11))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 5 11) (fp #b0 #b01111 #b0000000000))
(define-fun goal () Bool (and
  (= (fp.mul RNE (fp #b0 #b10000 #b1000000000) (fp #b0 #b01101 #b0000000000)) (fp #b0 #b01110 #b1000000000))   ; 3.0 (fp16 0x4200) * 0.25 (fp16 0x3400) = 0.75 (fp16 0x3a00)
  (= (fp.mul RNE (fp #b1 #b01111 #b1000000000) (fp #b0 #b10000 #b0000000000)) (fp #b1 #b10000 #b1000000000))   ; -1.5 (fp16 0xbe00) * 2.0 (fp16 0x4000) = -3.0 (fp16 0xc200)
  (= (fp.mul RNE (fp #b0 #b00000 #b0000000000) (fp #b1 #b10001 #b0100000000)) (fp #b1 #b00000 #b0000000000))   ; 0.0 (fp16 0x0000) * -5.0 (fp16 0xc500) = -0.0 (fp16 0x8000)
  (= (fp.mul RNE (fp #b1 #b10000 #b0000000000) (fp #b0 #b00000 #b0000000000)) (fp #b1 #b00000 #b0000000000))   ; -2.0 (fp16 0xc000) * 0.0 (fp16 0x0000) = -0.0 (fp16 0x8000)
  (= (fp.mul RNE (fp #b0 #b11111 #b0000000000) (fp #b1 #b10000 #b0000000000)) (fp #b1 #b11111 #b0000000000))   ; inf (fp16 0x7c00) * -2.0 (fp16 0xc000) = -inf (fp16 0xfc00)
  (fp.isNaN (fp.mul RNE (fp #b0 #b00000 #b0000000000) (fp #b0 #b11111 #b0000000000)))   ; 0.0 (fp16 0x0000) * inf (fp16 0x7c00) = nan
  (fp.isNaN (fp.mul RNE (fp #b0 #b01111 #b0000000000) (fp #b0 #b11111 #b1000000000)))   ; 1.0 (fp16 0x3c00) * nan (fp16 0x7e00) = nan
  true))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation add.float.fp16.example.example_1
; worked example 1
; requirements: E_ADD_FLOAT_FUNC_0010
; statement: Add(A, B) = C elementwise: 3/2 + 1/4 = 7/4, -0 + -0 = -0, -0 + 0 = 0, 0 + -0 = 0, 2 + -2 = 0, inf + -inf = nan, inf + 1 = inf
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation add.float.fp16.example.example_1|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_FP)
; fp16 is (_ FloatingPoint 5 11); operands are declared as bit patterns
(define-fun isFinite ((x (_ FloatingPoint 5 11))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 5 11) (fp #b0 #b01111 #b0000000000))
(define-fun goal () Bool (and
  (= (fp.add RNE (fp #b0 #b01111 #b1000000000) (fp #b0 #b01101 #b0000000000)) (fp #b0 #b01111 #b1100000000))   ; 1.5 (fp16 0x3e00) + 0.25 (fp16 0x3400) = 1.75 (fp16 0x3f00)
  (= (fp.add RNE (fp #b1 #b00000 #b0000000000) (fp #b1 #b00000 #b0000000000)) (fp #b1 #b00000 #b0000000000))   ; -0.0 (fp16 0x8000) + -0.0 (fp16 0x8000) = -0.0 (fp16 0x8000)
  (= (fp.add RNE (fp #b1 #b00000 #b0000000000) (fp #b0 #b00000 #b0000000000)) (fp #b0 #b00000 #b0000000000))   ; -0.0 (fp16 0x8000) + 0.0 (fp16 0x0000) = 0.0 (fp16 0x0000)
  (= (fp.add RNE (fp #b0 #b00000 #b0000000000) (fp #b1 #b00000 #b0000000000)) (fp #b0 #b00000 #b0000000000))   ; 0.0 (fp16 0x0000) + -0.0 (fp16 0x8000) = 0.0 (fp16 0x0000)
  (= (fp.add RNE (fp #b0 #b10000 #b0000000000) (fp #b1 #b10000 #b0000000000)) (fp #b0 #b00000 #b0000000000))   ; 2.0 (fp16 0x4000) + -2.0 (fp16 0xc000) = 0.0 (fp16 0x0000)
  (fp.isNaN (fp.add RNE (fp #b0 #b11111 #b0000000000) (fp #b1 #b11111 #b0000000000)))   ; inf (fp16 0x7c00) + -inf (fp16 0xfc00) = nan
  (= (fp.add RNE (fp #b0 #b11111 #b0000000000) (fp #b0 #b01111 #b0000000000)) (fp #b0 #b11111 #b0000000000))   ; inf (fp16 0x7c00) + 1.0 (fp16 0x3c00) = inf (fp16 0x7c00)
  true))
(assert (not goal))
(check-sat)
(exit)

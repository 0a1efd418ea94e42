; divbridge proof obligation where.float.fp32.example.example_1
; worked example 1
; requirements: E_WHERE_FLOAT_FUNC_0010
; statement: Where(condition, X, Y) = C elementwise: where(true, -3/2, 2) = -3/2, where(false, 0, -0) = -0, where(true, -0, 0) = -0, where(false, inf, -inf) = -inf, where(true, nan, 1) = nan, where(false, 1, nan) = nan
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation where.float.fp32.example.example_1|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_FP)
; fp32 is (_ FloatingPoint 8 24); operands are declared as bit patterns
(define-fun isFinite ((x (_ FloatingPoint 8 24))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 24) (fp #b0 #b01111111 #b00000000000000000000000))
(define-fun where ((cond Bool) (x (_ FloatingPoint 8 24)) (y (_ FloatingPoint 8 24))) (_ FloatingPoint 8 24) (ite cond x y))
(define-fun goal () Bool (and
  (= (where true (fp #b1 #b01111111 #b10000000000000000000000) (fp #b0 #b10000000 #b00000000000000000000000)) (fp #b1 #b01111111 #b10000000000000000000000))   ; where(True, -1.5 (fp32 0xbfc00000), 2.0 (fp32 0x40000000)) = -1.5 (fp32 0xbfc00000)
  (= (where false (fp #b0 #b00000000 #b00000000000000000000000) (fp #b1 #b00000000 #b00000000000000000000000)) (fp #b1 #b00000000 #b00000000000000000000000))   ; where(False, 0.0 (fp32 0x00000000), -0.0 (fp32 0x80000000)) = -0.0 (fp32 0x80000000)
  (= (where true (fp #b1 #b00000000 #b00000000000000000000000) (fp #b0 #b00000000 #b00000000000000000000000)) (fp #b1 #b00000000 #b00000000000000000000000))   ; where(True, -0.0 (fp32 0x80000000), 0.0 (fp32 0x00000000)) = -0.0 (fp32 0x80000000)
  (= (where false (fp #b0 #b11111111 #b00000000000000000000000) (fp #b1 #b11111111 #b00000000000000000000000)) (fp #b1 #b11111111 #b00000000000000000000000))   ; where(False, inf (fp32 0x7f800000), -inf (fp32 0xff800000)) = -inf (fp32 0xff800000)
  (fp.isNaN (where true (fp #b0 #b11111111 #b10000000000000000000000) (fp #b0 #b01111111 #b00000000000000000000000)))   ; where(True, nan (fp32 0x7fc00000), 1.0 (fp32 0x3f800000)) = nan
  (fp.isNaN (where false (fp #b0 #b01111111 #b00000000000000000000000) (fp #b0 #b11111111 #b10000000000000000000000)))   ; where(False, 1.0 (fp32 0x3f800000), nan (fp32 0x7fc00000)) = nan
  true))
(assert (not goal))
(check-sat)
(exit)

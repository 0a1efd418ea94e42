; divbridge proof obligation where.float.fp16.example.example_1
; worked example 1
; requirements: E_WHERE_FLOAT_FUNC_0010
; statement: Where(condition, X, Y) = C elementwise: where(true, -3/2, 2) = -3/2, where(false, 0, -0) = -0, where(true, -0, 0) = -0, where(false, inf, -inf) = -inf, where(true, nan, 1) = nan, where(false, 1, nan) = nan
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation where.float.fp16.example.example_1|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_FP)
; fp16 is (_ FloatingPoint 5 11); operands are declared as bit patterns
(define-fun isFinite ((x (_ FloatingPoint 5 11))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 5 11) (fp #b0 #b01111 #b0000000000))
(define-fun where ((cond Bool) (x (_ FloatingPoint 5 11)) (y (_ FloatingPoint 5 11))) (_ FloatingPoint 5 11) (ite cond x y))
(define-fun goal () Bool (and
  (= (where true (fp #b1 #b01111 #b1000000000) (fp #b0 #b10000 #b0000000000)) (fp #b1 #b01111 #b1000000000))   ; where(True, -1.5 (fp16 0xbe00), 2.0 (fp16 0x4000)) = -1.5 (fp16 0xbe00)
  (= (where false (fp #b0 #b00000 #b0000000000) (fp #b1 #b00000 #b0000000000)) (fp #b1 #b00000 #b0000000000))   ; where(False, 0.0 (fp16 0x0000), -0.0 (fp16 0x8000)) = -0.0 (fp16 0x8000)
  (= (where true (fp #b1 #b00000 #b0000000000) (fp #b0 #b00000 #b0000000000)) (fp #b1 #b00000 #b0000000000))   ; where(True, -0.0 (fp16 0x8000), 0.0 (fp16 0x0000)) = -0.0 (fp16 0x8000)
  (= (where false (fp #b0 #b11111 #b0000000000) (fp #b1 #b11111 #b0000000000)) (fp #b1 #b11111 #b0000000000))   ; where(False, inf (fp16 0x7c00), -inf (fp16 0xfc00)) = -inf (fp16 0xfc00)
  (fp.isNaN (where true (fp #b0 #b11111 #b1000000000) (fp #b0 #b01111 #b0000000000)))   ; where(True, nan (fp16 0x7e00), 1.0 (fp16 0x3c00)) = nan
  (fp.isNaN (where false (fp #b0 #b01111 #b0000000000) (fp #b0 #b11111 #b1000000000)))   ; where(False, 1.0 (fp16 0x3c00), nan (fp16 0x7e00)) = nan
  true))
(assert (not goal))
(check-sat)
(exit)

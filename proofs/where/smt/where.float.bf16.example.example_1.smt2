; divbridge proof obligation where.float.bf16.example.example_1
; worked example 1
; requirements: E_WHERE_FLOAT_FUNC_0010
; statement: Where(condition, X, Y) = C elementwise: where(true, -3/2, 2) = -3/2, where(false, 0, -0) = -0, where(true, -0, 0) = -0, where(false, inf, -inf) = -inf, where(true, nan, 1) = nan, where(false, 1, nan) = nan
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation where.float.bf16.example.example_1|)
; status: unsat, as z3 established on this file
(set-info :status unsat)
(set-logic QF_FP)
; bf16 is (_ FloatingPoint 8 8); operands are declared as bit patterns
(define-fun isFinite ((x (_ FloatingPoint 8 8))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 8) (fp #b0 #b01111111 #b0000000))
(define-fun where ((cond Bool) (x (_ FloatingPoint 8 8)) (y (_ FloatingPoint 8 8))) (_ FloatingPoint 8 8) (ite cond x y))
(define-fun goal () Bool (and
  (= (where true (fp #b1 #b01111111 #b1000000) (fp #b0 #b10000000 #b0000000)) (fp #b1 #b01111111 #b1000000))   ; where(True, -1.5 (bf16 0xbfc0), 2.0 (bf16 0x4000)) = -1.5 (bf16 0xbfc0)
  (= (where false (fp #b0 #b00000000 #b0000000) (fp #b1 #b00000000 #b0000000)) (fp #b1 #b00000000 #b0000000))   ; where(False, 0.0 (bf16 0x0000), -0.0 (bf16 0x8000)) = -0.0 (bf16 0x8000)
  (= (where true (fp #b1 #b00000000 #b0000000) (fp #b0 #b00000000 #b0000000)) (fp #b1 #b00000000 #b0000000))   ; where(True, -0.0 (bf16 0x8000), 0.0 (bf16 0x0000)) = -0.0 (bf16 0x8000)
  (= (where false (fp #b0 #b11111111 #b0000000) (fp #b1 #b11111111 #b0000000)) (fp #b1 #b11111111 #b0000000))   ; where(False, inf (bf16 0x7f80), -inf (bf16 0xff80)) = -inf (bf16 0xff80)
  (fp.isNaN (where true (fp #b0 #b11111111 #b1000000) (fp #b0 #b01111111 #b0000000)))   ; where(True, nan (bf16 0x7fc0), 1.0 (bf16 0x3f80)) = nan
  (fp.isNaN (where false (fp #b0 #b01111111 #b0000000) (fp #b0 #b11111111 #b1000000)))   ; where(False, 1.0 (bf16 0x3f80), nan (bf16 0x7fc0)) = nan
  true))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation less.float.fp16.example.example_1
; worked example 1
; requirements: E_LESS_FLOAT_FUNC_0010
; statement: Less(A, B) = C elementwise: less(-3/2, 2) = true, less(1/4, 1/4) = false, less(-0, 0) = false, less(0, -0) = false, less(-inf, -inf) = false, less(inf, inf) = false, less(nan, 1) = false, less(1, nan) = false
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation less.float.fp16.example.example_1|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_FP)
; fp16 is (_ FloatingPoint 5 11); operands are declared as bit patterns
(define-fun isFinite ((x (_ FloatingPoint 5 11))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 5 11) (fp #b0 #b01111 #b0000000000))
(define-fun less ((a (_ FloatingPoint 5 11)) (b (_ FloatingPoint 5 11))) Bool (fp.lt a b))
(define-fun goal () Bool (and
  (less (fp #b1 #b01111 #b1000000000) (fp #b0 #b10000 #b0000000000))   ; less(-3/2, 2) = true
  (not (less (fp #b0 #b01101 #b0000000000) (fp #b0 #b01101 #b0000000000)))   ; less(1/4, 1/4) = false
  (not (less (fp #b1 #b00000 #b0000000000) (fp #b0 #b00000 #b0000000000)))   ; less(-0, 0) = false
  (not (less (fp #b0 #b00000 #b0000000000) (fp #b1 #b00000 #b0000000000)))   ; less(0, -0) = false
  (not (less (fp #b1 #b11111 #b0000000000) (fp #b1 #b11111 #b0000000000)))   ; less(-inf, -inf) = false
  (not (less (fp #b0 #b11111 #b0000000000) (fp #b0 #b11111 #b0000000000)))   ; less(inf, inf) = false
  (not (less (fp #b0 #b11111 #b1000000000) (fp #b0 #b01111 #b0000000000)))   ; less(nan, 1) = false
  (not (less (fp #b0 #b01111 #b0000000000) (fp #b0 #b11111 #b1000000000)))   ; less(1, nan) = false
  true))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation sqrt.float.bf16.table.a_ge_minus_inf_and_a_lt_minus_0
; case table 1, row A ≥ -inf and A < -0 -> nan
; requirements: E_SQRT_FLOAT_FUNC_0020
; statement: A ≥ -inf and A < -0 -> sqrt(a) = nan
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation sqrt.float.bf16.table.a_ge_minus_inf_and_a_lt_minus_0|)
; status: unsat, as z3 established on this file
(set-info :status unsat)
(set-logic QF_BVFP)
; bf16 is (_ FloatingPoint 8 8); operands are declared as bit patterns
(declare-const a_bits (_ BitVec 16))
(define-fun a () (_ FloatingPoint 8 8) ((_ to_fp 8 8) a_bits))
(define-fun isFinite ((x (_ FloatingPoint 8 8))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 8) (fp #b0 #b01111111 #b0000000))
(define-fun q () (_ FloatingPoint 8 8) (fp.sqrt RNE a))
(define-fun goal () Bool (=> (and (fp.geq a (fp #b1 #b11111111 #b0000000)) (fp.lt a (fp #b1 #b00000000 #b0000000)))
                             (fp.isNaN q)))
(assert (not goal))
(check-sat)
(exit)

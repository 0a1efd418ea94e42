; divbridge proof obligation add.float.bf16.table.a_eq_inf_and_b_eq_minus_inf
; case table 1, row A = inf and B = -inf -> nan
; requirements: E_ADD_INT_FUNC_0010
; statement: A = inf and B = -inf -> a + b = nan
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation add.float.bf16.table.a_eq_inf_and_b_eq_minus_inf|)
; status: unsat, as z3 established on this file
(set-info :status unsat)
(set-logic QF_BVFP)
; bf16 is (_ FloatingPoint 8 8); operands are declared as bit patterns
(declare-const a_bits (_ BitVec 16))
(define-fun a () (_ FloatingPoint 8 8) ((_ to_fp 8 8) a_bits))
(declare-const b_bits (_ BitVec 16))
(define-fun b () (_ FloatingPoint 8 8) ((_ to_fp 8 8) b_bits))
(define-fun isFinite ((x (_ FloatingPoint 8 8))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 8) (fp #b0 #b01111111 #b0000000))
(define-fun q () (_ FloatingPoint 8 8) (fp.add RNE a b))
(define-fun goal () Bool (=> (and (fp.eq a (fp #b0 #b11111111 #b0000000)) (fp.eq b (fp #b1 #b11111111 #b0000000)))
                             (fp.isNaN q)))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation leakyrelu.float.fp32.table.a_eq_minus_inf_and_alpha_gt_0
; case table 1, row A = -inf and alpha > 0 -> -inf
; requirements: E_LEAKYRELU_FLOAT_FUNC_0010
; statement: A = -inf and alpha > 0 -> leaky_rectify(a, alpha) = -inf
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation leakyrelu.float.fp32.table.a_eq_minus_inf_and_alpha_gt_0|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BVFP)
; fp32 is (_ FloatingPoint 8 24); operands are declared as bit patterns
(declare-const a_bits (_ BitVec 32))
(define-fun a () (_ FloatingPoint 8 24) ((_ to_fp 8 24) a_bits))
(declare-const alpha_bits (_ BitVec 32))
(define-fun alpha () (_ FloatingPoint 8 24) ((_ to_fp 8 24) alpha_bits))
(define-fun isFinite ((x (_ FloatingPoint 8 24))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 24) (fp #b0 #b01111111 #b00000000000000000000000))
(define-fun leaky_rectify ((a (_ FloatingPoint 8 24)) (alpha (_ FloatingPoint 8 24))) (_ FloatingPoint 8 24) (ite (fp.lt a (_ +zero 8 24)) (fp.mul RNE alpha a) a))
(define-fun q () (_ FloatingPoint 8 24) (leaky_rectify a alpha))
(define-fun goal () Bool (=> (and (fp.eq a (fp #b1 #b11111111 #b00000000000000000000000)) (fp.gt alpha (fp #b0 #b00000000 #b00000000000000000000000)))
                             (and (fp.isInfinite q) (fp.isNegative q))))
(assert (not goal))
(check-sat)
(exit)

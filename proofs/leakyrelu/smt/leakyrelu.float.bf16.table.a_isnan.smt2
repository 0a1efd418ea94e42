; divbridge proof obligation leakyrelu.float.bf16.table.a_isnan
; case table 1, row A isnan -> nan
; requirements: E_LEAKYRELU_FLOAT_FUNC_0010
; statement: A isnan -> leaky_rectify(a, alpha) = nan
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation leakyrelu.float.bf16.table.a_isnan|)
; status: unsat, as z3 established on this file
(set-info :status unsat)
(set-logic QF_BVFP)
; bf16 is (_ FloatingPoint 8 8); operands are declared as bit patterns
(declare-const a_bits (_ BitVec 16))
(define-fun a () (_ FloatingPoint 8 8) ((_ to_fp 8 8) a_bits))
(declare-const alpha_bits (_ BitVec 16))
(define-fun alpha () (_ FloatingPoint 8 8) ((_ to_fp 8 8) alpha_bits))
(define-fun isFinite ((x (_ FloatingPoint 8 8))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 8) (fp #b0 #b01111111 #b0000000))
(define-fun leaky_rectify ((a (_ FloatingPoint 8 8)) (alpha (_ FloatingPoint 8 8))) (_ FloatingPoint 8 8) (ite (fp.lt a (_ +zero 8 8)) (fp.mul RNE alpha a) a))
(define-fun q () (_ FloatingPoint 8 8) (leaky_rectify a alpha))
(define-fun goal () Bool (=> (fp.isNaN a)
                             (fp.isNaN q)))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation leakyrelu.float.fp16.case.a_isnan
; the case A isnan -> nan
; requirements: E_LEAKYRELU_FLOAT_FUNC_0010
; statement: A isnan -> leaky_rectify(a, alpha) = nan
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation leakyrelu.float.fp16.case.a_isnan|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BVFP)
; fp16 is (_ FloatingPoint 5 11); operands are declared as bit patterns
(declare-const a_bits (_ BitVec 16))
(define-fun a () (_ FloatingPoint 5 11) ((_ to_fp 5 11) a_bits))
(declare-const alpha_bits (_ BitVec 16))
(define-fun alpha () (_ FloatingPoint 5 11) ((_ to_fp 5 11) alpha_bits))
(define-fun isFinite ((x (_ FloatingPoint 5 11))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 5 11) (fp #b0 #b01111 #b0000000000))
(define-fun leaky_rectify ((a (_ FloatingPoint 5 11)) (alpha (_ FloatingPoint 5 11))) (_ FloatingPoint 5 11) (ite (fp.lt a (_ +zero 5 11)) (fp.mul RNE alpha a) a))
(define-fun q () (_ FloatingPoint 5 11) (leaky_rectify a alpha))
(define-fun goal () Bool (=> (fp.isNaN a)
                             (fp.isNaN q)))
(assert (not goal))
(check-sat)
(exit)

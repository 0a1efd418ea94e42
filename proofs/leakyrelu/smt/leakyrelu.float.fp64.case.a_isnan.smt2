; divbridge proof obligation leakyrelu.float.fp64.case.a_isnan
; the case A isnan -> nan
; requirements: E_LEAKYRELU_FLOAT_FUNC_0010
; statement: A isnan -> leaky_rectify(a, alpha) = nan
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation leakyrelu.float.fp64.case.a_isnan|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BVFP)
; fp64 is (_ FloatingPoint 11 53); operands are declared as bit patterns
(declare-const a_bits (_ BitVec 64))
(define-fun a () (_ FloatingPoint 11 53) ((_ to_fp 11 53) a_bits))
(declare-const alpha_bits (_ BitVec 64))
(define-fun alpha () (_ FloatingPoint 11 53) ((_ to_fp 11 53) alpha_bits))
(define-fun isFinite ((x (_ FloatingPoint 11 53))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 11 53) (fp #b0 #b01111111111 #b0000000000000000000000000000000000000000000000000000))
(define-fun leaky_rectify ((a (_ FloatingPoint 11 53)) (alpha (_ FloatingPoint 11 53))) (_ FloatingPoint 11 53) (ite (fp.lt a (_ +zero 11 53)) (fp.mul RNE alpha a) a))
(define-fun q () (_ FloatingPoint 11 53) (leaky_rectify a alpha))
(define-fun goal () Bool (=> (fp.isNaN a)
                             (fp.isNaN q)))
(assert (not goal))
(check-sat)
(exit)

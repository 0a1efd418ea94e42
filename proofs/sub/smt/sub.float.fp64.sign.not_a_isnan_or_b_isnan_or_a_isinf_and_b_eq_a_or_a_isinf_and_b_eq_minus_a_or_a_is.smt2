; divbridge proof obligation sub.float.fp64.sign.not_a_isnan_or_b_isnan_or_a_isinf_and_b_eq_a_or_a_isinf_and_b_eq_minus_a_or_a_is
; the sign rule not ((A isnan or B isnan) or A isinf and B = A or A isinf and B = -A or A isinf and B isfinite or A isfinite and B isinf or A = -0 and B = +0) -> C = ±0 → sign(C) = +
; requirements: E_SUB_FLOAT_FUNC_0010
; statement: not ((A isnan or B isnan) or A isinf and B = A or A isinf and B = -A or A isinf and B isfinite or A isfinite and B isinf or A = -0 and B = +0) and a - b is a zero -> sign(a - b) = +
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation sub.float.fp64.sign.not_a_isnan_or_b_isnan_or_a_isinf_and_b_eq_a_or_a_isinf_and_b_eq_minus_a_or_a_is|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BVFP)
; fp64 is (_ FloatingPoint 11 53); operands are declared as bit patterns
(declare-const a_bits (_ BitVec 64))
(define-fun a () (_ FloatingPoint 11 53) ((_ to_fp 11 53) a_bits))
(declare-const b_bits (_ BitVec 64))
(define-fun b () (_ FloatingPoint 11 53) ((_ to_fp 11 53) b_bits))
(define-fun isFinite ((x (_ FloatingPoint 11 53))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 11 53) (fp #b0 #b01111111111 #b0000000000000000000000000000000000000000000000000000))
(define-fun q () (_ FloatingPoint 11 53) (fp.sub RNE a b))
(define-fun goal () Bool (=> (not (or (or (fp.isNaN a) (fp.isNaN b)) (and (fp.isInfinite a) (fp.eq b a)) (and (fp.isInfinite a) (fp.eq b (fp.neg a))) (and (fp.isInfinite a) (isFinite b)) (and (isFinite a) (fp.isInfinite b)) (and (and (fp.isZero a) (fp.isNegative a)) (and (fp.isZero b) (fp.isPositive b)))))
                             (=> (fp.isZero q) (not (fp.isNegative q)))))
(assert (not goal))
(check-sat)
(exit)

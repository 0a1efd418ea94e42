; divbridge proof obligation add.float.fp16.sign.not_a_isnan_or_b_isnan_or_a_eq_inf_and_b_eq_minus_inf_or_a_eq_minus_inf_and_b_eq
; the sign rule not ((A isnan or B isnan) or A = inf and B = -inf or A = -inf and B = inf or A isinf and B isfinite or A isinf and B = A or A isfinite and B isinf or A = -0 and B = -0) -> C = ±0 → sign(C) = +
; requirements: E_ADD_FLOAT_FUNC_0010
; statement: not ((A isnan or B isnan) or A = inf and B = -inf or A = -inf and B = inf or A isinf and B isfinite or A isinf and B = A or A isfinite and B isinf or A = -0 and B = -0) and a + b is a zero -> sign(a + b) = +
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation add.float.fp16.sign.not_a_isnan_or_b_isnan_or_a_eq_inf_and_b_eq_minus_inf_or_a_eq_minus_inf_and_b_eq|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BVFP)
; fp16 is (_ FloatingPoint 5 11); operands are declared as bit patterns
(declare-const a_bits (_ BitVec 16))
(define-fun a () (_ FloatingPoint 5 11) ((_ to_fp 5 11) a_bits))
(declare-const b_bits (_ BitVec 16))
(define-fun b () (_ FloatingPoint 5 11) ((_ to_fp 5 11) b_bits))
(define-fun isFinite ((x (_ FloatingPoint 5 11))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 5 11) (fp #b0 #b01111 #b0000000000))
(define-fun q () (_ FloatingPoint 5 11) (fp.add RNE a b))
(define-fun goal () Bool (=> (not (or (or (fp.isNaN a) (fp.isNaN b)) (and (fp.eq a (fp #b0 #b11111 #b0000000000)) (fp.eq b (fp #b1 #b11111 #b0000000000))) (and (fp.eq a (fp #b1 #b11111 #b0000000000)) (fp.eq b (fp #b0 #b11111 #b0000000000))) (and (fp.isInfinite a) (isFinite b)) (and (fp.isInfinite a) (fp.eq b a)) (and (isFinite a) (fp.isInfinite b)) (and (and (fp.isZero a) (fp.isNegative a)) (and (fp.isZero b) (fp.isNegative b)))))
                             (=> (fp.isZero q) (not (fp.isNegative q)))))
(assert (not goal))
(check-sat)
(exit)

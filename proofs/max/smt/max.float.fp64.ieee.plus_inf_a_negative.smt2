; divbridge proof obligation max.float.fp64.ieee.plus_inf_a_negative
; +inf beside a negative number is the maximum
; requirements: E_MAX_FLOAT_FUNC_0010
; statement: a = +inf and isNegative(b) -> larger_of(a, b) = a
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation max.float.fp64.ieee.plus_inf_a_negative|)
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
(define-fun larger_of ((a (_ FloatingPoint 11 53)) (b (_ FloatingPoint 11 53))) (_ FloatingPoint 11 53) (ite (fp.isNaN a) a (ite (fp.isNaN b) b (ite (fp.lt a b) b (ite (fp.lt b a) a (ite (fp.isNegative a) b a))))))
(define-fun q () (_ FloatingPoint 11 53) (larger_of a b))
(define-fun goal () Bool (=> (and (and (fp.isInfinite a) (fp.isPositive a)) (fp.isNegative b))
                             (= q a)))
(assert (not goal))
(check-sat)
(exit)

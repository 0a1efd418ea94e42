; divbridge proof obligation max.float.bf16.ieee.plus_zero_b
; max(+-0, +0) = +0
; requirements: E_MAX_FLOAT_FUNC_0010
; statement: isZero(a) and b = +0 -> isZero(larger_of(a, b)) and larger_of(a, b) > 0 (positive sign)
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation max.float.bf16.ieee.plus_zero_b|)
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
(define-fun larger_of ((a (_ FloatingPoint 8 8)) (b (_ FloatingPoint 8 8))) (_ FloatingPoint 8 8) (ite (fp.isNaN a) a (ite (fp.isNaN b) b (ite (fp.lt a b) b (ite (fp.lt b a) a (ite (fp.isNegative a) b a))))))
(define-fun q () (_ FloatingPoint 8 8) (larger_of a b))
(define-fun goal () Bool (=> (and (fp.isZero a) (and (fp.isZero b) (fp.isPositive b)))
                             (and (fp.isZero q) (fp.isPositive q))))
(assert (not goal))
(check-sat)
(exit)

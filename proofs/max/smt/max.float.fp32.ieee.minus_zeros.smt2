; divbridge proof obligation max.float.fp32.ieee.minus_zeros
; max(-0, -0) = -0
; requirements: E_MAX_FLOAT_FUNC_0010
; statement: a = -0 and b = -0 -> isZero(larger_of(a, b)) and larger_of(a, b) < 0 (negative sign)
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation max.float.fp32.ieee.minus_zeros|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BVFP)
; fp32 is (_ FloatingPoint 8 24); operands are declared as bit patterns
(declare-const a_bits (_ BitVec 32))
(define-fun a () (_ FloatingPoint 8 24) ((_ to_fp 8 24) a_bits))
(declare-const b_bits (_ BitVec 32))
(define-fun b () (_ FloatingPoint 8 24) ((_ to_fp 8 24) b_bits))
(define-fun isFinite ((x (_ FloatingPoint 8 24))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 24) (fp #b0 #b01111111 #b00000000000000000000000))
(define-fun larger_of ((a (_ FloatingPoint 8 24)) (b (_ FloatingPoint 8 24))) (_ FloatingPoint 8 24) (ite (fp.isNaN a) a (ite (fp.isNaN b) b (ite (fp.lt a b) b (ite (fp.lt b a) a (ite (fp.isNegative a) b a))))))
(define-fun q () (_ FloatingPoint 8 24) (larger_of a b))
(define-fun goal () Bool (=> (and (and (fp.isZero a) (fp.isNegative a)) (and (fp.isZero b) (fp.isNegative b)))
                             (and (fp.isZero q) (fp.isNegative q))))
(assert (not goal))
(check-sat)
(exit)

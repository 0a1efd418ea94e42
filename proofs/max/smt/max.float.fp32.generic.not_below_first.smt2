; divbridge proof obligation max.float.fp32.generic.not_below_first
; max(x, y) is not below x
; requirements: E_MAX_FLOAT_FUNC_0010
; statement: max(x, y) is not below x
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation max.float.fp32.generic.not_below_first|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BVFP)
; fp32 is (_ FloatingPoint 8 24); operands are declared as bit patterns
(declare-const x_bits (_ BitVec 32))
(define-fun x () (_ FloatingPoint 8 24) ((_ to_fp 8 24) x_bits))
(declare-const y_bits (_ BitVec 32))
(define-fun y () (_ FloatingPoint 8 24) ((_ to_fp 8 24) y_bits))
(define-fun isFinite ((x (_ FloatingPoint 8 24))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 24) (fp #b0 #b01111111 #b00000000000000000000000))
(define-fun larger_of ((a (_ FloatingPoint 8 24)) (b (_ FloatingPoint 8 24))) (_ FloatingPoint 8 24) (ite (fp.isNaN a) a (ite (fp.isNaN b) b (ite (fp.lt a b) b (ite (fp.lt b a) a (ite (fp.isNegative a) b a))))))
; max(x, y) is not below x: the same float on both sides (NaN equal to NaN)
(define-fun goal () Bool (not (fp.lt (larger_of x y) x)))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation max.float.fp16.generic.first_of_equals
; max(x, y) = x where x == y (false at x = -0, y = +0: the maximum is +0)
; requirements: E_MAX_FLOAT_FUNC_0010
; statement: max(x, y) = x where x == y (false at x = -0, y = +0: the maximum is +0)
; expected: invalid, so the negated goal asserted below is sat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation max.float.fp16.generic.first_of_equals|)
; status: sat, as bitwuzla established on this file
(set-info :status sat)
(set-logic QF_BVFP)
; fp16 is (_ FloatingPoint 5 11); operands are declared as bit patterns
(declare-const x_bits (_ BitVec 16))
(define-fun x () (_ FloatingPoint 5 11) ((_ to_fp 5 11) x_bits))
(declare-const y_bits (_ BitVec 16))
(define-fun y () (_ FloatingPoint 5 11) ((_ to_fp 5 11) y_bits))
(define-fun isFinite ((x (_ FloatingPoint 5 11))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 5 11) (fp #b0 #b01111 #b0000000000))
(define-fun larger_of ((a (_ FloatingPoint 5 11)) (b (_ FloatingPoint 5 11))) (_ FloatingPoint 5 11) (ite (fp.isNaN a) a (ite (fp.isNaN b) b (ite (fp.lt a b) b (ite (fp.lt b a) a (ite (fp.isNegative a) b a))))))
; max(x, y) = x where x == y (false at x = -0, y = +0: the maximum is +0): the same float on both sides (NaN equal to NaN)
(define-fun goal () Bool (=> (fp.eq x y) (= (larger_of x y) x)))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation less.float.fp16.generic.sign_orders
; x with its sign bit set is below y with it clear (false at -0, +0: the zeros compare equal)
; requirements: E_LESS_FLOAT_FUNC_0010
; statement: x with its sign bit set is below y with it clear (false at -0, +0: the zeros compare equal)
; expected: invalid, so the negated goal asserted below is sat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation less.float.fp16.generic.sign_orders|)
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
(define-fun less ((a (_ FloatingPoint 5 11)) (b (_ FloatingPoint 5 11))) Bool (fp.lt a b))
; x with its sign bit set is below y with it clear (false at -0, +0: the zeros compare equal): the same float on both sides (NaN equal to NaN)
(define-fun goal () Bool (=> (and (fp.isNegative x) (fp.isPositive y)) (less x y)))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation less.float.bf16.generic.total
; x < y or y < x or x == y (false where x or y is NaN)
; requirements: E_LESS_FLOAT_FUNC_0010
; statement: x < y or y < x or x == y (false where x or y is NaN)
; expected: invalid, so the negated goal asserted below is sat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation less.float.bf16.generic.total|)
; status: sat, as z3 established on this file
(set-info :status sat)
(set-logic QF_BVFP)
; bf16 is (_ FloatingPoint 8 8); operands are declared as bit patterns
(declare-const x_bits (_ BitVec 16))
(define-fun x () (_ FloatingPoint 8 8) ((_ to_fp 8 8) x_bits))
(declare-const y_bits (_ BitVec 16))
(define-fun y () (_ FloatingPoint 8 8) ((_ to_fp 8 8) y_bits))
(define-fun isFinite ((x (_ FloatingPoint 8 8))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 8) (fp #b0 #b01111111 #b0000000))
(define-fun less ((a (_ FloatingPoint 8 8)) (b (_ FloatingPoint 8 8))) Bool (fp.lt a b))
; x < y or y < x or x == y (false where x or y is NaN): the same float on both sides (NaN equal to NaN)
(define-fun goal () Bool (or (less x y) (or (less y x) (fp.eq x y))))
(assert (not goal))
(check-sat)
(exit)

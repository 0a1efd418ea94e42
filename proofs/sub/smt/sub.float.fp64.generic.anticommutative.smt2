; divbridge proof obligation sub.float.fp64.generic.anticommutative
; x - y = -(y - x) (false at x = y: +0 against -0)
; requirements: E_SUB_FLOAT_FUNC_0010
; statement: x - y = -(y - x) (false at x = y: +0 against -0)
; expected: invalid, so the negated goal asserted below is sat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation sub.float.fp64.generic.anticommutative|)
; status: sat, as bitwuzla established on this file
(set-info :status sat)
(set-logic QF_BVFP)
; fp64 is (_ FloatingPoint 11 53); operands are declared as bit patterns
(declare-const x_bits (_ BitVec 64))
(define-fun x () (_ FloatingPoint 11 53) ((_ to_fp 11 53) x_bits))
(declare-const y_bits (_ BitVec 64))
(define-fun y () (_ FloatingPoint 11 53) ((_ to_fp 11 53) y_bits))
(define-fun isFinite ((x (_ FloatingPoint 11 53))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 11 53) (fp #b0 #b01111111111 #b0000000000000000000000000000000000000000000000000000))
; x - y = -(y - x) (false at x = y: +0 against -0): the same float on both sides (NaN equal to NaN)
(define-fun goal () Bool (= (fp.sub RNE x y)
                            (fp.neg (fp.sub RNE y x))))
(assert (not goal))
(check-sat)
(exit)

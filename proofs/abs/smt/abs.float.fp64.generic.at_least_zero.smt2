; divbridge proof obligation abs.float.fp64.generic.at_least_zero
; abs(x) >= 0 (false at x = NaN: no comparison with NaN holds)
; requirements: E_ABS_FLOAT_FUNC_0010
; statement: abs(x) >= 0 (false at x = NaN: no comparison with NaN holds)
; expected: invalid, so the negated goal asserted below is sat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation abs.float.fp64.generic.at_least_zero|)
; status: sat, as bitwuzla established on this file
(set-info :status sat)
(set-logic QF_BVFP)
; fp64 is (_ FloatingPoint 11 53); operands are declared as bit patterns
(declare-const x_bits (_ BitVec 64))
(define-fun x () (_ FloatingPoint 11 53) ((_ to_fp 11 53) x_bits))
(define-fun isFinite ((x (_ FloatingPoint 11 53))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 11 53) (fp #b0 #b01111111111 #b0000000000000000000000000000000000000000000000000000))
; abs(x) >= 0 (false at x = NaN: no comparison with NaN holds): the same float on both sides (NaN equal to NaN)
(define-fun goal () Bool (fp.geq (fp.abs x) (_ +zero 11 53)))
(assert (not goal))
(check-sat)
(exit)

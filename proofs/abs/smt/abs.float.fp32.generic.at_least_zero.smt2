; divbridge proof obligation abs.float.fp32.generic.at_least_zero
; abs(x) >= 0 (false at x = NaN: no comparison with NaN holds)
; requirements: E_ABS_FLOAT_FUNC_0010
; statement: abs(x) >= 0 (false at x = NaN: no comparison with NaN holds)
; expected: invalid, so the negated goal asserted below is sat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation abs.float.fp32.generic.at_least_zero|)
; status: sat, as bitwuzla established on this file
(set-info :status sat)
(set-logic QF_BVFP)
; fp32 is (_ FloatingPoint 8 24); operands are declared as bit patterns
(declare-const x_bits (_ BitVec 32))
(define-fun x () (_ FloatingPoint 8 24) ((_ to_fp 8 24) x_bits))
(define-fun isFinite ((x (_ FloatingPoint 8 24))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 24) (fp #b0 #b01111111 #b00000000000000000000000))
; abs(x) >= 0 (false at x = NaN: no comparison with NaN holds): the same float on both sides (NaN equal to NaN)
(define-fun goal () Bool (fp.geq (fp.abs x) (_ +zero 8 24)))
(assert (not goal))
(check-sat)
(exit)

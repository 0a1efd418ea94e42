; divbridge proof obligation abs.float.fp16.generic.at_least_zero
; abs(x) >= 0 (false at x = NaN: no comparison with NaN holds)
; requirements: E_ABS_FLOAT_FUNC_0010
; statement: abs(x) >= 0 (false at x = NaN: no comparison with NaN holds)
; expected: invalid, so the negated goal asserted below is sat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation abs.float.fp16.generic.at_least_zero|)
; status: sat, as bitwuzla established on this file
(set-info :status sat)
(set-logic QF_BVFP)
; fp16 is (_ FloatingPoint 5 11); operands are declared as bit patterns
(declare-const x_bits (_ BitVec 16))
(define-fun x () (_ FloatingPoint 5 11) ((_ to_fp 5 11) x_bits))
(define-fun isFinite ((x (_ FloatingPoint 5 11))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 5 11) (fp #b0 #b01111 #b0000000000))
; abs(x) >= 0 (false at x = NaN: no comparison with NaN holds): the same float on both sides (NaN equal to NaN)
(define-fun goal () Bool (fp.geq (fp.abs x) (_ +zero 5 11)))
(assert (not goal))
(check-sat)
(exit)

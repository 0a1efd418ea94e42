; divbridge proof obligation abs.float.bf16.generic.at_least_zero
; abs(x) >= 0 (false at x = NaN: no comparison with NaN holds)
; requirements: E_ABS_FLOAT_FUNC_0010
; statement: abs(x) >= 0 (false at x = NaN: no comparison with NaN holds)
; expected: invalid, so the negated goal asserted below is sat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation abs.float.bf16.generic.at_least_zero|)
; status: sat, as z3 established on this file
(set-info :status sat)
(set-logic QF_BVFP)
; bf16 is (_ FloatingPoint 8 8); operands are declared as bit patterns
(declare-const x_bits (_ BitVec 16))
(define-fun x () (_ FloatingPoint 8 8) ((_ to_fp 8 8) x_bits))
(define-fun isFinite ((x (_ FloatingPoint 8 8))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 8) (fp #b0 #b01111111 #b0000000))
; abs(x) >= 0 (false at x = NaN: no comparison with NaN holds): the same float on both sides (NaN equal to NaN)
(define-fun goal () Bool (fp.geq (fp.abs x) (_ +zero 8 8)))
(assert (not goal))
(check-sat)
(exit)

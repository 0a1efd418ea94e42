; divbridge proof obligation neg.float.fp32.generic.minus_zero_minus
; -x = (-0) - x
; requirements: E_NEG_FLOAT_FUNC_0010
; statement: -x = (-0) - x
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation neg.float.fp32.generic.minus_zero_minus|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BVFP)
; fp32 is (_ FloatingPoint 8 24); operands are declared as bit patterns
(declare-const x_bits (_ BitVec 32))
(define-fun x () (_ FloatingPoint 8 24) ((_ to_fp 8 24) x_bits))
(define-fun isFinite ((x (_ FloatingPoint 8 24))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 24) (fp #b0 #b01111111 #b00000000000000000000000))
; -x = (-0) - x: the same float on both sides (NaN equal to NaN)
(define-fun goal () Bool (= (fp.neg x)
                            (fp.sub RNE (_ -zero 8 24) x)))
(assert (not goal))
(check-sat)
(exit)

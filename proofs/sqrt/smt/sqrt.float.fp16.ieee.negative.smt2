; divbridge proof obligation sqrt.float.fp16.ieee.negative
; the square root of a number below zero is NaN
; requirements: E_SQRT_FLOAT_FUNC_0010
; statement: isFinite(a) and a < 0 -> isNaN(sqrt(a))
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation sqrt.float.fp16.ieee.negative|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BVFP)
; fp16 is (_ FloatingPoint 5 11); operands are declared as bit patterns
(declare-const a_bits (_ BitVec 16))
(define-fun a () (_ FloatingPoint 5 11) ((_ to_fp 5 11) a_bits))
(define-fun isFinite ((x (_ FloatingPoint 5 11))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 5 11) (fp #b0 #b01111 #b0000000000))
(define-fun q () (_ FloatingPoint 5 11) (fp.sqrt RNE a))
(define-fun goal () Bool (=> (and (isFinite a) (fp.isNegative a) (not (fp.isZero a)))
                             (fp.isNaN q)))
(assert (not goal))
(check-sat)
(exit)

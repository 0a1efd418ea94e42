; divbridge proof obligation sqrt.float.fp32.case.a_isnan
; the case A isnan -> nan
; requirements: E_SQRT_FLOAT_FUNC_0020
; statement: A isnan -> sqrt(a) = nan
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation sqrt.float.fp32.case.a_isnan|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BVFP)
; fp32 is (_ FloatingPoint 8 24); operands are declared as bit patterns
(declare-const a_bits (_ BitVec 32))
(define-fun a () (_ FloatingPoint 8 24) ((_ to_fp 8 24) a_bits))
(define-fun isFinite ((x (_ FloatingPoint 8 24))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 24) (fp #b0 #b01111111 #b00000000000000000000000))
(define-fun q () (_ FloatingPoint 8 24) (fp.sqrt RNE a))
(define-fun goal () Bool (=> (fp.isNaN a)
                             (fp.isNaN q)))
(assert (not goal))
(check-sat)
(exit)

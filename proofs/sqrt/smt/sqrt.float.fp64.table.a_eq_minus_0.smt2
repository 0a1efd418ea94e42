; divbridge proof obligation sqrt.float.fp64.table.a_eq_minus_0
; case table 1, row A = -0 -> -0
; requirements: E_SQRT_FLOAT_FUNC_0020
; statement: A = -0 -> sqrt(a) = -0
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation sqrt.float.fp64.table.a_eq_minus_0|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BVFP)
; fp64 is (_ FloatingPoint 11 53); operands are declared as bit patterns
(declare-const a_bits (_ BitVec 64))
(define-fun a () (_ FloatingPoint 11 53) ((_ to_fp 11 53) a_bits))
(define-fun isFinite ((x (_ FloatingPoint 11 53))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 11 53) (fp #b0 #b01111111111 #b0000000000000000000000000000000000000000000000000000))
(define-fun q () (_ FloatingPoint 11 53) (fp.sqrt RNE a))
(define-fun goal () Bool (=> (and (fp.isZero a) (fp.isNegative a))
                             (and (fp.isZero q) (fp.isNegative q))))
(assert (not goal))
(check-sat)
(exit)

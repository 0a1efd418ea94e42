; divbridge proof obligation sqrt.float.fp64.ieee.zero
; sqrt(+-0) is the zero itself
; requirements: E_SQRT_FLOAT_FUNC_0010
; statement: isZero(a) -> sqrt(a) = a
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation sqrt.float.fp64.ieee.zero|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BVFP)
; fp64 is (_ FloatingPoint 11 53); operands are declared as bit patterns
(declare-const a_bits (_ BitVec 64))
(define-fun a () (_ FloatingPoint 11 53) ((_ to_fp 11 53) a_bits))
(define-fun isFinite ((x (_ FloatingPoint 11 53))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 11 53) (fp #b0 #b01111111111 #b0000000000000000000000000000000000000000000000000000))
(define-fun q () (_ FloatingPoint 11 53) (fp.sqrt RNE a))
(define-fun goal () Bool (=> (fp.isZero a)
                             (= q a)))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation add.float.fp64.special.inf_plus_finite
; An infinity plus a finite number, in either order, is that infinity
; requirements: E_ADD_FLOAT_FUNC_0020, E_ADD_FLOAT_FUNC_0010
; statement: isInfinite(a) and isFinite(b) -> isInfinite(a + b) and sign(a + b) = sign(a)
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation add.float.fp64.special.inf_plus_finite|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BVFP)
; fp64 is (_ FloatingPoint 11 53); operands are declared as bit patterns
(declare-const a_bits (_ BitVec 64))
(define-fun a () (_ FloatingPoint 11 53) ((_ to_fp 11 53) a_bits))
(declare-const b_bits (_ BitVec 64))
(define-fun b () (_ FloatingPoint 11 53) ((_ to_fp 11 53) b_bits))
(define-fun isFinite ((x (_ FloatingPoint 11 53))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 11 53) (fp #b0 #b01111111111 #b0000000000000000000000000000000000000000000000000000))
(define-fun q () (_ FloatingPoint 11 53) (fp.add RNE a b))
(define-fun goal () Bool (=> (and (fp.isInfinite a) (isFinite b))
                             (and (fp.isInfinite q) (= (fp.isNegative q) (fp.isNegative a)))))
(assert (not goal))
(check-sat)
(exit)

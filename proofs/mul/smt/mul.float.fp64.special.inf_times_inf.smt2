; divbridge proof obligation mul.float.fp64.special.inf_times_inf
; An infinity times a finite non-zero number or an infinity is an infinity carrying the product of the signs
; requirements: E_MUL_FLOAT_FUNC_0020, E_MUL_FLOAT_FUNC_0010
; statement: isInfinite(a) and isInfinite(b) -> isInfinite(a * b) and sign(a * b) = sign(a) xor sign(b)
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation mul.float.fp64.special.inf_times_inf|)
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
(define-fun q () (_ FloatingPoint 11 53) (fp.mul RNE a b))
(define-fun goal () Bool (=> (and (fp.isInfinite a) (fp.isInfinite b))
                             (and (fp.isInfinite q) (= (fp.isNegative q) (xor (fp.isNegative a) (fp.isNegative b))))))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation mul.float.fp32.special.inf_times_nonzero
; An infinity times a finite non-zero number or an infinity is an infinity carrying the product of the signs
; requirements: E_MUL_FLOAT_FUNC_0020, E_MUL_FLOAT_FUNC_0010
; statement: isInfinite(a) and isFinite(b) and not isZero(b) -> isInfinite(a * b) and sign(a * b) = sign(a) xor sign(b)
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation mul.float.fp32.special.inf_times_nonzero|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BVFP)
; fp32 is (_ FloatingPoint 8 24); operands are declared as bit patterns
(declare-const a_bits (_ BitVec 32))
(define-fun a () (_ FloatingPoint 8 24) ((_ to_fp 8 24) a_bits))
(declare-const b_bits (_ BitVec 32))
(define-fun b () (_ FloatingPoint 8 24) ((_ to_fp 8 24) b_bits))
(define-fun isFinite ((x (_ FloatingPoint 8 24))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 24) (fp #b0 #b01111111 #b00000000000000000000000))
(define-fun q () (_ FloatingPoint 8 24) (fp.mul RNE a b))
(define-fun goal () Bool (=> (and (fp.isInfinite a) (and (isFinite b) (not (fp.isZero b))))
                             (and (fp.isInfinite q) (= (fp.isNegative q) (xor (fp.isNegative a) (fp.isNegative b))))))
(assert (not goal))
(check-sat)
(exit)

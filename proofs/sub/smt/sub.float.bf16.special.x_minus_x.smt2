; divbridge proof obligation sub.float.bf16.special.x_minus_x
; An exact difference of zero is $+0$, except that a negative zero minus a positive zero is $-0$; in particular $x - x$ is $+0$
; requirements: E_SUB_FLOAT_FUNC_0010
; statement: isFinite(a) and not isZero(a) and isFinite(b) and not isZero(b) and a = b -> isZero(a - b) and a - b > 0 (positive sign)
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation sub.float.bf16.special.x_minus_x|)
; status: unsat, as z3 established on this file
(set-info :status unsat)
(set-logic QF_BVFP)
; bf16 is (_ FloatingPoint 8 8); operands are declared as bit patterns
(declare-const a_bits (_ BitVec 16))
(define-fun a () (_ FloatingPoint 8 8) ((_ to_fp 8 8) a_bits))
(declare-const b_bits (_ BitVec 16))
(define-fun b () (_ FloatingPoint 8 8) ((_ to_fp 8 8) b_bits))
(define-fun isFinite ((x (_ FloatingPoint 8 8))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 8) (fp #b0 #b01111111 #b0000000))
(define-fun q () (_ FloatingPoint 8 8) (fp.sub RNE a b))
(define-fun goal () Bool (=> (and (and (isFinite a) (not (fp.isZero a))) (and (isFinite b) (not (fp.isZero b))) (= a_bits b_bits))
                             (and (fp.isZero q) (fp.isPositive q))))
(assert (not goal))
(check-sat)
(exit)

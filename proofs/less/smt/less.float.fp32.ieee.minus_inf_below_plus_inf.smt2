; divbridge proof obligation less.float.fp32.ieee.minus_inf_below_plus_inf
; -inf is below +inf
; requirements: E_LESS_FLOAT_FUNC_0010
; statement: a = -inf and b = +inf -> less(a, b)
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation less.float.fp32.ieee.minus_inf_below_plus_inf|)
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
(define-fun less ((a (_ FloatingPoint 8 24)) (b (_ FloatingPoint 8 24))) Bool (fp.lt a b))
(define-fun q () Bool (less a b))
(define-fun goal () Bool (=> (and (and (fp.isInfinite a) (fp.isNegative a)) (and (fp.isInfinite b) (fp.isPositive b)))
                             q))
(assert (not goal))
(check-sat)
(exit)

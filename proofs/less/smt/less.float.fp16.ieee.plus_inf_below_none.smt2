; divbridge proof obligation less.float.fp16.ieee.plus_inf_below_none
; +inf is below nothing
; requirements: E_LESS_FLOAT_FUNC_0010
; statement: a = +inf -> not (less(a, b))
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation less.float.fp16.ieee.plus_inf_below_none|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BVFP)
; fp16 is (_ FloatingPoint 5 11); operands are declared as bit patterns
(declare-const a_bits (_ BitVec 16))
(define-fun a () (_ FloatingPoint 5 11) ((_ to_fp 5 11) a_bits))
(declare-const b_bits (_ BitVec 16))
(define-fun b () (_ FloatingPoint 5 11) ((_ to_fp 5 11) b_bits))
(define-fun isFinite ((x (_ FloatingPoint 5 11))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 5 11) (fp #b0 #b01111 #b0000000000))
(define-fun less ((a (_ FloatingPoint 5 11)) (b (_ FloatingPoint 5 11))) Bool (fp.lt a b))
(define-fun q () Bool (less a b))
(define-fun goal () Bool (=> (and (fp.isInfinite a) (fp.isPositive a))
                             (not q)))
(assert (not goal))
(check-sat)
(exit)

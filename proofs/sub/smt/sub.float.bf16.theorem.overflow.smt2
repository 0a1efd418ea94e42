; divbridge proof obligation sub.float.bf16.theorem.overflow
; probe: finite x, y give a finite x - y, as the bound needs (false: it overflows)
; requirements: E_SUB_FLOAT_FUNC_0010
; statement: probe: finite x, y give a finite x - y, as the bound needs (false: it overflows)
; expected: invalid, so the negated goal asserted below is sat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation sub.float.bf16.theorem.overflow|)
; status: sat, as z3 established on this file
(set-info :status sat)
(set-logic QF_BVFP)
; bf16 is (_ FloatingPoint 8 8); operands are declared as bit patterns
(declare-const x_bits (_ BitVec 16))
(define-fun x () (_ FloatingPoint 8 8) ((_ to_fp 8 8) x_bits))
(declare-const y_bits (_ BitVec 16))
(define-fun y () (_ FloatingPoint 8 8) ((_ to_fp 8 8) y_bits))
(define-fun isFinite ((x (_ FloatingPoint 8 8))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 8) (fp #b0 #b01111111 #b0000000))
; r = x - y rounded to nearest even
(define-fun r () (_ FloatingPoint 8 8) (fp.sub RNE x y))
(define-fun goal () Bool (=> (and (isFinite x) (isFinite y)) (isFinite r)))
(assert (not goal))
(check-sat)
(exit)

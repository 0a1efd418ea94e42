; divbridge proof obligation add.float.fp32.theorem.overflow
; probe: finite x, y give a finite x + y, as the bound needs (false: it overflows)
; requirements: E_ADD_FLOAT_FUNC_0010
; statement: probe: finite x, y give a finite x + y, as the bound needs (false: it overflows)
; expected: invalid, so the negated goal asserted below is sat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation add.float.fp32.theorem.overflow|)
; status: sat, as bitwuzla established on this file
(set-info :status sat)
(set-logic QF_BVFP)
; fp32 is (_ FloatingPoint 8 24); operands are declared as bit patterns
(declare-const x_bits (_ BitVec 32))
(define-fun x () (_ FloatingPoint 8 24) ((_ to_fp 8 24) x_bits))
(declare-const y_bits (_ BitVec 32))
(define-fun y () (_ FloatingPoint 8 24) ((_ to_fp 8 24) y_bits))
(define-fun isFinite ((x (_ FloatingPoint 8 24))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 24) (fp #b0 #b01111111 #b00000000000000000000000))
; r = x + y rounded to nearest even
(define-fun r () (_ FloatingPoint 8 24) (fp.add RNE x y))
(define-fun goal () Bool (=> (and (isFinite x) (isFinite y)) (isFinite r)))
(assert (not goal))
(check-sat)
(exit)

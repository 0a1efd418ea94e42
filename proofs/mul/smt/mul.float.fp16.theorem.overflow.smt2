; divbridge proof obligation mul.float.fp16.theorem.overflow
; probe: finite x, y give a finite x * y, as the bound needs (false: it overflows)
; requirements: E_MUL_FLOAT_FUNC_0010
; statement: probe: finite x, y give a finite x * y, as the bound needs (false: it overflows)
; expected: invalid, so the negated goal asserted below is sat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation mul.float.fp16.theorem.overflow|)
; status: sat, as bitwuzla established on this file
(set-info :status sat)
(set-logic QF_BVFP)
; fp16 is (_ FloatingPoint 5 11); operands are declared as bit patterns
(declare-const x_bits (_ BitVec 16))
(define-fun x () (_ FloatingPoint 5 11) ((_ to_fp 5 11) x_bits))
(declare-const y_bits (_ BitVec 16))
(define-fun y () (_ FloatingPoint 5 11) ((_ to_fp 5 11) y_bits))
(define-fun isFinite ((x (_ FloatingPoint 5 11))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 5 11) (fp #b0 #b01111 #b0000000000))
; r = x * y rounded to nearest even
(define-fun r () (_ FloatingPoint 5 11) (fp.mul RNE x y))
(define-fun goal () Bool (=> (and (isFinite x) (isFinite y)) (isFinite r)))
(assert (not goal))
(check-sat)
(exit)

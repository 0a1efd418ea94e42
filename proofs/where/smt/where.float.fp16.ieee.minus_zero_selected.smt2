; divbridge proof obligation where.float.fp16.ieee.minus_zero_selected
; a -0 selected keeps its sign
; requirements: E_WHERE_FLOAT_FUNC_0010
; statement: not cond and y = -0 -> isZero(where(cond, x, y)) and where(cond, x, y) < 0 (negative sign)
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation where.float.fp16.ieee.minus_zero_selected|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BVFP)
; fp16 is (_ FloatingPoint 5 11); operands are declared as bit patterns
(declare-const cond_bits (_ BitVec 1))
(define-fun cond () Bool (= cond_bits #b1))
(declare-const x_bits (_ BitVec 16))
(define-fun x () (_ FloatingPoint 5 11) ((_ to_fp 5 11) x_bits))
(declare-const y_bits (_ BitVec 16))
(define-fun y () (_ FloatingPoint 5 11) ((_ to_fp 5 11) y_bits))
(define-fun isFinite ((x (_ FloatingPoint 5 11))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 5 11) (fp #b0 #b01111 #b0000000000))
(define-fun where ((cond Bool) (x (_ FloatingPoint 5 11)) (y (_ FloatingPoint 5 11))) (_ FloatingPoint 5 11) (ite cond x y))
(define-fun q () (_ FloatingPoint 5 11) (where cond x y))
(define-fun goal () Bool (=> (and (not cond) (and (fp.isZero y) (fp.isNegative y)))
                             (and (fp.isZero q) (fp.isNegative q))))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation where.float.bf16.generic.always_first
; where(cond, x, y) = x (false where cond does not hold)
; requirements: E_WHERE_FLOAT_FUNC_0010
; statement: where(cond, x, y) = x (false where cond does not hold)
; expected: invalid, so the negated goal asserted below is sat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation where.float.bf16.generic.always_first|)
; status: sat, as z3 established on this file
(set-info :status sat)
(set-logic QF_BVFP)
; bf16 is (_ FloatingPoint 8 8); operands are declared as bit patterns
(declare-const cond_bits (_ BitVec 1))
(define-fun cond () Bool (= cond_bits #b1))
(declare-const x_bits (_ BitVec 16))
(define-fun x () (_ FloatingPoint 8 8) ((_ to_fp 8 8) x_bits))
(declare-const y_bits (_ BitVec 16))
(define-fun y () (_ FloatingPoint 8 8) ((_ to_fp 8 8) y_bits))
(define-fun isFinite ((x (_ FloatingPoint 8 8))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 8) (fp #b0 #b01111111 #b0000000))
(define-fun where ((cond Bool) (x (_ FloatingPoint 8 8)) (y (_ FloatingPoint 8 8))) (_ FloatingPoint 8 8) (ite cond x y))
(define-fun q () (_ FloatingPoint 8 8) (where cond x y))
; where(cond, x, y) = x (false where cond does not hold): the same float on both sides (NaN equal to NaN)
(define-fun goal () Bool (= (where cond x y)
                            x))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation where.float.fp64.generic.always_first
; where(cond, x, y) = x (false where cond does not hold)
; requirements: E_WHERE_FLOAT_FUNC_0010
; statement: where(cond, x, y) = x (false where cond does not hold)
; expected: invalid, so the negated goal asserted below is sat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation where.float.fp64.generic.always_first|)
; status: sat, as bitwuzla established on this file
(set-info :status sat)
(set-logic QF_BVFP)
; fp64 is (_ FloatingPoint 11 53); operands are declared as bit patterns
(declare-const cond_bits (_ BitVec 1))
(define-fun cond () Bool (= cond_bits #b1))
(declare-const x_bits (_ BitVec 64))
(define-fun x () (_ FloatingPoint 11 53) ((_ to_fp 11 53) x_bits))
(declare-const y_bits (_ BitVec 64))
(define-fun y () (_ FloatingPoint 11 53) ((_ to_fp 11 53) y_bits))
(define-fun isFinite ((x (_ FloatingPoint 11 53))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 11 53) (fp #b0 #b01111111111 #b0000000000000000000000000000000000000000000000000000))
(define-fun where ((cond Bool) (x (_ FloatingPoint 11 53)) (y (_ FloatingPoint 11 53))) (_ FloatingPoint 11 53) (ite cond x y))
(define-fun q () (_ FloatingPoint 11 53) (where cond x y))
; where(cond, x, y) = x (false where cond does not hold): the same float on both sides (NaN equal to NaN)
(define-fun goal () Bool (= (where cond x y)
                            x))
(assert (not goal))
(check-sat)
(exit)

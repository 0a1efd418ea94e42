; divbridge proof obligation where.float.fp16.generic.same_choices
; where(cond, x, x) = x
; requirements: E_WHERE_FLOAT_FUNC_0010
; statement: where(cond, x, x) = x
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation where.float.fp16.generic.same_choices|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BVFP)
; fp16 is (_ FloatingPoint 5 11); operands are declared as bit patterns
(declare-const cond_bits (_ BitVec 1))
(define-fun cond () Bool (= cond_bits #b1))
(declare-const x_bits (_ BitVec 16))
(define-fun x () (_ FloatingPoint 5 11) ((_ to_fp 5 11) x_bits))
(define-fun isFinite ((x (_ FloatingPoint 5 11))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 5 11) (fp #b0 #b01111 #b0000000000))
(define-fun where ((cond Bool) (x (_ FloatingPoint 5 11)) (y (_ FloatingPoint 5 11))) (_ FloatingPoint 5 11) (ite cond x y))
; where(cond, x, x) = x: the same float on both sides (NaN equal to NaN)
(define-fun goal () Bool (= (where cond x x)
                            x))
(assert (not goal))
(check-sat)
(exit)

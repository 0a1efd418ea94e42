; divbridge proof obligation float.fp32.generic.div_by_one
; A / 1 = A
; requirements: E_DIV_FLOAT_DEF_0010
; statement: not isNaN(a) -> a / 1 = a
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation float.fp32.generic.div_by_one|)
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
(define-fun q () (_ FloatingPoint 8 24) (fp.div RNE a b))
(define-fun goal () Bool (=> (not (fp.isNaN a)) (= (fp.div RNE a one) a)))
(assert (not goal))
(check-sat)
(exit)

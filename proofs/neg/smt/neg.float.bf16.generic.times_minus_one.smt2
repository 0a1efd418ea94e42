; divbridge proof obligation neg.float.bf16.generic.times_minus_one
; -x = x * (-1)
; requirements: E_NEG_FLOAT_FUNC_0010
; statement: -x = x * (-1)
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation neg.float.bf16.generic.times_minus_one|)
; status: unsat, as z3 established on this file
(set-info :status unsat)
(set-logic QF_BVFP)
; bf16 is (_ FloatingPoint 8 8); operands are declared as bit patterns
(declare-const x_bits (_ BitVec 16))
(define-fun x () (_ FloatingPoint 8 8) ((_ to_fp 8 8) x_bits))
(define-fun isFinite ((x (_ FloatingPoint 8 8))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 8) (fp #b0 #b01111111 #b0000000))
; -x = x * (-1): the same float on both sides (NaN equal to NaN)
(define-fun goal () Bool (= (fp.neg x)
                            (fp.mul RNE x (fp.neg one))))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation sub.float.bf16.generic.minus_self
; x - x = 0 (false at x = inf: NaN)
; requirements: E_SUB_FLOAT_FUNC_0010
; statement: x - x = 0 (false at x = inf: NaN)
; expected: invalid, so the negated goal asserted below is sat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation sub.float.bf16.generic.minus_self|)
; status: sat, as z3 established on this file
(set-info :status sat)
(set-logic QF_BVFP)
; bf16 is (_ FloatingPoint 8 8); operands are declared as bit patterns
(declare-const x_bits (_ BitVec 16))
(define-fun x () (_ FloatingPoint 8 8) ((_ to_fp 8 8) x_bits))
(define-fun isFinite ((x (_ FloatingPoint 8 8))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 8) (fp #b0 #b01111111 #b0000000))
; x - x = 0 (false at x = inf: NaN): the same float on both sides (NaN equal to NaN)
(define-fun goal () Bool (= (fp.sub RNE x x)
                            (_ +zero 8 8)))
(assert (not goal))
(check-sat)
(exit)

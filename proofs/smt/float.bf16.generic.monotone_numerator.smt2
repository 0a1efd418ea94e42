; divbridge proof obligation float.bf16.generic.monotone_numerator
; A / B is monotone in A for finite B > 0
; requirements: E_DIV_FLOAT_DEF_0010
; statement: not isNaN(a1) and not isNaN(a2) and isFinite(b) and b > 0 and a1 <= a2 -> a1 / b <= a2 / b
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation float.bf16.generic.monotone_numerator|)
; status: no SMT solver decided this file; the obligation's verdict (proved) is coq's
(set-info :status unknown)
(set-logic QF_BVFP)
; bf16 is (_ FloatingPoint 8 8); operands are declared as bit patterns
(declare-const a1_bits (_ BitVec 16))
(define-fun a1 () (_ FloatingPoint 8 8) ((_ to_fp 8 8) a1_bits))
(declare-const a2_bits (_ BitVec 16))
(define-fun a2 () (_ FloatingPoint 8 8) ((_ to_fp 8 8) a2_bits))
(declare-const b_bits (_ BitVec 16))
(define-fun b () (_ FloatingPoint 8 8) ((_ to_fp 8 8) b_bits))
(define-fun isFinite ((x (_ FloatingPoint 8 8))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 8) (fp #b0 #b01111111 #b0000000))
(define-fun goal () Bool (=> (and (not (fp.isNaN a1)) (not (fp.isNaN a2)) (isFinite b) (fp.gt b (_ +zero 8 8))
                                  (fp.leq a1 a2))
                             (fp.leq (fp.div RNE a1 b) (fp.div RNE a2 b))))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation add.float.fp16.table.no_earlier_row_applies
; case table 1, row no earlier row applies -> A+B
; requirements: E_ADD_INT_FUNC_0010
; statement: no earlier row applies -> a + b = A+B
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation add.float.fp16.table.no_earlier_row_applies|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BVFP)
; fp16 is (_ FloatingPoint 5 11); operands are declared as bit patterns
(declare-const a_bits (_ BitVec 16))
(define-fun a () (_ FloatingPoint 5 11) ((_ to_fp 5 11) a_bits))
(declare-const b_bits (_ BitVec 16))
(define-fun b () (_ FloatingPoint 5 11) ((_ to_fp 5 11) b_bits))
(define-fun isFinite ((x (_ FloatingPoint 5 11))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 5 11) (fp #b0 #b01111 #b0000000000))
(define-fun q () (_ FloatingPoint 5 11) (fp.add RNE a b))
(define-fun goal () Bool (=> (not (or (or (fp.isNaN a) (fp.isNaN b)) (and (fp.eq a (fp #b0 #b11111 #b0000000000)) (fp.eq b (fp #b1 #b11111 #b0000000000))) (and (fp.eq a (fp #b1 #b11111 #b0000000000)) (fp.eq b (fp #b0 #b11111 #b0000000000))) (and (fp.isInfinite a) (isFinite b)) (and (fp.isInfinite a) (fp.eq b a)) (and (isFinite a) (fp.isInfinite b)) (and (and (fp.isZero a) (fp.isNegative a)) (and (fp.isZero b) (fp.isNegative b)))))
                             (= q (fp.add RNE a b))))
(assert (not goal))
(check-sat)
(exit)

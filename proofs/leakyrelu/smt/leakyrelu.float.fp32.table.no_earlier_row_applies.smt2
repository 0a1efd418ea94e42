; divbridge proof obligation leakyrelu.float.fp32.table.no_earlier_row_applies
; case table 1, row no earlier row applies -> A
; requirements: E_LEAKYRELU_FLOAT_FUNC_0010
; statement: no earlier row applies -> leaky_rectify(a, alpha) = A
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation leakyrelu.float.fp32.table.no_earlier_row_applies|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BVFP)
; fp32 is (_ FloatingPoint 8 24); operands are declared as bit patterns
(declare-const a_bits (_ BitVec 32))
(define-fun a () (_ FloatingPoint 8 24) ((_ to_fp 8 24) a_bits))
(declare-const alpha_bits (_ BitVec 32))
(define-fun alpha () (_ FloatingPoint 8 24) ((_ to_fp 8 24) alpha_bits))
(define-fun isFinite ((x (_ FloatingPoint 8 24))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 24) (fp #b0 #b01111111 #b00000000000000000000000))
(define-fun leaky_rectify ((a (_ FloatingPoint 8 24)) (alpha (_ FloatingPoint 8 24))) (_ FloatingPoint 8 24) (ite (fp.lt a (_ +zero 8 24)) (fp.mul RNE alpha a) a))
(define-fun q () (_ FloatingPoint 8 24) (leaky_rectify a alpha))
(define-fun goal () Bool (=> (not (or (fp.isNaN a) (and (fp.lt a (fp #b0 #b00000000 #b00000000000000000000000)) (fp.isNaN alpha)) (and (fp.eq a (fp #b1 #b11111111 #b00000000000000000000000)) (fp.gt alpha (fp #b0 #b00000000 #b00000000000000000000000))) (and (fp.eq a (fp #b1 #b11111111 #b00000000000000000000000)) (fp.eq alpha (fp #b0 #b00000000 #b00000000000000000000000))) (fp.lt a (fp #b0 #b00000000 #b00000000000000000000000))))
                             (= q a)))
(assert (not goal))
(check-sat)
(exit)

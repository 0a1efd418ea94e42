; divbridge proof obligation relu.float.fp32.table.no_earlier_row_applies
; case table 1, row no earlier row applies -> A
; requirements: E_RELU_FLOAT_FUNC_0010
; statement: no earlier row applies -> rectify(a) = A
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation relu.float.fp32.table.no_earlier_row_applies|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BVFP)
; fp32 is (_ FloatingPoint 8 24); operands are declared as bit patterns
(declare-const a_bits (_ BitVec 32))
(define-fun a () (_ FloatingPoint 8 24) ((_ to_fp 8 24) a_bits))
(define-fun isFinite ((x (_ FloatingPoint 8 24))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 24) (fp #b0 #b01111111 #b00000000000000000000000))
(define-fun rectify ((a (_ FloatingPoint 8 24))) (_ FloatingPoint 8 24) (ite (fp.lt a (_ +zero 8 24)) (_ +zero 8 24) a))
(define-fun q () (_ FloatingPoint 8 24) (rectify a))
(define-fun goal () Bool (=> (not (or (fp.isNaN a) (fp.lt a (fp #b0 #b00000000 #b00000000000000000000000))))
                             (= q a)))
(assert (not goal))
(check-sat)
(exit)

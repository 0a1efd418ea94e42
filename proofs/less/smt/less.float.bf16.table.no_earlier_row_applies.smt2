; divbridge proof obligation less.float.bf16.table.no_earlier_row_applies
; case table 1, row no earlier row applies -> False
; requirements: E_LESS_FLOAT_FUNC_0010
; statement: no earlier row applies -> less(a, b) = False
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation less.float.bf16.table.no_earlier_row_applies|)
; status: unsat, as z3 established on this file
(set-info :status unsat)
(set-logic QF_BVFP)
; bf16 is (_ FloatingPoint 8 8); operands are declared as bit patterns
(declare-const a_bits (_ BitVec 16))
(define-fun a () (_ FloatingPoint 8 8) ((_ to_fp 8 8) a_bits))
(declare-const b_bits (_ BitVec 16))
(define-fun b () (_ FloatingPoint 8 8) ((_ to_fp 8 8) b_bits))
(define-fun isFinite ((x (_ FloatingPoint 8 8))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 8) (fp #b0 #b01111111 #b0000000))
(define-fun less ((a (_ FloatingPoint 8 8)) (b (_ FloatingPoint 8 8))) Bool (fp.lt a b))
(define-fun q () Bool (less a b))
(define-fun goal () Bool (=> (not (or (fp.isNaN a) (fp.isNaN b) (and (fp.eq a (fp #b0 #b00000000 #b0000000)) (fp.eq b (fp #b0 #b00000000 #b0000000))) (fp.lt a b)))
                             (not q)))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation less.float.fp16.table.a_eq_0_and_b_eq_0
; case table 1, row A = 0 and B = 0 -> False
; requirements: E_LESS_FLOAT_FUNC_0010
; statement: A = 0 and B = 0 -> less(a, b) = False
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation less.float.fp16.table.a_eq_0_and_b_eq_0|)
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
(define-fun less ((a (_ FloatingPoint 5 11)) (b (_ FloatingPoint 5 11))) Bool (fp.lt a b))
(define-fun q () Bool (less a b))
(define-fun goal () Bool (=> (and (fp.eq a (fp #b0 #b00000 #b0000000000)) (fp.eq b (fp #b0 #b00000 #b0000000000)))
                             (not q)))
(assert (not goal))
(check-sat)
(exit)

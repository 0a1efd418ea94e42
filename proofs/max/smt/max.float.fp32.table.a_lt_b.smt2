; divbridge proof obligation max.float.fp32.table.a_lt_b
; case table 1, row A < B -> B
; requirements: E_MAX_FLOAT_FUNC_0020
; statement: A < B -> larger_of(a, b) = B
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation max.float.fp32.table.a_lt_b|)
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
(define-fun larger_of ((a (_ FloatingPoint 8 24)) (b (_ FloatingPoint 8 24))) (_ FloatingPoint 8 24) (ite (fp.isNaN a) a (ite (fp.isNaN b) b (ite (fp.lt a b) b (ite (fp.lt b a) a (ite (fp.isNegative a) b a))))))
(define-fun q () (_ FloatingPoint 8 24) (larger_of a b))
(define-fun goal () Bool (=> (fp.lt a b)
                             (= q b)))
(assert (not goal))
(check-sat)
(exit)

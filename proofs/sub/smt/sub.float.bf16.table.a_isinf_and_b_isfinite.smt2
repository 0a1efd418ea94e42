; divbridge proof obligation sub.float.bf16.table.a_isinf_and_b_isfinite
; case table 1, row A isinf and B isfinite -> A
; requirements: E_SUB_INT_FUNC_0010
; statement: A isinf and B isfinite -> a - b = A
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation sub.float.bf16.table.a_isinf_and_b_isfinite|)
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
(define-fun q () (_ FloatingPoint 8 8) (fp.sub RNE a b))
(define-fun goal () Bool (=> (and (fp.isInfinite a) (isFinite b))
                             (= q a)))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation sub.float.fp64.table.a_isinf_and_b_isfinite
; case table 1, row A isinf and B isfinite -> A
; requirements: E_SUB_INT_FUNC_0010
; statement: A isinf and B isfinite -> a - b = A
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation sub.float.fp64.table.a_isinf_and_b_isfinite|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BVFP)
; fp64 is (_ FloatingPoint 11 53); operands are declared as bit patterns
(declare-const a_bits (_ BitVec 64))
(define-fun a () (_ FloatingPoint 11 53) ((_ to_fp 11 53) a_bits))
(declare-const b_bits (_ BitVec 64))
(define-fun b () (_ FloatingPoint 11 53) ((_ to_fp 11 53) b_bits))
(define-fun isFinite ((x (_ FloatingPoint 11 53))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 11 53) (fp #b0 #b01111111111 #b0000000000000000000000000000000000000000000000000000))
(define-fun q () (_ FloatingPoint 11 53) (fp.sub RNE a b))
(define-fun goal () Bool (=> (and (fp.isInfinite a) (isFinite b))
                             (= q a)))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation sub.int.int64.wraparound.fact_2
; bvsub on int64: MIN - 2^n < A - B and A - B < MAX + 2^n
; requirements: E_SUB_INT_FUNC_0010
; statement: MIN - 2^n < A - B and A - B < MAX + 2^n
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation sub.int.int64.wraparound.fact_2|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int64 values are 64-bit vectors in two's complement; SMT-LIB's bvsub is the
; operator under proof (it wraps around modulo 2^64).
(declare-const a (_ BitVec 64))
(declare-const b (_ BitVec 64))
(define-fun c () (_ BitVec 64) (bvsub a b))
; exact integer arithmetic in 130-bit vectors (nothing overflows there); C is the operator's result, c, read as a signed integer
(define-fun C () (_ BitVec 130) ((_ sign_extend 66) c))
(define-fun goal () Bool (and (bvslt (bvsub (_ bv1361129467683753853844275057690218070016 130) (_ bv18446744073709551616 130)) (bvsub ((_ sign_extend 66) a) ((_ sign_extend 66) b))) (bvslt (bvsub ((_ sign_extend 66) a) ((_ sign_extend 66) b)) (bvadd (_ bv9223372036854775807 130) (_ bv18446744073709551616 130)))))
(assert (not goal))
(check-sat)
(exit)

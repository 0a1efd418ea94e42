; divbridge proof obligation sub.int.uint64.wraparound.cases_5.a_lt_b
; bvsub on uint64: A < B → C = A - B + 2^n
; requirements: E_SUB_INT_FUNC_0010
; statement: A < B → C = A - B + 2^n
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation sub.int.uint64.wraparound.cases_5.a_lt_b|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; uint64 values are 64-bit vectors; SMT-LIB's bvsub is the
; operator under proof (it wraps around modulo 2^64).
(declare-const a (_ BitVec 64))
(declare-const b (_ BitVec 64))
(define-fun c () (_ BitVec 64) (bvsub a b))
; exact integer arithmetic in 130-bit vectors (nothing overflows there); C is the operator's result, c, read as an unsigned integer
(define-fun C () (_ BitVec 130) ((_ zero_extend 66) c))
(define-fun goal () Bool (=> (bvslt ((_ zero_extend 66) a) ((_ zero_extend 66) b)) (= C (bvadd (bvsub ((_ zero_extend 66) a) ((_ zero_extend 66) b)) (_ bv18446744073709551616 130)))))
(assert (not goal))
(check-sat)
(exit)

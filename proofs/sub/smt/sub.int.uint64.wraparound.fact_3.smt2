; divbridge proof obligation sub.int.uint64.wraparound.fact_3
; bvsub on uint64: A - B ≤ MAX
; requirements: E_SUB_INT_FUNC_0010
; statement: A - B ≤ MAX
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation sub.int.uint64.wraparound.fact_3|)
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
(define-fun goal () Bool (bvsle (bvsub ((_ zero_extend 66) a) ((_ zero_extend 66) b)) (_ bv18446744073709551615 130)))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation abs.int.uint8.wraparound.cases_1.a_ge_0
; absolute on uint8: A ≥ 0 → C = A
; requirements: E_ABS_INT_FUNC_0010
; statement: A ≥ 0 → C = A
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation abs.int.uint8.wraparound.cases_1.a_ge_0|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; uint8 values are 8-bit vectors; SMT-LIB's absolute is the
; operator under proof (it wraps around modulo 2^8).
(declare-const a (_ BitVec 8))
(define-fun absolute ((a (_ BitVec 8))) (_ BitVec 8) a)
(define-fun c () (_ BitVec 8) (absolute a))
; exact integer arithmetic in 18-bit vectors (nothing overflows there); C is the operator's result, c, read as an unsigned integer
(define-fun C () (_ BitVec 18) ((_ zero_extend 10) c))
(define-fun goal () Bool (=> (bvsge ((_ zero_extend 10) a) (_ bv0 18)) (= C ((_ zero_extend 10) a))))
(assert (not goal))
(check-sat)
(exit)

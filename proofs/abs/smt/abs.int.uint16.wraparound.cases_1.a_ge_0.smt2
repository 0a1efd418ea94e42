; divbridge proof obligation abs.int.uint16.wraparound.cases_1.a_ge_0
; absolute on uint16: A ≥ 0 → C = A
; requirements: E_ABS_INT_FUNC_0010
; statement: A ≥ 0 → C = A
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation abs.int.uint16.wraparound.cases_1.a_ge_0|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; uint16 values are 16-bit vectors; SMT-LIB's absolute is the
; operator under proof (it wraps around modulo 2^16).
(declare-const a (_ BitVec 16))
(define-fun absolute ((a (_ BitVec 16))) (_ BitVec 16) a)
(define-fun c () (_ BitVec 16) (absolute a))
; exact integer arithmetic in 34-bit vectors (nothing overflows there); C is the operator's result, c, read as an unsigned integer
(define-fun C () (_ BitVec 34) ((_ zero_extend 18) c))
(define-fun goal () Bool (=> (bvsge ((_ zero_extend 18) a) (_ bv0 34)) (= C ((_ zero_extend 18) a))))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation max.int.uint32.wraparound.cases_1.a_lt_b
; larger_of on uint32: A < B → C = B
; requirements: E_MAX_INT_FUNC_0020
; statement: A < B → C = B
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation max.int.uint32.wraparound.cases_1.a_lt_b|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; uint32 values are 32-bit vectors; SMT-LIB's larger_of is the
; operator under proof (its result always fits).
(declare-const a (_ BitVec 32))
(declare-const b (_ BitVec 32))
(define-fun larger_of ((a (_ BitVec 32)) (b (_ BitVec 32))) (_ BitVec 32) (ite (bvult a b) b a))
(define-fun c () (_ BitVec 32) (larger_of a b))
; exact integer arithmetic in 66-bit vectors (nothing overflows there); C is the operator's result, c, read as an unsigned integer
(define-fun C () (_ BitVec 66) ((_ zero_extend 34) c))
(define-fun goal () Bool (=> (bvslt ((_ zero_extend 34) a) ((_ zero_extend 34) b)) (= C ((_ zero_extend 34) b))))
(assert (not goal))
(check-sat)
(exit)

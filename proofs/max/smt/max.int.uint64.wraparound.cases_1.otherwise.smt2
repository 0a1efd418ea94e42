; divbridge proof obligation max.int.uint64.wraparound.cases_1.otherwise
; larger_of on uint64: otherwise → C = A
; requirements: E_MAX_INT_FUNC_0020
; statement: otherwise → C = A
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation max.int.uint64.wraparound.cases_1.otherwise|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; uint64 values are 64-bit vectors; SMT-LIB's larger_of is the
; operator under proof (its result always fits).
(declare-const a (_ BitVec 64))
(declare-const b (_ BitVec 64))
(define-fun larger_of ((a (_ BitVec 64)) (b (_ BitVec 64))) (_ BitVec 64) (ite (bvult a b) b a))
(define-fun c () (_ BitVec 64) (larger_of a b))
; exact integer arithmetic in 130-bit vectors (nothing overflows there); C is the operator's result, c, read as an unsigned integer
(define-fun C () (_ BitVec 130) ((_ zero_extend 66) c))
(define-fun goal () Bool (=> (not (bvslt ((_ zero_extend 66) a) ((_ zero_extend 66) b))) (= C ((_ zero_extend 66) a))))
(assert (not goal))
(check-sat)
(exit)

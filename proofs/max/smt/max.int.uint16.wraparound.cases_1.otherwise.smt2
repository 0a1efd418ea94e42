; divbridge proof obligation max.int.uint16.wraparound.cases_1.otherwise
; larger_of on uint16: otherwise → C = A
; requirements: E_MAX_INT_FUNC_0020
; statement: otherwise → C = A
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation max.int.uint16.wraparound.cases_1.otherwise|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; uint16 values are 16-bit vectors; SMT-LIB's larger_of is the
; operator under proof (its result always fits).
(declare-const a (_ BitVec 16))
(declare-const b (_ BitVec 16))
(define-fun larger_of ((a (_ BitVec 16)) (b (_ BitVec 16))) (_ BitVec 16) (ite (bvult a b) b a))
(define-fun c () (_ BitVec 16) (larger_of a b))
; exact integer arithmetic in 34-bit vectors (nothing overflows there); C is the operator's result, c, read as an unsigned integer
(define-fun C () (_ BitVec 34) ((_ zero_extend 18) c))
(define-fun goal () Bool (=> (not (bvslt ((_ zero_extend 18) a) ((_ zero_extend 18) b))) (= C ((_ zero_extend 18) a))))
(assert (not goal))
(check-sat)
(exit)

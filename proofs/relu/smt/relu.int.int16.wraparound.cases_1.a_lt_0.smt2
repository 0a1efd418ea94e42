; divbridge proof obligation relu.int.int16.wraparound.cases_1.a_lt_0
; rectify on int16: A < 0 → C = 0
; requirements: E_RELU_INT_FUNC_0010
; statement: A < 0 → C = 0
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation relu.int.int16.wraparound.cases_1.a_lt_0|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int16 values are 16-bit vectors in two's complement; SMT-LIB's rectify is the
; operator under proof (its result always fits).
(declare-const a (_ BitVec 16))
(define-fun rectify ((a (_ BitVec 16))) (_ BitVec 16) (ite (bvslt a (_ bv0 16)) (_ bv0 16) a))
(define-fun c () (_ BitVec 16) (rectify a))
; exact integer arithmetic in 34-bit vectors (nothing overflows there); C is the operator's result, c, read as a signed integer
(define-fun C () (_ BitVec 34) ((_ sign_extend 18) c))
(define-fun goal () Bool (=> (bvslt ((_ sign_extend 18) a) (_ bv0 34)) (= C (_ bv0 34))))
(assert (not goal))
(check-sat)
(exit)

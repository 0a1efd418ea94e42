; divbridge proof obligation relu.int.int8.wraparound.cases_1.otherwise
; rectify on int8: otherwise → C = A
; requirements: E_RELU_INT_FUNC_0010
; statement: otherwise → C = A
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation relu.int.int8.wraparound.cases_1.otherwise|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int8 values are 8-bit vectors in two's complement; SMT-LIB's rectify is the
; operator under proof (its result always fits).
(declare-const a (_ BitVec 8))
(define-fun rectify ((a (_ BitVec 8))) (_ BitVec 8) (ite (bvslt a (_ bv0 8)) (_ bv0 8) a))
(define-fun c () (_ BitVec 8) (rectify a))
; exact integer arithmetic in 18-bit vectors (nothing overflows there); C is the operator's result, c, read as a signed integer
(define-fun C () (_ BitVec 18) ((_ sign_extend 10) c))
(define-fun goal () Bool (=> (not (bvslt ((_ sign_extend 10) a) (_ bv0 18))) (= C ((_ sign_extend 10) a))))
(assert (not goal))
(check-sat)
(exit)

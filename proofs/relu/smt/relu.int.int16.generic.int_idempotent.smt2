; divbridge proof obligation relu.int.int16.generic.int_idempotent
; relu(relu(x)) = relu(x)
; requirements: E_RELU_INT_FUNC_0010
; statement: relu(relu(x)) = relu(x)
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation relu.int.int16.generic.int_idempotent|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int16 values are 16-bit vectors in two's complement; SMT-LIB's rectify is the
; operator under proof (its result always fits).
(declare-const x (_ BitVec 16))
(define-fun rectify ((a (_ BitVec 16))) (_ BitVec 16) (ite (bvslt a (_ bv0 16)) (_ bv0 16) a))
; relu(relu(x)) = relu(x): the same value on both sides
(define-fun goal () Bool (= (rectify (rectify x))
                            (rectify x)))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation relu.int.int64.generic.int_not_below_zero
; relu(x) >= 0
; requirements: E_RELU_INT_FUNC_0010
; statement: relu(x) >= 0
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation relu.int.int64.generic.int_not_below_zero|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int64 values are 64-bit vectors in two's complement; SMT-LIB's rectify is the
; operator under proof (its result always fits).
(declare-const x (_ BitVec 64))
(define-fun rectify ((a (_ BitVec 64))) (_ BitVec 64) (ite (bvslt a (_ bv0 64)) (_ bv0 64) a))
; relu(x) >= 0: the same value on both sides
(define-fun goal () Bool (bvsle (_ bv0 64) (rectify x)))
(assert (not goal))
(check-sat)
(exit)

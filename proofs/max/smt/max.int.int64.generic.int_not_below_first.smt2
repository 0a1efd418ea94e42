; divbridge proof obligation max.int.int64.generic.int_not_below_first
; x <= max(x, y)
; requirements: E_MAX_INT_FUNC_0020
; statement: x <= max(x, y)
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation max.int.int64.generic.int_not_below_first|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int64 values are 64-bit vectors in two's complement; SMT-LIB's larger_of is the
; operator under proof (its result always fits).
(declare-const x (_ BitVec 64))
(declare-const y (_ BitVec 64))
(define-fun larger_of ((a (_ BitVec 64)) (b (_ BitVec 64))) (_ BitVec 64) (ite (bvslt a b) b a))
; x <= max(x, y): the same value on both sides
(define-fun goal () Bool (bvsle x (larger_of x y)))
(assert (not goal))
(check-sat)
(exit)

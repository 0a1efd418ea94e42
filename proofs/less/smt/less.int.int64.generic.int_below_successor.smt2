; divbridge proof obligation less.int.int64.generic.int_below_successor
; x < x + 1 (false at the type's largest value: x + 1 wraps around)
; requirements: E_LESS_INT_FUNC_0010
; statement: x < x + 1 (false at the type's largest value: x + 1 wraps around)
; expected: invalid, so the negated goal asserted below is sat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation less.int.int64.generic.int_below_successor|)
; status: sat, as bitwuzla established on this file
(set-info :status sat)
(set-logic QF_BV)
; int64 values are 64-bit vectors in two's complement; SMT-LIB's less is the
; operator under proof (its result always fits).
(declare-const x (_ BitVec 64))
(define-fun less ((a (_ BitVec 64)) (b (_ BitVec 64))) Bool (bvslt a b))
; x < x + 1 (false at the type's largest value: x + 1 wraps around): the same value on both sides
(define-fun goal () Bool (less x (bvadd x (_ bv1 64))))
(assert (not goal))
(check-sat)
(exit)

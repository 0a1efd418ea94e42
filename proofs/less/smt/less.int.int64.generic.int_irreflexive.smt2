; divbridge proof obligation less.int.int64.generic.int_irreflexive
; not (x < x)
; requirements: E_LESS_INT_FUNC_0010
; statement: not (x < x)
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation less.int.int64.generic.int_irreflexive|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int64 values are 64-bit vectors in two's complement; SMT-LIB's less is the
; operator under proof (its result always fits).
(declare-const x (_ BitVec 64))
(define-fun less ((a (_ BitVec 64)) (b (_ BitVec 64))) Bool (bvslt a b))
; not (x < x): the same value on both sides
(define-fun goal () Bool (not (less x x)))
(assert (not goal))
(check-sat)
(exit)

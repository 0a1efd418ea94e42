; divbridge proof obligation less.int.int64.generic.int_total
; x < y or y < x or x = y
; requirements: E_LESS_INT_FUNC_0010
; statement: x < y or y < x or x = y
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation less.int.int64.generic.int_total|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int64 values are 64-bit vectors in two's complement; SMT-LIB's less is the
; operator under proof (its result always fits).
(declare-const x (_ BitVec 64))
(declare-const y (_ BitVec 64))
(define-fun less ((a (_ BitVec 64)) (b (_ BitVec 64))) Bool (bvslt a b))
; x < y or y < x or x = y: the same value on both sides
(define-fun goal () Bool (or (less x y) (or (less y x) (= x y))))
(assert (not goal))
(check-sat)
(exit)

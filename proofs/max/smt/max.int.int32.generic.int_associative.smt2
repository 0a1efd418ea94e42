; divbridge proof obligation max.int.int32.generic.int_associative
; max(max(x, y), z) = max(x, max(y, z))
; requirements: E_MAX_INT_FUNC_0020
; statement: max(max(x, y), z) = max(x, max(y, z))
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation max.int.int32.generic.int_associative|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int32 values are 32-bit vectors in two's complement; SMT-LIB's larger_of is the
; operator under proof (its result always fits).
(declare-const x (_ BitVec 32))
(declare-const y (_ BitVec 32))
(declare-const z (_ BitVec 32))
(define-fun larger_of ((a (_ BitVec 32)) (b (_ BitVec 32))) (_ BitVec 32) (ite (bvslt a b) b a))
; max(max(x, y), z) = max(x, max(y, z)): the same value on both sides
(define-fun goal () Bool (= (larger_of (larger_of x y) z)
                            (larger_of x (larger_of y z))))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation max.int.int8.example.example_1
; worked example 1
; requirements: E_MAX_INT_FUNC_0010, E_MAX_INT_FUNC_0020
; statement: Max(A, B) = C elementwise: larger_of(-7, 3) = 3, larger_of(100, -100) = 100, larger_of(0, 0) = 0, larger_of(127, -128) = 127, larger_of(-128, -127) = -127
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation max.int.int8.example.example_1|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int8 values are 8-bit vectors in two's complement; SMT-LIB's larger_of is the
; operator under proof (its result always fits).
(define-fun larger_of ((a (_ BitVec 8)) (b (_ BitVec 8))) (_ BitVec 8) (ite (bvslt a b) b a))
; the document's worked example: each element's maximum, modulo 2^8, is the C written
(define-fun goal () Bool (and (= (larger_of (_ bv249 8) (_ bv3 8)) (_ bv3 8)) (= (larger_of (_ bv100 8) (_ bv156 8)) (_ bv100 8)) (= (larger_of (_ bv0 8) (_ bv0 8)) (_ bv0 8)) (= (larger_of (_ bv127 8) (_ bv128 8)) (_ bv127 8)) (= (larger_of (_ bv128 8) (_ bv129 8)) (_ bv129 8))))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation relu.int.int8.example.example_1
; worked example 1
; requirements: E_RELU_INT_FUNC_0010
; statement: Relu(A) = C elementwise: rectify(-7) = 0, rectify(100) = 100, rectify(0) = 0, rectify(127) = 127, rectify(-128) = 0
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation relu.int.int8.example.example_1|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int8 values are 8-bit vectors in two's complement; SMT-LIB's rectify is the
; operator under proof (its result always fits).
(define-fun rectify ((a (_ BitVec 8))) (_ BitVec 8) (ite (bvslt a (_ bv0 8)) (_ bv0 8) a))
; the document's worked example: each element's rectified value, modulo 2^8, is the C written
(define-fun goal () Bool (and (= (rectify (_ bv249 8)) (_ bv0 8)) (= (rectify (_ bv100 8)) (_ bv100 8)) (= (rectify (_ bv0 8)) (_ bv0 8)) (= (rectify (_ bv127 8)) (_ bv127 8)) (= (rectify (_ bv128 8)) (_ bv0 8))))
(assert (not goal))
(check-sat)
(exit)

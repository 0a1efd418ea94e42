; divbridge proof obligation max.int.uint8.example.example_2
; worked example 2
; requirements: E_MAX_INT_FUNC_0010, E_MAX_INT_FUNC_0020
; statement: Max(A, B) = C elementwise: larger_of(7, 9) = 9, larger_of(200, 100) = 200, larger_of(0, 0) = 0, larger_of(255, 0) = 255
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation max.int.uint8.example.example_2|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; uint8 values are 8-bit vectors; SMT-LIB's larger_of is the
; operator under proof (its result always fits).
(define-fun larger_of ((a (_ BitVec 8)) (b (_ BitVec 8))) (_ BitVec 8) (ite (bvult a b) b a))
; the document's worked example: each element's maximum, modulo 2^8, is the C written
(define-fun goal () Bool (and (= (larger_of (_ bv7 8) (_ bv9 8)) (_ bv9 8)) (= (larger_of (_ bv200 8) (_ bv100 8)) (_ bv200 8)) (= (larger_of (_ bv0 8) (_ bv0 8)) (_ bv0 8)) (= (larger_of (_ bv255 8) (_ bv0 8)) (_ bv255 8))))
(assert (not goal))
(check-sat)
(exit)

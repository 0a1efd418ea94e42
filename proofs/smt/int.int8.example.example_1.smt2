; divbridge proof obligation int.int8.example.example_1
; worked example 1
; requirements: E_DIV_INT_DEF_0010
; statement: Div(A, B) = C elementwise: 7 / 2 = 3, 9 / 4 = 2, 0 / 5 = 0, 100 / 7 = 14, 127 / 1 = 127
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation int.int8.example.example_1|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int8 values are 8-bit vectors in two's complement; SMT-LIB's bvsdiv is the
; operator under proof (it truncates toward zero).  Exact arithmetic happens in 16 bits.
; the document's worked example: each element's quotient, truncated toward zero, is the C written
(define-fun goal () Bool (and (= (bvsdiv (_ bv7 8) (_ bv2 8)) (_ bv3 8)) (= (bvsdiv (_ bv9 8) (_ bv4 8)) (_ bv2 8)) (= (bvsdiv (_ bv0 8) (_ bv5 8)) (_ bv0 8)) (= (bvsdiv (_ bv100 8) (_ bv7 8)) (_ bv14 8)) (= (bvsdiv (_ bv127 8) (_ bv1 8)) (_ bv127 8))))
(assert (not goal))
(check-sat)
(exit)

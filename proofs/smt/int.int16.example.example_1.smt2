; divbridge proof obligation int.int16.example.example_1
; worked example 1
; requirements: E_DIV_INT_DEF_0010
; statement: Div(A, B) = C elementwise: 7 / 2 = 3, 9 / 4 = 2, 0 / 5 = 0, 100 / 7 = 14, 127 / 1 = 127
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation int.int16.example.example_1|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int16 values are 16-bit vectors in two's complement; SMT-LIB's bvsdiv is the
; operator under proof (it truncates toward zero).  Exact arithmetic happens in 32 bits.
; the document's worked example: each element's quotient, truncated toward zero, is the C written
(define-fun goal () Bool (and (= (bvsdiv (_ bv7 16) (_ bv2 16)) (_ bv3 16)) (= (bvsdiv (_ bv9 16) (_ bv4 16)) (_ bv2 16)) (= (bvsdiv (_ bv0 16) (_ bv5 16)) (_ bv0 16)) (= (bvsdiv (_ bv100 16) (_ bv7 16)) (_ bv14 16)) (= (bvsdiv (_ bv127 16) (_ bv1 16)) (_ bv127 16))))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation int.int32.example.example_1
; worked example 1
; requirements: E_DIV_INT_DEF_0010
; statement: Div(A, B) = C elementwise: 7 / 2 = 3, 9 / 4 = 2, 0 / 5 = 0, 100 / 7 = 14, 127 / 1 = 127
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation int.int32.example.example_1|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int32 values are 32-bit vectors in two's complement; SMT-LIB's bvsdiv is the
; operator under proof (it truncates toward zero).  Exact arithmetic happens in 64 bits.
; the document's worked example: each element's quotient, truncated toward zero, is the C written
(define-fun goal () Bool (and (= (bvsdiv (_ bv7 32) (_ bv2 32)) (_ bv3 32)) (= (bvsdiv (_ bv9 32) (_ bv4 32)) (_ bv2 32)) (= (bvsdiv (_ bv0 32) (_ bv5 32)) (_ bv0 32)) (= (bvsdiv (_ bv100 32) (_ bv7 32)) (_ bv14 32)) (= (bvsdiv (_ bv127 32) (_ bv1 32)) (_ bv127 32))))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation sub.int.uint8.example.example_2
; worked example 2
; requirements: E_SUB_INT_FUNC_0010
; statement: Sub(A, B) = C elementwise: 7 - 3 = 4, 100 - 200 = 156, 0 - 1 = 255, 255 - 255 = 0
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation sub.int.uint8.example.example_2|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; uint8 values are 8-bit vectors; SMT-LIB's bvsub is the
; operator under proof (it wraps around modulo 2^8).
; the document's worked example: each element's difference, modulo 2^8, is the C written
(define-fun goal () Bool (and (= (bvsub (_ bv7 8) (_ bv3 8)) (_ bv4 8)) (= (bvsub (_ bv100 8) (_ bv200 8)) (_ bv156 8)) (= (bvsub (_ bv0 8) (_ bv1 8)) (_ bv255 8)) (= (bvsub (_ bv255 8) (_ bv255 8)) (_ bv0 8))))
(assert (not goal))
(check-sat)
(exit)

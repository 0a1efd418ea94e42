; divbridge proof obligation add.int.uint8.example.example_2
; worked example 2
; requirements: E_ADD_INT_FUNC_0010
; statement: Add(A, B) = C elementwise: 7 + 3 = 10, 200 + 100 = 44, 255 + 1 = 0, 0 + 0 = 0
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation add.int.uint8.example.example_2|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; uint8 values are 8-bit vectors; SMT-LIB's bvadd is the
; operator under proof (it wraps around modulo 2^8).
; the document's worked example: each element's sum, modulo 2^8, is the C written
(define-fun goal () Bool (and (= (bvadd (_ bv7 8) (_ bv3 8)) (_ bv10 8)) (= (bvadd (_ bv200 8) (_ bv100 8)) (_ bv44 8)) (= (bvadd (_ bv255 8) (_ bv1 8)) (_ bv0 8)) (= (bvadd (_ bv0 8) (_ bv0 8)) (_ bv0 8))))
(assert (not goal))
(check-sat)
(exit)

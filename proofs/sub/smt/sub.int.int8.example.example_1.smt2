; divbridge proof obligation sub.int.int8.example.example_1
; worked example 1
; requirements: E_SUB_INT_FUNC_0010
; statement: Sub(A, B) = C elementwise: 7 - 3 = 4, 100 - -100 = -56, -100 - 100 = 56, -128 - 1 = 127, 127 - -1 = -128
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation sub.int.int8.example.example_1|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int8 values are 8-bit vectors in two's complement; SMT-LIB's bvsub is the
; operator under proof (it wraps around modulo 2^8).
; the document's worked example: each element's difference, modulo 2^8, is the C written
(define-fun goal () Bool (and (= (bvsub (_ bv7 8) (_ bv3 8)) (_ bv4 8)) (= (bvsub (_ bv100 8) (_ bv156 8)) (_ bv200 8)) (= (bvsub (_ bv156 8) (_ bv100 8)) (_ bv56 8)) (= (bvsub (_ bv128 8) (_ bv1 8)) (_ bv127 8)) (= (bvsub (_ bv127 8) (_ bv255 8)) (_ bv128 8))))
(assert (not goal))
(check-sat)
(exit)

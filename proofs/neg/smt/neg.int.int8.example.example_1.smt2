; divbridge proof obligation neg.int.int8.example.example_1
; worked example 1
; requirements: E_NEG_INT_FUNC_0010
; statement: Neg(A) = C elementwise: -7 = -7, --100 = 100, -0 = 0, -127 = -127, --128 = -128
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation neg.int.int8.example.example_1|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int8 values are 8-bit vectors in two's complement; SMT-LIB's bvneg is the
; operator under proof (it wraps around modulo 2^8).
; the document's worked example: each element's negated value, modulo 2^8, is the C written
(define-fun goal () Bool (and (= (bvneg (_ bv7 8)) (_ bv249 8)) (= (bvneg (_ bv156 8)) (_ bv100 8)) (= (bvneg (_ bv0 8)) (_ bv0 8)) (= (bvneg (_ bv127 8)) (_ bv129 8)) (= (bvneg (_ bv128 8)) (_ bv128 8))))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation mul.int.int8.example.example_1
; worked example 1
; requirements: E_MUL_INT_FUNC_0010
; statement: Mul(A, B) = C elementwise: 7 * 3 = 21, 100 * 2 = -56, -9 * 100 = 124, -128 * -1 = -128, 16 * 8 = -128
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation mul.int.int8.example.example_1|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int8 values are 8-bit vectors in two's complement; SMT-LIB's bvmul is the
; operator under proof (it wraps around modulo 2^8).
; the document's worked example: each element's product, modulo 2^8, is the C written
(define-fun goal () Bool (and (= (bvmul (_ bv7 8) (_ bv3 8)) (_ bv21 8)) (= (bvmul (_ bv100 8) (_ bv2 8)) (_ bv200 8)) (= (bvmul (_ bv247 8) (_ bv100 8)) (_ bv124 8)) (= (bvmul (_ bv128 8) (_ bv255 8)) (_ bv128 8)) (= (bvmul (_ bv16 8) (_ bv8 8)) (_ bv128 8))))
(assert (not goal))
(check-sat)
(exit)

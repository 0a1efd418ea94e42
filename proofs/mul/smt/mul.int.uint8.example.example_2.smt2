; divbridge proof obligation mul.int.uint8.example.example_2
; worked example 2
; requirements: E_MUL_INT_FUNC_0010
; statement: Mul(A, B) = C elementwise: 7 * 3 = 21, 200 * 2 = 144, 16 * 16 = 0, 255 * 255 = 1
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation mul.int.uint8.example.example_2|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; uint8 values are 8-bit vectors; SMT-LIB's bvmul is the
; operator under proof (it wraps around modulo 2^8).
; the document's worked example: each element's product, modulo 2^8, is the C written
(define-fun goal () Bool (and (= (bvmul (_ bv7 8) (_ bv3 8)) (_ bv21 8)) (= (bvmul (_ bv200 8) (_ bv2 8)) (_ bv144 8)) (= (bvmul (_ bv16 8) (_ bv16 8)) (_ bv0 8)) (= (bvmul (_ bv255 8) (_ bv255 8)) (_ bv1 8))))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation abs.int.uint8.example.example_2
; worked example 2
; requirements: E_ABS_INT_FUNC_0010
; statement: Abs(A) = C elementwise: abs(7) = 7, abs(200) = 200, abs(0) = 0, abs(255) = 255
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation abs.int.uint8.example.example_2|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; uint8 values are 8-bit vectors; SMT-LIB's absolute is the
; operator under proof (it wraps around modulo 2^8).
(define-fun absolute ((a (_ BitVec 8))) (_ BitVec 8) a)
; the document's worked example: each element's absolute value, modulo 2^8, is the C written
(define-fun goal () Bool (and (= (absolute (_ bv7 8)) (_ bv7 8)) (= (absolute (_ bv200 8)) (_ bv200 8)) (= (absolute (_ bv0 8)) (_ bv0 8)) (= (absolute (_ bv255 8)) (_ bv255 8))))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation abs.int.int8.example.example_1
; worked example 1
; requirements: E_ABS_INT_FUNC_0010
; statement: Abs(A) = C elementwise: abs(-7) = 7, abs(100) = 100, abs(0) = 0, abs(127) = 127, abs(-127) = 127, abs(-128) = -128
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation abs.int.int8.example.example_1|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int8 values are 8-bit vectors in two's complement; SMT-LIB's absolute is the
; operator under proof (it wraps around modulo 2^8).
(define-fun absolute ((a (_ BitVec 8))) (_ BitVec 8) (ite (bvslt a (_ bv0 8)) (bvneg a) a))
; the document's worked example: each element's absolute value, modulo 2^8, is the C written
(define-fun goal () Bool (and (= (absolute (_ bv249 8)) (_ bv7 8)) (= (absolute (_ bv100 8)) (_ bv100 8)) (= (absolute (_ bv0 8)) (_ bv0 8)) (= (absolute (_ bv127 8)) (_ bv127 8)) (= (absolute (_ bv129 8)) (_ bv127 8)) (= (absolute (_ bv128 8)) (_ bv128 8))))
(assert (not goal))
(check-sat)
(exit)

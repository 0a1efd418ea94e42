; divbridge proof obligation where.int.int8.example.example_1
; worked example 1
; requirements: E_WHERE_INT_FUNC_0010
; statement: Where(condition, X, Y) = C elementwise: where(true, -128, 0) = -128, where(false, 100, -7) = -7, where(false, 0, -1) = -1, where(true, 127, -128) = 127
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation where.int.int8.example.example_1|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int8 values are 8-bit vectors in two's complement; SMT-LIB's where is the
; operator under proof (its result always fits).
(define-fun where ((cond Bool) (x (_ BitVec 8)) (y (_ BitVec 8))) (_ BitVec 8) (ite cond x y))
; the document's worked example: each element's selected element, modulo 2^8, is the C written
(define-fun goal () Bool (and (= (where true (_ bv128 8) (_ bv0 8)) (_ bv128 8)) (= (where false (_ bv100 8) (_ bv249 8)) (_ bv249 8)) (= (where false (_ bv0 8) (_ bv255 8)) (_ bv255 8)) (= (where true (_ bv127 8) (_ bv128 8)) (_ bv127 8))))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation where.int.uint8.example.example_2
; worked example 2
; requirements: E_WHERE_INT_FUNC_0010
; statement: Where(condition, X, Y) = C elementwise: where(false, 7, 200) = 200, where(true, 255, 0) = 255
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation where.int.uint8.example.example_2|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; uint8 values are 8-bit vectors; SMT-LIB's where is the
; operator under proof (its result always fits).
(define-fun where ((cond Bool) (x (_ BitVec 8)) (y (_ BitVec 8))) (_ BitVec 8) (ite cond x y))
; the document's worked example: each element's selected element, modulo 2^8, is the C written
(define-fun goal () Bool (and (= (where false (_ bv7 8) (_ bv200 8)) (_ bv200 8)) (= (where true (_ bv255 8) (_ bv0 8)) (_ bv255 8))))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation less.int.int8.example.example_1
; worked example 1
; requirements: E_LESS_INT_FUNC_0010
; statement: Less(A, B) = C elementwise: less(-7, 0) = true, less(100, 100) = false, less(0, -1) = false, less(127, -128) = false, less(-128, 127) = true
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation less.int.int8.example.example_1|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int8 values are 8-bit vectors in two's complement; SMT-LIB's less is the
; operator under proof (its result always fits).
(define-fun less ((a (_ BitVec 8)) (b (_ BitVec 8))) Bool (bvslt a b))
(define-fun goal () Bool (and
  (less (_ bv249 8) (_ bv0 8))   ; less(-7, 0) = true
  (not (less (_ bv100 8) (_ bv100 8)))   ; less(100, 100) = false
  (not (less (_ bv0 8) (_ bv255 8)))   ; less(0, -1) = false
  (not (less (_ bv127 8) (_ bv128 8)))   ; less(127, -128) = false
  (less (_ bv128 8) (_ bv127 8))   ; less(-128, 127) = true
  true))
(assert (not goal))
(check-sat)
(exit)

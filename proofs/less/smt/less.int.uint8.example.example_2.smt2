; divbridge proof obligation less.int.uint8.example.example_2
; worked example 2
; requirements: E_LESS_INT_FUNC_0010
; statement: Less(A, B) = C elementwise: less(7, 8) = true, less(200, 100) = false, less(0, 0) = false, less(255, 0) = false
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation less.int.uint8.example.example_2|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; uint8 values are 8-bit vectors; SMT-LIB's less is the
; operator under proof (its result always fits).
(define-fun less ((a (_ BitVec 8)) (b (_ BitVec 8))) Bool (bvult a b))
(define-fun goal () Bool (and
  (less (_ bv7 8) (_ bv8 8))   ; less(7, 8) = true
  (not (less (_ bv200 8) (_ bv100 8)))   ; less(200, 100) = false
  (not (less (_ bv0 8) (_ bv0 8)))   ; less(0, 0) = false
  (not (less (_ bv255 8) (_ bv0 8)))   ; less(255, 0) = false
  true))
(assert (not goal))
(check-sat)
(exit)

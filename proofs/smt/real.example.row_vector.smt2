; divbridge proof obligation real.example.row_vector
; worked example: real example 1, a 1x3 row
; requirements: E_DIV_REAL_DEF_0010
; statement: Div(A, B) = C elementwise: 6 / 3 = 2, 9 / 3 = 3, 35 / 5 = 7
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation real.example.row_vector|)
(set-info :status unsat)
(set-logic QF_LRA)
; real numbers: SMT-LIB's / is exact division (total, but only used where the divisor is non-zero)
(define-fun goal () Bool (and
  (= (/ 6.0 3.0) 2.0)
  (= (/ 9.0 3.0) 3.0)
  (= (/ 35.0 5.0) 7.0)
  true))
(assert (not goal))
(check-sat)
(exit)

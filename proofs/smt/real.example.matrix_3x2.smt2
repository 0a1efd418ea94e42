; divbridge proof obligation real.example.matrix_3x2
; worked example: real example 2, a 3x2 matrix with a zero numerator
; requirements: E_DIV_REAL_DEF_0010
; statement: Div(A, B) = C elementwise: 3 / 3 = 1, 4 / 2 = 2, 16 / 4 = 4, 0 / 1 = 0, 25 / 5 = 5, 24 / 4 = 6
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation real.example.matrix_3x2|)
(set-info :status unsat)
(set-logic QF_LRA)
; real numbers: SMT-LIB's / is exact division (total, but only used where the divisor is non-zero)
(define-fun goal () Bool (and
  (= (/ 3.0 3.0) 1.0)
  (= (/ 4.0 2.0) 2.0)
  (= (/ 16.0 4.0) 4.0)
  (= (/ 0.0 1.0) 0.0)
  (= (/ 25.0 5.0) 5.0)
  (= (/ 24.0 4.0) 6.0)
  true))
(assert (not goal))
(check-sat)
(exit)

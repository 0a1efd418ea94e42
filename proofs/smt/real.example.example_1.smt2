; divbridge proof obligation real.example.example_1
; worked example 1
; requirements: E_DIV_REAL_DEF_0010
; statement: Div(A, B) = C elementwise: 1 / 4 = 1/4, -7 / 2 = -7/2, 0 / -5 = 0, 61/10 / 3 = 61/30
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation real.example.example_1|)
; status: unsat, as z3 established on this file
(set-info :status unsat)
(set-logic QF_LRA)
; real numbers: SMT-LIB's / is exact division (total, but only used where the divisor is non-zero)
(define-fun quotient ((x Real) (y Real)) Real (/ x y))
(define-fun goal () Bool (and
  (= (quotient 1.0 4.0) (/ 1.0 4.0))
  (= (quotient (- 7.0) 2.0) (- (/ 7.0 2.0)))
  (= (quotient 0.0 (- 5.0)) 0.0)
  (= (quotient (/ 61.0 10.0) 3.0) (/ 61.0 30.0))
  true))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation sub.real.example.example_1
; worked example 1
; requirements: E_SUB_REAL_FUNC_0010
; statement: Sub(A, B) = C elementwise: 1 - 4 = -3, -7 - 2 = -9, 0 - -5 = 5, 61/10 - 3 = 31/10
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation sub.real.example.example_1|)
; status: unsat, as z3 established on this file
(set-info :status unsat)
(set-logic QF_LRA)
; real numbers: SMT-LIB's - is exact subtraction
(define-fun difference ((x Real) (y Real)) Real (- x y))
(define-fun goal () Bool (and
  (= (difference 1.0 4.0) (- 3.0))
  (= (difference (- 7.0) 2.0) (- 9.0))
  (= (difference 0.0 (- 5.0)) 5.0)
  (= (difference (/ 61.0 10.0) 3.0) (/ 31.0 10.0))
  true))
(assert (not goal))
(check-sat)
(exit)

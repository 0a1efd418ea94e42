; divbridge proof obligation add.real.example.example_1
; worked example 1
; requirements: E_ADD_REAL_FUNC_0010
; statement: Add(A, B) = C elementwise: 1 + 4 = 5, -7 + 2 = -5, 0 + -5 = -5, 61/10 + 3 = 91/10
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation add.real.example.example_1|)
; status: unsat, as z3 established on this file
(set-info :status unsat)
(set-logic QF_LRA)
; real numbers: SMT-LIB's + is exact addition
(define-fun sum ((x Real) (y Real)) Real (+ x y))
(define-fun goal () Bool (and
  (= (sum 1.0 4.0) 5.0)
  (= (sum (- 7.0) 2.0) (- 5.0))
  (= (sum 0.0 (- 5.0)) (- 5.0))
  (= (sum (/ 61.0 10.0) 3.0) (/ 91.0 10.0))
  true))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation where.real.example.example_1
; worked example 1
; requirements: E_WHERE_REAL_FUNC_0010
; statement: Where(condition, X, Y) = C elementwise: where(true, -5/2, 1) = -5/2, where(false, 3, -4) = -4, where(true, 0, -1/2) = 0, where(false, 29/4, 8) = 8
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation where.real.example.example_1|)
; status: unsat, as z3 established on this file
(set-info :status unsat)
(set-logic QF_LRA)
; real numbers: SMT-LIB's where is exact selection
(define-fun where ((cond Bool) (x Real) (y Real)) Real (ite cond x y))
(define-fun selected_element ((x Bool) (y Real) (z Real)) Real (where x y z))
(define-fun goal () Bool (and
  (= (selected_element true (- (/ 5.0 2.0)) 1.0) (- (/ 5.0 2.0)))
  (= (selected_element false 3.0 (- 4.0)) (- 4.0))
  (= (selected_element true 0.0 (- (/ 1.0 2.0))) 0.0)
  (= (selected_element false (/ 29.0 4.0) 8.0) 8.0)
  true))
(assert (not goal))
(check-sat)
(exit)

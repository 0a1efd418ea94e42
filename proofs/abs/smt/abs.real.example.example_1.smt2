; divbridge proof obligation abs.real.example.example_1
; worked example 1
; requirements: E_ABS_REAL_FUNC_0010
; statement: Abs(A) = C elementwise: abs(-5/2) = 5/2, abs(3) = 3, abs(0) = 0, abs(-29/4) = 29/4
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation abs.real.example.example_1|)
; status: unsat, as z3 established on this file
(set-info :status unsat)
(set-logic QF_LRA)
; real numbers: SMT-LIB's absolute is exact absolute value computation
(define-fun absolute ((a Real)) Real (ite (< a 0.0) (- a) a))
(define-fun absolute_value ((x Real)) Real (absolute x))
(define-fun goal () Bool (and
  (= (absolute_value (- (/ 5.0 2.0))) (/ 5.0 2.0))
  (= (absolute_value 3.0) 3.0)
  (= (absolute_value 0.0) 0.0)
  (= (absolute_value (- (/ 29.0 4.0))) (/ 29.0 4.0))
  true))
(assert (not goal))
(check-sat)
(exit)

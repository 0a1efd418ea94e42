; divbridge proof obligation neg.real.example.example_1
; worked example 1
; requirements: E_NEG_REAL_FUNC_0010
; statement: Neg(A) = C elementwise: -2 = -2, --7/2 = 7/2, -0 = 0, -29/4 = -29/4
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation neg.real.example.example_1|)
; status: unsat, as z3 established on this file
(set-info :status unsat)
(set-logic QF_LRA)
; real numbers: SMT-LIB's - is exact sign inversion
(define-fun negated_value ((x Real)) Real (- x))
(define-fun goal () Bool (and
  (= (negated_value 2.0) (- 2.0))
  (= (negated_value (- (/ 7.0 2.0))) (/ 7.0 2.0))
  (= (negated_value 0.0) 0.0)
  (= (negated_value (/ 29.0 4.0)) (- (/ 29.0 4.0)))
  true))
(assert (not goal))
(check-sat)
(exit)

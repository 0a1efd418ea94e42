; divbridge proof obligation relu.real.example.example_1
; worked example 1
; requirements: E_RELU_REAL_FUNC_0010
; statement: Relu(A) = C elementwise: rectify(-5/2) = 0, rectify(3) = 3, rectify(0) = 0, rectify(29/4) = 29/4
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation relu.real.example.example_1|)
; status: unsat, as z3 established on this file
(set-info :status unsat)
(set-logic QF_LRA)
; real numbers: SMT-LIB's rectify is exact rectification
(define-fun rectify ((a Real)) Real (ite (< a 0.0) 0.0 a))
(define-fun rectified_value ((x Real)) Real (rectify x))
(define-fun goal () Bool (and
  (= (rectified_value (- (/ 5.0 2.0))) 0.0)
  (= (rectified_value 3.0) 3.0)
  (= (rectified_value 0.0) 0.0)
  (= (rectified_value (/ 29.0 4.0)) (/ 29.0 4.0))
  true))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation leakyrelu.real.example.example_1
; worked example 1
; requirements: E_LEAKYRELU_REAL_FUNC_0010
; statement: LeakyRelu(A) = C elementwise: leaky_rectify(61/10, 1/10) = 61/10, leaky_rectify(-19/2, 1/10) = -19/20, leaky_rectify(357/10, 1/10) = 357/10, leaky_rectify(0, 1/10) = 0
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation leakyrelu.real.example.example_1|)
; status: unsat, as z3 established on this file
(set-info :status unsat)
(set-logic QF_LRA)
; real numbers: SMT-LIB's leaky_rectify is exact leaky rectification
(define-fun leaky_rectify ((a Real) (alpha Real)) Real (ite (< a 0.0) (* alpha a) a))
(define-fun leaky_rectified_value ((x Real)) Real (leaky_rectify x (/ 1.0 10.0)))
(define-fun goal () Bool (and
  (= (leaky_rectified_value (/ 61.0 10.0)) (/ 61.0 10.0))
  (= (leaky_rectified_value (- (/ 19.0 2.0))) (- (/ 19.0 20.0)))
  (= (leaky_rectified_value (/ 357.0 10.0)) (/ 357.0 10.0))
  (= (leaky_rectified_value 0.0) 0.0)
  true))
(assert (not goal))
(check-sat)
(exit)

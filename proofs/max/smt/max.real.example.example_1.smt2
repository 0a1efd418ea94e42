; divbridge proof obligation max.real.example.example_1
; worked example 1
; requirements: E_MAX_REAL_FUNC_0010, E_MAX_REAL_FUNC_0020
; statement: Max(A, B) = C elementwise: larger_of(1, 4) = 4, larger_of(-7, -9) = -7, larger_of(0, 0) = 0, larger_of(13/2, 25/4) = 13/2
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation max.real.example.example_1|)
; status: unsat, as z3 established on this file
(set-info :status unsat)
(set-logic QF_LRA)
; real numbers: SMT-LIB's larger_of is exact maximum selection
(define-fun larger_of ((a Real) (b Real)) Real (ite (< a b) b a))
(define-fun maximum ((x Real) (y Real)) Real (larger_of x y))
(define-fun goal () Bool (and
  (= (maximum 1.0 4.0) 4.0)
  (= (maximum (- 7.0) (- 9.0)) (- 7.0))
  (= (maximum 0.0 0.0) 0.0)
  (= (maximum (/ 13.0 2.0) (/ 25.0 4.0)) (/ 13.0 2.0))
  true))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation mul.real.example.example_1
; worked example 1
; requirements: E_MUL_REAL_FUNC_0010
; statement: Mul(A, B) = C elementwise: 1 * 4 = 4, -7 * 2 = -14, 0 * -5 = 0, 61/10 * 3 = 183/10
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation mul.real.example.example_1|)
; status: unsat, as z3 established on this file
(set-info :status unsat)
(set-logic QF_LRA)
; real numbers: SMT-LIB's * is exact multiplication
(define-fun product ((x Real) (y Real)) Real (* x y))
(define-fun goal () Bool (and
  (= (product 1.0 4.0) 4.0)
  (= (product (- 7.0) 2.0) (- 14.0))
  (= (product 0.0 (- 5.0)) 0.0)
  (= (product (/ 61.0 10.0) 3.0) (/ 183.0 10.0))
  true))
(assert (not goal))
(check-sat)
(exit)

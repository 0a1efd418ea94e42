; divbridge proof obligation less.real.example.example_1
; worked example 1
; requirements: E_LESS_REAL_FUNC_0010
; statement: Less(A, B) = C elementwise: less(-5/2, 1) = true, less(3, 3) = false, less(0, -1/2) = false, less(29/4, 8) = true
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation less.real.example.example_1|)
; status: unsat, as z3 established on this file
(set-info :status unsat)
(set-logic QF_LRA)
; real numbers: SMT-LIB's less is exact comparison
(define-fun less ((a Real) (b Real)) Bool (< a b))
(define-fun goal () Bool (and
  (less (- (/ 5.0 2.0)) 1.0)   ; less(-5/2, 1) = true
  (not (less 3.0 3.0))   ; less(3, 3) = false
  (not (less 0.0 (- (/ 1.0 2.0))))   ; less(0, -1/2) = false
  (less (/ 29.0 4.0) 8.0)   ; less(29/4, 8) = true
  true))
(assert (not goal))
(check-sat)
(exit)

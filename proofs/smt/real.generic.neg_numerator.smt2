; divbridge proof obligation real.generic.neg_numerator
; (-A) / B = -(A / B)
; requirements: E_DIV_REAL_DEF_0010, E_DIV_REAL_CONSTR_B_0010
; statement: b != 0 -> (-a) / b = -(a / b)
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation real.generic.neg_numerator|)
; status: unsat, as z3 established on this file
(set-info :status unsat)
(set-logic QF_NRA)
; real numbers: SMT-LIB's / is exact division (total, but only used where the divisor is non-zero)
(declare-const a Real)
(declare-const b Real)
(define-fun goal () Bool (=> (not (= b 0.0)) (= (/ (- a) b) (- (/ a b)))))
(assert (not goal))
(check-sat)
(exit)

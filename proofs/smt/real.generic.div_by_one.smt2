; divbridge proof obligation real.generic.div_by_one
; A / 1 = A
; requirements: E_DIV_REAL_DEF_0010
; statement: a / 1 = a
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation real.generic.div_by_one|)
; status: unsat, as z3 established on this file
(set-info :status unsat)
(set-logic QF_NRA)
; real numbers: SMT-LIB's / is exact division (total, but only used where the divisor is non-zero)
(declare-const a Real)
(declare-const b Real)
(define-fun goal () Bool (= (/ a 1.0) a))
(assert (not goal))
(check-sat)
(exit)

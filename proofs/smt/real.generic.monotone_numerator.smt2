; divbridge proof obligation real.generic.monotone_numerator
; A / B is monotone in A for B > 0
; requirements: E_DIV_REAL_DEF_0010
; statement: b > 0 and a1 <= a2 -> a1 / b <= a2 / b
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation real.generic.monotone_numerator|)
; status: unsat, as z3 established on this file
(set-info :status unsat)
(set-logic QF_NRA)
; real numbers: SMT-LIB's / is exact division (total, but only used where the divisor is non-zero)
(declare-const a1 Real)
(declare-const a2 Real)
(declare-const b Real)
(define-fun goal () Bool (=> (and (> b 0.0) (<= a1 a2)) (<= (/ a1 b) (/ a2 b))))
(assert (not goal))
(check-sat)
(exit)

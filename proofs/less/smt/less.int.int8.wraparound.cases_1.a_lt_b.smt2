; divbridge proof obligation less.int.int8.wraparound.cases_1.a_lt_b
; less on int8: A < B → C = True
; requirements: E_LESS_INT_FUNC_0010
; statement: A < B → C = True
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation less.int.int8.wraparound.cases_1.a_lt_b|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int8 values are 8-bit vectors in two's complement; SMT-LIB's less is the
; operator under proof (its result always fits).
(declare-const a (_ BitVec 8))
(declare-const b (_ BitVec 8))
(define-fun less ((a (_ BitVec 8)) (b (_ BitVec 8))) Bool (bvslt a b))
(define-fun c () Bool (less a b))
; exact integer arithmetic in 18-bit vectors (nothing overflows there); c, the operator's result, is a truth value
(define-fun goal () Bool (=> (bvslt ((_ sign_extend 10) a) ((_ sign_extend 10) b)) c))
(assert (not goal))
(check-sat)
(exit)

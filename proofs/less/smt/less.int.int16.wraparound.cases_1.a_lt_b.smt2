; divbridge proof obligation less.int.int16.wraparound.cases_1.a_lt_b
; less on int16: A < B → C = True
; requirements: E_LESS_INT_FUNC_0010
; statement: A < B → C = True
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation less.int.int16.wraparound.cases_1.a_lt_b|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int16 values are 16-bit vectors in two's complement; SMT-LIB's less is the
; operator under proof (its result always fits).
(declare-const a (_ BitVec 16))
(declare-const b (_ BitVec 16))
(define-fun less ((a (_ BitVec 16)) (b (_ BitVec 16))) Bool (bvslt a b))
(define-fun c () Bool (less a b))
; exact integer arithmetic in 34-bit vectors (nothing overflows there); c, the operator's result, is a truth value
(define-fun goal () Bool (=> (bvslt ((_ sign_extend 18) a) ((_ sign_extend 18) b)) c))
(assert (not goal))
(check-sat)
(exit)

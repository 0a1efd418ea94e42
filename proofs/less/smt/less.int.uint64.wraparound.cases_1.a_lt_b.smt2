; divbridge proof obligation less.int.uint64.wraparound.cases_1.a_lt_b
; less on uint64: A < B → C = True
; requirements: E_LESS_INT_FUNC_0010
; statement: A < B → C = True
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation less.int.uint64.wraparound.cases_1.a_lt_b|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; uint64 values are 64-bit vectors; SMT-LIB's less is the
; operator under proof (its result always fits).
(declare-const a (_ BitVec 64))
(declare-const b (_ BitVec 64))
(define-fun less ((a (_ BitVec 64)) (b (_ BitVec 64))) Bool (bvult a b))
(define-fun c () Bool (less a b))
; exact integer arithmetic in 130-bit vectors (nothing overflows there); c, the operator's result, is a truth value
(define-fun goal () Bool (=> (bvslt ((_ zero_extend 66) a) ((_ zero_extend 66) b)) c))
(assert (not goal))
(check-sat)
(exit)

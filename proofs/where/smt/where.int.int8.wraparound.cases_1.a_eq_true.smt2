; divbridge proof obligation where.int.int8.wraparound.cases_1.a_eq_true
; where on int8: A = True → C = B
; requirements: E_WHERE_INT_FUNC_0010
; statement: A = True → C = B
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation where.int.int8.wraparound.cases_1.a_eq_true|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int8 values are 8-bit vectors in two's complement; SMT-LIB's where is the
; operator under proof (its result always fits).
(declare-const cond_bits (_ BitVec 1))
(define-fun cond () Bool (= cond_bits #b1))
(declare-const x (_ BitVec 8))
(declare-const y (_ BitVec 8))
(define-fun where ((cond Bool) (x (_ BitVec 8)) (y (_ BitVec 8))) (_ BitVec 8) (ite cond x y))
(define-fun c () (_ BitVec 8) (where cond x y))
; exact integer arithmetic in 18-bit vectors (nothing overflows there); C is the operator's result, c, read as a signed integer
(define-fun C () (_ BitVec 18) ((_ sign_extend 10) c))
(define-fun goal () Bool (=> (= cond true) (= C ((_ sign_extend 10) x))))
(assert (not goal))
(check-sat)
(exit)

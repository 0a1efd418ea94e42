; divbridge proof obligation where.int.int64.wraparound.cases_1.a_eq_true
; where on int64: A = True → C = B
; requirements: E_WHERE_INT_FUNC_0010
; statement: A = True → C = B
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation where.int.int64.wraparound.cases_1.a_eq_true|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int64 values are 64-bit vectors in two's complement; SMT-LIB's where is the
; operator under proof (its result always fits).
(declare-const cond_bits (_ BitVec 1))
(define-fun cond () Bool (= cond_bits #b1))
(declare-const x (_ BitVec 64))
(declare-const y (_ BitVec 64))
(define-fun where ((cond Bool) (x (_ BitVec 64)) (y (_ BitVec 64))) (_ BitVec 64) (ite cond x y))
(define-fun c () (_ BitVec 64) (where cond x y))
; exact integer arithmetic in 130-bit vectors (nothing overflows there); C is the operator's result, c, read as a signed integer
(define-fun C () (_ BitVec 130) ((_ sign_extend 66) c))
(define-fun goal () Bool (=> (= cond true) (= C ((_ sign_extend 66) x))))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation where.int.uint16.wraparound.cases_1.a_eq_true
; where on uint16: A = True → C = B
; requirements: E_WHERE_INT_FUNC_0010
; statement: A = True → C = B
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation where.int.uint16.wraparound.cases_1.a_eq_true|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; uint16 values are 16-bit vectors; SMT-LIB's where is the
; operator under proof (its result always fits).
(declare-const cond_bits (_ BitVec 1))
(define-fun cond () Bool (= cond_bits #b1))
(declare-const x (_ BitVec 16))
(declare-const y (_ BitVec 16))
(define-fun where ((cond Bool) (x (_ BitVec 16)) (y (_ BitVec 16))) (_ BitVec 16) (ite cond x y))
(define-fun c () (_ BitVec 16) (where cond x y))
; exact integer arithmetic in 34-bit vectors (nothing overflows there); C is the operator's result, c, read as an unsigned integer
(define-fun C () (_ BitVec 34) ((_ zero_extend 18) c))
(define-fun goal () Bool (=> (= cond true) (= C ((_ zero_extend 18) x))))
(assert (not goal))
(check-sat)
(exit)

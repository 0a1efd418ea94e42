; divbridge proof obligation abs.int.int8.wraparound.cases_2.minus_2_n_minus_1_lt_a_and_a_lt_0
; absolute on int8: -2^(n-1) < A and A < 0 → C = -A
; requirements: E_ABS_INT_FUNC_0010
; statement: -2^(n-1) < A and A < 0 → C = -A
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation abs.int.int8.wraparound.cases_2.minus_2_n_minus_1_lt_a_and_a_lt_0|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int8 values are 8-bit vectors in two's complement; SMT-LIB's absolute is the
; operator under proof (it wraps around modulo 2^8).
(declare-const a (_ BitVec 8))
(define-fun absolute ((a (_ BitVec 8))) (_ BitVec 8) (ite (bvslt a (_ bv0 8)) (bvneg a) a))
(define-fun c () (_ BitVec 8) (absolute a))
; exact integer arithmetic in 18-bit vectors (nothing overflows there); C is the operator's result, c, read as a signed integer
(define-fun C () (_ BitVec 18) ((_ sign_extend 10) c))
(define-fun goal () Bool (=> (and (bvslt (bvneg (_ bv128 18)) ((_ sign_extend 10) a)) (bvslt ((_ sign_extend 10) a) (_ bv0 18))) (= C (bvneg ((_ sign_extend 10) a)))))
(assert (not goal))
(check-sat)
(exit)

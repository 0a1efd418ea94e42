; divbridge proof obligation abs.int.int64.wraparound.cases_2.minus_2_n_minus_1_lt_a_and_a_lt_0
; absolute on int64: -2^(n-1) < A and A < 0 → C = -A
; requirements: E_ABS_INT_FUNC_0010
; statement: -2^(n-1) < A and A < 0 → C = -A
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation abs.int.int64.wraparound.cases_2.minus_2_n_minus_1_lt_a_and_a_lt_0|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int64 values are 64-bit vectors in two's complement; SMT-LIB's absolute is the
; operator under proof (it wraps around modulo 2^64).
(declare-const a (_ BitVec 64))
(define-fun absolute ((a (_ BitVec 64))) (_ BitVec 64) (ite (bvslt a (_ bv0 64)) (bvneg a) a))
(define-fun c () (_ BitVec 64) (absolute a))
; exact integer arithmetic in 130-bit vectors (nothing overflows there); C is the operator's result, c, read as a signed integer
(define-fun C () (_ BitVec 130) ((_ sign_extend 66) c))
(define-fun goal () Bool (=> (and (bvslt (bvneg (_ bv9223372036854775808 130)) ((_ sign_extend 66) a)) (bvslt ((_ sign_extend 66) a) (_ bv0 130))) (= C (bvneg ((_ sign_extend 66) a)))))
(assert (not goal))
(check-sat)
(exit)

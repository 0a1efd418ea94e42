; divbridge proof obligation abs.int.int32.wraparound.cases_2.minus_2_n_minus_1_lt_a_and_a_lt_0
; absolute on int32: -2^(n-1) < A and A < 0 → C = -A
; requirements: E_ABS_INT_FUNC_0010
; statement: -2^(n-1) < A and A < 0 → C = -A
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation abs.int.int32.wraparound.cases_2.minus_2_n_minus_1_lt_a_and_a_lt_0|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int32 values are 32-bit vectors in two's complement; SMT-LIB's absolute is the
; operator under proof (it wraps around modulo 2^32).
(declare-const a (_ BitVec 32))
(define-fun absolute ((a (_ BitVec 32))) (_ BitVec 32) (ite (bvslt a (_ bv0 32)) (bvneg a) a))
(define-fun c () (_ BitVec 32) (absolute a))
; exact integer arithmetic in 66-bit vectors (nothing overflows there); C is the operator's result, c, read as a signed integer
(define-fun C () (_ BitVec 66) ((_ sign_extend 34) c))
(define-fun goal () Bool (=> (and (bvslt (bvneg (_ bv2147483648 66)) ((_ sign_extend 34) a)) (bvslt ((_ sign_extend 34) a) (_ bv0 66))) (= C (bvneg ((_ sign_extend 34) a)))))
(assert (not goal))
(check-sat)
(exit)

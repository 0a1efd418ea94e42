; divbridge proof obligation sub.int.int32.wraparound.cases_6.a_minus_b_lt_minus_2_n_minus_1
; bvsub on int32: A - B < -2^(n-1) → C = A - B + 2^n
; requirements: E_SUB_INT_FUNC_0010
; statement: A - B < -2^(n-1) → C = A - B + 2^n
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation sub.int.int32.wraparound.cases_6.a_minus_b_lt_minus_2_n_minus_1|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int32 values are 32-bit vectors in two's complement; SMT-LIB's bvsub is the
; operator under proof (it wraps around modulo 2^32).
(declare-const a (_ BitVec 32))
(declare-const b (_ BitVec 32))
(define-fun c () (_ BitVec 32) (bvsub a b))
; exact integer arithmetic in 66-bit vectors (nothing overflows there); C is the operator's result, c, read as a signed integer
(define-fun C () (_ BitVec 66) ((_ sign_extend 34) c))
(define-fun goal () Bool (=> (bvslt (bvsub ((_ sign_extend 34) a) ((_ sign_extend 34) b)) (bvneg (_ bv2147483648 66))) (= C (bvadd (bvsub ((_ sign_extend 34) a) ((_ sign_extend 34) b)) (_ bv4294967296 66)))))
(assert (not goal))
(check-sat)
(exit)

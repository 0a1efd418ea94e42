; divbridge proof obligation neg.int.int16.wraparound.cases_1.a_eq_minus_2_n_minus_1
; bvneg on int16: A = -2^(n-1) → C = -2^(n-1)
; requirements: E_NEG_INT_FUNC_0010
; statement: A = -2^(n-1) → C = -2^(n-1)
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation neg.int.int16.wraparound.cases_1.a_eq_minus_2_n_minus_1|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int16 values are 16-bit vectors in two's complement; SMT-LIB's bvneg is the
; operator under proof (it wraps around modulo 2^16).
(declare-const a (_ BitVec 16))
(define-fun c () (_ BitVec 16) (bvneg a))
; exact integer arithmetic in 34-bit vectors (nothing overflows there); C is the operator's result, c, read as a signed integer
(define-fun C () (_ BitVec 34) ((_ sign_extend 18) c))
(define-fun goal () Bool (=> (= ((_ sign_extend 18) a) (bvneg (_ bv32768 34))) (= C (bvneg (_ bv32768 34)))))
(assert (not goal))
(check-sat)
(exit)

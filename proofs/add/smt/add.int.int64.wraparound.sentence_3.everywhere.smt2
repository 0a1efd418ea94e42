; divbridge proof obligation add.int.int64.wraparound.sentence_3.everywhere
; bvadd on int64: C = A + B - m; m ∈ ℤ such that m = -2^n or m = 0 or m = 2^n
; requirements: E_ADD_INT_FUNC_0010
; statement: C = A + B - m; m ∈ ℤ such that m = -2^n or m = 0 or m = 2^n
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation add.int.int64.wraparound.sentence_3.everywhere|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int64 values are 64-bit vectors in two's complement; SMT-LIB's bvadd is the
; operator under proof (it wraps around modulo 2^64).
(declare-const a (_ BitVec 64))
(declare-const b (_ BitVec 64))
(define-fun c () (_ BitVec 64) (bvadd a b))
; exact integer arithmetic in 130-bit vectors (nothing overflows there); C is the operator's result, c, read as a signed integer
(define-fun C () (_ BitVec 130) ((_ sign_extend 66) c))
; row 1: the multiple m that makes C its result, when it is an integer
(define-fun rest_1 () (_ BitVec 130) (bvsub C (bvadd ((_ sign_extend 66) a) ((_ sign_extend 66) b))))
(define-fun m_1 () (_ BitVec 130) (bvsdiv rest_1 (_ bv1361129467683753853853498429727072845823 130)))
(define-fun goal () Bool (=> true (and (= (bvsrem rest_1 (_ bv1361129467683753853853498429727072845823 130)) (_ bv0 130)) (or (= m_1 (bvneg (_ bv18446744073709551616 130))) (= m_1 (_ bv0 130)) (= m_1 (_ bv18446744073709551616 130))))))
(assert (not goal))
(check-sat)
(exit)

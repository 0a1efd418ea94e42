; divbridge proof obligation add.int.int8.wraparound.sentence_3.everywhere
; bvadd on int8: C = A + B - m; m ∈ ℤ such that m = -2^n or m = 0 or m = 2^n
; requirements: E_ADD_INT_FUNC_0010
; statement: C = A + B - m; m ∈ ℤ such that m = -2^n or m = 0 or m = 2^n
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation add.int.int8.wraparound.sentence_3.everywhere|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int8 values are 8-bit vectors in two's complement; SMT-LIB's bvadd is the
; operator under proof (it wraps around modulo 2^8).
(declare-const a (_ BitVec 8))
(declare-const b (_ BitVec 8))
(define-fun c () (_ BitVec 8) (bvadd a b))
; exact integer arithmetic in 18-bit vectors (nothing overflows there); C is the operator's result, c, read as a signed integer
(define-fun C () (_ BitVec 18) ((_ sign_extend 10) c))
; row 1: the multiple m that makes C its result, when it is an integer
(define-fun rest_1 () (_ BitVec 18) (bvsub C (bvadd ((_ sign_extend 10) a) ((_ sign_extend 10) b))))
(define-fun m_1 () (_ BitVec 18) (bvsdiv rest_1 (_ bv262143 18)))
(define-fun goal () Bool (=> true (and (= (bvsrem rest_1 (_ bv262143 18)) (_ bv0 18)) (or (= m_1 (bvneg (_ bv256 18))) (= m_1 (_ bv0 18)) (= m_1 (_ bv256 18))))))
(assert (not goal))
(check-sat)
(exit)

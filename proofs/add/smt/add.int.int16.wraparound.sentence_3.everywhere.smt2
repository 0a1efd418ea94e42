; divbridge proof obligation add.int.int16.wraparound.sentence_3.everywhere
; bvadd on int16: C = A + B - m; m ∈ ℤ such that m = -2^n or m = 0 or m = 2^n
; requirements: E_ADD_INT_FUNC_0010
; statement: C = A + B - m; m ∈ ℤ such that m = -2^n or m = 0 or m = 2^n
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation add.int.int16.wraparound.sentence_3.everywhere|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int16 values are 16-bit vectors in two's complement; SMT-LIB's bvadd is the
; operator under proof (it wraps around modulo 2^16).
(declare-const a (_ BitVec 16))
(declare-const b (_ BitVec 16))
(define-fun c () (_ BitVec 16) (bvadd a b))
; exact integer arithmetic in 34-bit vectors (nothing overflows there); C is the operator's result, c, read as a signed integer
(define-fun C () (_ BitVec 34) ((_ sign_extend 18) c))
; row 1: the multiple m that makes C its result, when it is an integer
(define-fun rest_1 () (_ BitVec 34) (bvsub C (bvadd ((_ sign_extend 18) a) ((_ sign_extend 18) b))))
(define-fun m_1 () (_ BitVec 34) (bvsdiv rest_1 (_ bv17179869183 34)))
(define-fun goal () Bool (=> true (and (= (bvsrem rest_1 (_ bv17179869183 34)) (_ bv0 34)) (or (= m_1 (bvneg (_ bv65536 34))) (= m_1 (_ bv0 34)) (= m_1 (_ bv65536 34))))))
(assert (not goal))
(check-sat)
(exit)

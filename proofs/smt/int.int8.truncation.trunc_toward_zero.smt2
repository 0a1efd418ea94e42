; divbridge proof obligation int.int8.truncation.trunc_toward_zero
; |A| < |B| -> C = 0
; requirements: E_DIV_INT_DEF_0010, E_DIV_INT_CONSTR_B_0010, E_DIV_INT_CONSTR_AB_0020
; statement: b != 0 and not (a = MIN and b = -1) and |a| < |b| -> a / b = 0
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation int.int8.truncation.trunc_toward_zero|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int8 values are 8-bit vectors in two's complement; SMT-LIB's bvsdiv is the
; operator under proof (it truncates toward zero).  Exact arithmetic happens in 16 bits.
(declare-const a (_ BitVec 8))
(define-fun A () (_ BitVec 16) ((_ sign_extend 8) a))
(declare-const b (_ BitVec 8))
(define-fun B () (_ BitVec 16) ((_ sign_extend 8) b))
(define-fun c () (_ BitVec 8) (bvsdiv a b))
(define-fun C () (_ BitVec 16) ((_ sign_extend 8) c))
(define-fun abs2 ((x (_ BitVec 16))) (_ BitVec 16) (ite (bvslt x (_ bv0 16)) (bvneg x) x))
; the exact quotient truncated toward zero, which cannot overflow in 16 bits
(define-fun Q () (_ BitVec 16) (bvsdiv A B))
(define-fun in_range () Bool (and (bvsle (_ bv65408 16) Q) (bvsle Q (_ bv127 16))))
(define-fun pre () Bool (and (not (= b (_ bv0 8))) (not (and (= a (_ bv128 8)) (= b (_ bv255 8))))))
(define-fun goal () Bool (=> (and pre (bvslt (abs2 A) (abs2 B))) (= c (_ bv0 8))))
(assert (not goal))
(check-sat)
(exit)

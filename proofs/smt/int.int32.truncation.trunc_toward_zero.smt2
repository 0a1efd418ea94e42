; divbridge proof obligation int.int32.truncation.trunc_toward_zero
; |A| < |B| -> C = 0
; requirements: E_DIV_INT_DEF_0010, E_DIV_INT_CONSTR_B_0010, E_DIV_INT_CONSTR_AB_0020
; statement: b != 0 and not (a = MIN and b = -1) and |a| < |b| -> a / b = 0
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation int.int32.truncation.trunc_toward_zero|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int32 values are 32-bit vectors in two's complement; SMT-LIB's bvsdiv is the
; operator under proof (it truncates toward zero).  Exact arithmetic happens in 64 bits.
(declare-const a (_ BitVec 32))
(define-fun A () (_ BitVec 64) ((_ sign_extend 32) a))
(declare-const b (_ BitVec 32))
(define-fun B () (_ BitVec 64) ((_ sign_extend 32) b))
(define-fun c () (_ BitVec 32) (bvsdiv a b))
(define-fun C () (_ BitVec 64) ((_ sign_extend 32) c))
(define-fun abs2 ((x (_ BitVec 64))) (_ BitVec 64) (ite (bvslt x (_ bv0 64)) (bvneg x) x))
; the exact quotient truncated toward zero, which cannot overflow in 64 bits
(define-fun Q () (_ BitVec 64) (bvsdiv A B))
(define-fun in_range () Bool (and (bvsle (_ bv18446744071562067968 64) Q) (bvsle Q (_ bv2147483647 64))))
(define-fun pre () Bool (and (not (= b (_ bv0 32))) (not (and (= a (_ bv2147483648 32)) (= b (_ bv4294967295 32))))))
(define-fun goal () Bool (=> (and pre (bvslt (abs2 A) (abs2 B))) (= c (_ bv0 32))))
(assert (not goal))
(check-sat)
(exit)

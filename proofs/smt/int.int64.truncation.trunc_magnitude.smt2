; divbridge proof obligation int.int64.truncation.trunc_magnitude
; |C| <= |A|
; requirements: E_DIV_INT_DEF_0010, E_DIV_INT_CONSTR_B_0010, E_DIV_INT_CONSTR_AB_0020
; statement: b != 0 and not (a = MIN and b = -1) -> |a / b| <= |a|
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation int.int64.truncation.trunc_magnitude|)
(set-info :status unsat)
(set-logic QF_BV)
; int64 values are 64-bit vectors in two's complement; SMT-LIB's bvsdiv is the
; operator under proof (it truncates toward zero).  Exact arithmetic happens in 128 bits.
(declare-const a (_ BitVec 64))
(define-fun A () (_ BitVec 128) ((_ sign_extend 64) a))
(declare-const b (_ BitVec 64))
(define-fun B () (_ BitVec 128) ((_ sign_extend 64) b))
(define-fun c () (_ BitVec 64) (bvsdiv a b))
(define-fun C () (_ BitVec 128) ((_ sign_extend 64) c))
(define-fun abs2 ((x (_ BitVec 128))) (_ BitVec 128) (ite (bvslt x (_ bv0 128)) (bvneg x) x))
; the exact quotient truncated toward zero, which cannot overflow in 128 bits
(define-fun Q () (_ BitVec 128) (bvsdiv A B))
(define-fun in_range () Bool (and (bvsle (_ bv340282366920938463454151235394913435648 128) Q) (bvsle Q (_ bv9223372036854775807 128))))
(define-fun pre () Bool (and (not (= b (_ bv0 64))) (not (and (= a (_ bv9223372036854775808 64)) (= b (_ bv18446744073709551615 64))))))
(define-fun goal () Bool (=> pre (bvsle (abs2 C) (abs2 A))))
(assert (not goal))
(check-sat)
(exit)

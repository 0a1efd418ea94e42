; divbridge proof obligation int.int16.truncation.trunc_sign
; C = 0 or sign(C) = sign(A) xor sign(B)
; requirements: E_DIV_INT_DEF_0010, E_DIV_INT_CONSTR_B_0010, E_DIV_INT_CONSTR_AB_0020
; statement: b != 0 and not (a = MIN and b = -1) -> a / b = 0 or (a / b < 0 <-> (a < 0 xor b < 0))
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation int.int16.truncation.trunc_sign|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int16 values are 16-bit vectors in two's complement; SMT-LIB's bvsdiv is the
; operator under proof (it truncates toward zero).  Exact arithmetic happens in 32 bits.
(declare-const a (_ BitVec 16))
(define-fun A () (_ BitVec 32) ((_ sign_extend 16) a))
(declare-const b (_ BitVec 16))
(define-fun B () (_ BitVec 32) ((_ sign_extend 16) b))
(define-fun c () (_ BitVec 16) (bvsdiv a b))
(define-fun C () (_ BitVec 32) ((_ sign_extend 16) c))
(define-fun abs2 ((x (_ BitVec 32))) (_ BitVec 32) (ite (bvslt x (_ bv0 32)) (bvneg x) x))
; the exact quotient truncated toward zero, which cannot overflow in 32 bits
(define-fun Q () (_ BitVec 32) (bvsdiv A B))
(define-fun in_range () Bool (and (bvsle (_ bv4294934528 32) Q) (bvsle Q (_ bv32767 32))))
(define-fun pre () Bool (and (not (= b (_ bv0 16))) (not (and (= a (_ bv32768 16)) (= b (_ bv65535 16))))))
(define-fun goal () Bool (=> pre (or (= c (_ bv0 16)) (= (bvslt c (_ bv0 16)) (xor (bvslt a (_ bv0 16)) (bvslt b (_ bv0 16)))))))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation add.int.uint64.wraparound.cases_4.a_plus_b_gt_2_n_minus_1
; bvadd on uint64: A + B > 2^n - 1 → C = A + B - 2^n
; requirements: E_ADD_INT_FUNC_0010
; statement: A + B > 2^n - 1 → C = A + B - 2^n
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation add.int.uint64.wraparound.cases_4.a_plus_b_gt_2_n_minus_1|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; uint64 values are 64-bit vectors; SMT-LIB's bvadd is the
; operator under proof (it wraps around modulo 2^64).
(declare-const a (_ BitVec 64))
(declare-const b (_ BitVec 64))
(define-fun c () (_ BitVec 64) (bvadd a b))
; exact integer arithmetic in 130-bit vectors (nothing overflows there); C is the operator's result, c, read as an unsigned integer
(define-fun C () (_ BitVec 130) ((_ zero_extend 66) c))
(define-fun goal () Bool (=> (bvsgt (bvadd ((_ zero_extend 66) a) ((_ zero_extend 66) b)) (bvsub (_ bv18446744073709551616 130) (_ bv1 130))) (= C (bvsub (bvadd ((_ zero_extend 66) a) ((_ zero_extend 66) b)) (_ bv18446744073709551616 130)))))
(assert (not goal))
(check-sat)
(exit)

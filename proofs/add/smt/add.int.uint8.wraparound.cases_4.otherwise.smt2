; divbridge proof obligation add.int.uint8.wraparound.cases_4.otherwise
; bvadd on uint8: otherwise → C = A + B
; requirements: E_ADD_INT_FUNC_0010
; statement: otherwise → C = A + B
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation add.int.uint8.wraparound.cases_4.otherwise|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; uint8 values are 8-bit vectors; SMT-LIB's bvadd is the
; operator under proof (it wraps around modulo 2^8).
(declare-const a (_ BitVec 8))
(declare-const b (_ BitVec 8))
(define-fun c () (_ BitVec 8) (bvadd a b))
; exact integer arithmetic in 18-bit vectors (nothing overflows there); C is the operator's result, c, read as an unsigned integer
(define-fun C () (_ BitVec 18) ((_ zero_extend 10) c))
(define-fun goal () Bool (=> (not (bvsgt (bvadd ((_ zero_extend 10) a) ((_ zero_extend 10) b)) (bvsub (_ bv256 18) (_ bv1 18)))) (= C (bvadd ((_ zero_extend 10) a) ((_ zero_extend 10) b)))))
(assert (not goal))
(check-sat)
(exit)

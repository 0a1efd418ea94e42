; divbridge proof obligation add.int.uint16.wraparound.cases_4.otherwise
; bvadd on uint16: otherwise → C = A + B
; requirements: E_ADD_INT_FUNC_0010
; statement: otherwise → C = A + B
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation add.int.uint16.wraparound.cases_4.otherwise|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; uint16 values are 16-bit vectors; SMT-LIB's bvadd is the
; operator under proof (it wraps around modulo 2^16).
(declare-const a (_ BitVec 16))
(declare-const b (_ BitVec 16))
(define-fun c () (_ BitVec 16) (bvadd a b))
; exact integer arithmetic in 34-bit vectors (nothing overflows there); C is the operator's result, c, read as an unsigned integer
(define-fun C () (_ BitVec 34) ((_ zero_extend 18) c))
(define-fun goal () Bool (=> (not (bvsgt (bvadd ((_ zero_extend 18) a) ((_ zero_extend 18) b)) (bvsub (_ bv65536 34) (_ bv1 34)))) (= C (bvadd ((_ zero_extend 18) a) ((_ zero_extend 18) b)))))
(assert (not goal))
(check-sat)
(exit)

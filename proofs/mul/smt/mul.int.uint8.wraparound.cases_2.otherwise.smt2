; divbridge proof obligation mul.int.uint8.wraparound.cases_2.otherwise
; bvmul on uint8: otherwise → C = A*B
; requirements: E_MUL_INT_FUNC_0010
; statement: otherwise → C = A*B
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation mul.int.uint8.wraparound.cases_2.otherwise|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; uint8 values are 8-bit vectors; SMT-LIB's bvmul is the
; operator under proof (it wraps around modulo 2^8).
(declare-const a (_ BitVec 8))
(declare-const b (_ BitVec 8))
(define-fun c () (_ BitVec 8) (bvmul a b))
; exact integer arithmetic in 21-bit vectors (nothing overflows there); C is the operator's result, c, read as an unsigned integer
(define-fun C () (_ BitVec 21) ((_ zero_extend 13) c))
(define-fun goal () Bool (=> (not (bvsgt (bvmul ((_ zero_extend 13) a) ((_ zero_extend 13) b)) (bvsub (_ bv256 21) (_ bv1 21)))) (= C (bvmul ((_ zero_extend 13) a) ((_ zero_extend 13) b)))))
(assert (not goal))
(check-sat)
(exit)

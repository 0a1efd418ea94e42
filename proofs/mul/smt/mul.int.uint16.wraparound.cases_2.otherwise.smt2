; divbridge proof obligation mul.int.uint16.wraparound.cases_2.otherwise
; bvmul on uint16: otherwise → C = A*B
; requirements: E_MUL_INT_FUNC_0010
; statement: otherwise → C = A*B
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation mul.int.uint16.wraparound.cases_2.otherwise|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; uint16 values are 16-bit vectors; SMT-LIB's bvmul is the
; operator under proof (it wraps around modulo 2^16).
(declare-const a (_ BitVec 16))
(declare-const b (_ BitVec 16))
(define-fun c () (_ BitVec 16) (bvmul a b))
; exact integer arithmetic in 37-bit vectors (nothing overflows there); C is the operator's result, c, read as an unsigned integer
(define-fun C () (_ BitVec 37) ((_ zero_extend 21) c))
(define-fun goal () Bool (=> (not (bvsgt (bvmul ((_ zero_extend 21) a) ((_ zero_extend 21) b)) (bvsub (_ bv65536 37) (_ bv1 37)))) (= C (bvmul ((_ zero_extend 21) a) ((_ zero_extend 21) b)))))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation mul.int.uint64.wraparound.cases_2.otherwise
; bvmul on uint64: otherwise → C = A*B
; requirements: E_MUL_INT_FUNC_0010
; statement: otherwise → C = A*B
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation mul.int.uint64.wraparound.cases_2.otherwise|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; uint64 values are 64-bit vectors; SMT-LIB's bvmul is the
; operator under proof (it wraps around modulo 2^64).
(declare-const a (_ BitVec 64))
(declare-const b (_ BitVec 64))
(define-fun c () (_ BitVec 64) (bvmul a b))
; exact integer arithmetic in 133-bit vectors (nothing overflows there); C is the operator's result, c, read as an unsigned integer
(define-fun C () (_ BitVec 133) ((_ zero_extend 69) c))
(define-fun goal () Bool (=> (not (bvsgt (bvmul ((_ zero_extend 69) a) ((_ zero_extend 69) b)) (bvsub (_ bv18446744073709551616 133) (_ bv1 133)))) (= C (bvmul ((_ zero_extend 69) a) ((_ zero_extend 69) b)))))
(assert (not goal))
(check-sat)
(exit)

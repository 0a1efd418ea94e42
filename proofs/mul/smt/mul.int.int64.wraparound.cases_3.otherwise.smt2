; divbridge proof obligation mul.int.int64.wraparound.cases_3.otherwise
; bvmul on int64: otherwise → C = A*B
; requirements: E_MUL_INT_FUNC_0010
; statement: otherwise → C = A*B
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation mul.int.int64.wraparound.cases_3.otherwise|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int64 values are 64-bit vectors in two's complement; SMT-LIB's bvmul is the
; operator under proof (it wraps around modulo 2^64).
(declare-const a (_ BitVec 64))
(declare-const b (_ BitVec 64))
(define-fun c () (_ BitVec 64) (bvmul a b))
; exact integer arithmetic in 133-bit vectors (nothing overflows there); C is the operator's result, c, read as a signed integer
(define-fun C () (_ BitVec 133) ((_ sign_extend 69) c))
(define-fun goal () Bool (=> (not (or (bvsgt (bvmul ((_ sign_extend 69) a) ((_ sign_extend 69) b)) (bvsub (_ bv9223372036854775808 133) (_ bv1 133))) (bvslt (bvmul ((_ sign_extend 69) a) ((_ sign_extend 69) b)) (bvneg (_ bv9223372036854775808 133))))) (= C (bvmul ((_ sign_extend 69) a) ((_ sign_extend 69) b)))))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation mul.int.int16.wraparound.cases_3.otherwise
; bvmul on int16: otherwise → C = A*B
; requirements: E_MUL_INT_FUNC_0010
; statement: otherwise → C = A*B
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation mul.int.int16.wraparound.cases_3.otherwise|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int16 values are 16-bit vectors in two's complement; SMT-LIB's bvmul is the
; operator under proof (it wraps around modulo 2^16).
(declare-const a (_ BitVec 16))
(declare-const b (_ BitVec 16))
(define-fun c () (_ BitVec 16) (bvmul a b))
; exact integer arithmetic in 37-bit vectors (nothing overflows there); C is the operator's result, c, read as a signed integer
(define-fun C () (_ BitVec 37) ((_ sign_extend 21) c))
(define-fun goal () Bool (=> (not (or (bvsgt (bvmul ((_ sign_extend 21) a) ((_ sign_extend 21) b)) (bvsub (_ bv32768 37) (_ bv1 37))) (bvslt (bvmul ((_ sign_extend 21) a) ((_ sign_extend 21) b)) (bvneg (_ bv32768 37))))) (= C (bvmul ((_ sign_extend 21) a) ((_ sign_extend 21) b)))))
(assert (not goal))
(check-sat)
(exit)

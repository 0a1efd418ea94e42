; divbridge proof obligation mul.int.uint32.wraparound.cases_2.otherwise
; bvmul on uint32: otherwise → C = A*B
; requirements: E_MUL_INT_FUNC_0010
; statement: otherwise → C = A*B
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation mul.int.uint32.wraparound.cases_2.otherwise|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; uint32 values are 32-bit vectors; SMT-LIB's bvmul is the
; operator under proof (it wraps around modulo 2^32).
(declare-const a (_ BitVec 32))
(declare-const b (_ BitVec 32))
(define-fun c () (_ BitVec 32) (bvmul a b))
; exact integer arithmetic in 69-bit vectors (nothing overflows there); C is the operator's result, c, read as an unsigned integer
(define-fun C () (_ BitVec 69) ((_ zero_extend 37) c))
(define-fun goal () Bool (=> (not (bvsgt (bvmul ((_ zero_extend 37) a) ((_ zero_extend 37) b)) (bvsub (_ bv4294967296 69) (_ bv1 69)))) (= C (bvmul ((_ zero_extend 37) a) ((_ zero_extend 37) b)))))
(assert (not goal))
(check-sat)
(exit)

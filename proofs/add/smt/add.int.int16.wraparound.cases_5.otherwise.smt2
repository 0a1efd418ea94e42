; divbridge proof obligation add.int.int16.wraparound.cases_5.otherwise
; bvadd on int16: otherwise → C = A + B
; requirements: E_ADD_INT_FUNC_0010
; statement: otherwise → C = A + B
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation add.int.int16.wraparound.cases_5.otherwise|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int16 values are 16-bit vectors in two's complement; SMT-LIB's bvadd is the
; operator under proof (it wraps around modulo 2^16).
(declare-const a (_ BitVec 16))
(declare-const b (_ BitVec 16))
(define-fun c () (_ BitVec 16) (bvadd a b))
; exact integer arithmetic in 34-bit vectors (nothing overflows there); C is the operator's result, c, read as a signed integer
(define-fun C () (_ BitVec 34) ((_ sign_extend 18) c))
(define-fun goal () Bool (=> (not (or (bvsgt (bvadd ((_ sign_extend 18) a) ((_ sign_extend 18) b)) (bvsub (_ bv32768 34) (_ bv1 34))) (bvslt (bvadd ((_ sign_extend 18) a) ((_ sign_extend 18) b)) (bvneg (_ bv32768 34))))) (= C (bvadd ((_ sign_extend 18) a) ((_ sign_extend 18) b)))))
(assert (not goal))
(check-sat)
(exit)

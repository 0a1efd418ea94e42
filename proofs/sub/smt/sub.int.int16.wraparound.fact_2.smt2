; divbridge proof obligation sub.int.int16.wraparound.fact_2
; bvsub on int16: MIN - 2^n < A - B and A - B < MAX + 2^n
; requirements: E_SUB_INT_FUNC_0010
; statement: MIN - 2^n < A - B and A - B < MAX + 2^n
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation sub.int.int16.wraparound.fact_2|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int16 values are 16-bit vectors in two's complement; SMT-LIB's bvsub is the
; operator under proof (it wraps around modulo 2^16).
(declare-const a (_ BitVec 16))
(declare-const b (_ BitVec 16))
(define-fun c () (_ BitVec 16) (bvsub a b))
; exact integer arithmetic in 34-bit vectors (nothing overflows there); C is the operator's result, c, read as a signed integer
(define-fun C () (_ BitVec 34) ((_ sign_extend 18) c))
(define-fun goal () Bool (and (bvslt (bvsub (_ bv17179836416 34) (_ bv65536 34)) (bvsub ((_ sign_extend 18) a) ((_ sign_extend 18) b))) (bvslt (bvsub ((_ sign_extend 18) a) ((_ sign_extend 18) b)) (bvadd (_ bv32767 34) (_ bv65536 34)))))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation sub.int.uint16.wraparound.fact_2
; bvsub on uint16: MIN - 2^n < A - B and A - B < MAX + 2^n
; requirements: E_SUB_INT_FUNC_0010
; statement: MIN - 2^n < A - B and A - B < MAX + 2^n
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation sub.int.uint16.wraparound.fact_2|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; uint16 values are 16-bit vectors; SMT-LIB's bvsub is the
; operator under proof (it wraps around modulo 2^16).
(declare-const a (_ BitVec 16))
(declare-const b (_ BitVec 16))
(define-fun c () (_ BitVec 16) (bvsub a b))
; exact integer arithmetic in 34-bit vectors (nothing overflows there); C is the operator's result, c, read as an unsigned integer
(define-fun C () (_ BitVec 34) ((_ zero_extend 18) c))
(define-fun goal () Bool (and (bvslt (bvsub (_ bv0 34) (_ bv65536 34)) (bvsub ((_ zero_extend 18) a) ((_ zero_extend 18) b))) (bvslt (bvsub ((_ zero_extend 18) a) ((_ zero_extend 18) b)) (bvadd (_ bv65535 34) (_ bv65536 34)))))
(assert (not goal))
(check-sat)
(exit)

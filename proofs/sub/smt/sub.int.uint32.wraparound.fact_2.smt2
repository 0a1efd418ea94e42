; divbridge proof obligation sub.int.uint32.wraparound.fact_2
; bvsub on uint32: MIN - 2^n < A - B and A - B < MAX + 2^n
; requirements: E_SUB_INT_FUNC_0010
; statement: MIN - 2^n < A - B and A - B < MAX + 2^n
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation sub.int.uint32.wraparound.fact_2|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; uint32 values are 32-bit vectors; SMT-LIB's bvsub is the
; operator under proof (it wraps around modulo 2^32).
(declare-const a (_ BitVec 32))
(declare-const b (_ BitVec 32))
(define-fun c () (_ BitVec 32) (bvsub a b))
; exact integer arithmetic in 66-bit vectors (nothing overflows there); C is the operator's result, c, read as an unsigned integer
(define-fun C () (_ BitVec 66) ((_ zero_extend 34) c))
(define-fun goal () Bool (and (bvslt (bvsub (_ bv0 66) (_ bv4294967296 66)) (bvsub ((_ zero_extend 34) a) ((_ zero_extend 34) b))) (bvslt (bvsub ((_ zero_extend 34) a) ((_ zero_extend 34) b)) (bvadd (_ bv4294967295 66) (_ bv4294967296 66)))))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation neg.int.int32.generic.int_involution
; -(-x) = x, modulo 2^n
; requirements: E_NEG_INT_FUNC_0010
; statement: -(-x) = x, modulo 2^n
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation neg.int.int32.generic.int_involution|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int32 values are 32-bit vectors in two's complement; SMT-LIB's bvneg is the
; operator under proof (it wraps around modulo 2^32).
(declare-const x (_ BitVec 32))
; -(-x) = x, modulo 2^n: the same value on both sides
(define-fun goal () Bool (= (bvneg (bvneg x))
                            x))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation neg.int.int16.generic.int_min_wraps
; -INT_MIN = INT_MIN (wrap-around)
; requirements: E_NEG_INT_FUNC_0010
; statement: -INT_MIN = INT_MIN (wrap-around)
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation neg.int.int16.generic.int_min_wraps|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int16 values are 16-bit vectors in two's complement; SMT-LIB's bvneg is the
; operator under proof (it wraps around modulo 2^16).
; -INT_MIN = INT_MIN (wrap-around): the same value on both sides
(define-fun goal () Bool (= (bvneg (_ bv32768 16))
                            (_ bv32768 16)))
(assert (not goal))
(check-sat)
(exit)

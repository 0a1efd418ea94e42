; divbridge proof obligation abs.int.int64.generic.int_min_wraps
; abs(INT_MIN) = INT_MIN (wrap-around)
; requirements: E_ABS_INT_FUNC_0010
; statement: abs(INT_MIN) = INT_MIN (wrap-around)
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation abs.int.int64.generic.int_min_wraps|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int64 values are 64-bit vectors in two's complement; SMT-LIB's absolute is the
; operator under proof (it wraps around modulo 2^64).
(define-fun absolute ((a (_ BitVec 64))) (_ BitVec 64) (ite (bvslt a (_ bv0 64)) (bvneg a) a))
; abs(INT_MIN) = INT_MIN (wrap-around): the same value on both sides
(define-fun goal () Bool (= (absolute (_ bv9223372036854775808 64))
                            (_ bv9223372036854775808 64)))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation abs.int.int64.generic.int_at_least_zero
; abs(x) >= 0 (false at x = INT_MIN: abs(INT_MIN) = INT_MIN)
; requirements: E_ABS_INT_FUNC_0010
; statement: abs(x) >= 0 (false at x = INT_MIN: abs(INT_MIN) = INT_MIN)
; expected: invalid, so the negated goal asserted below is sat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation abs.int.int64.generic.int_at_least_zero|)
; status: sat, as bitwuzla established on this file
(set-info :status sat)
(set-logic QF_BV)
; int64 values are 64-bit vectors in two's complement; SMT-LIB's absolute is the
; operator under proof (it wraps around modulo 2^64).
(declare-const x (_ BitVec 64))
(define-fun absolute ((a (_ BitVec 64))) (_ BitVec 64) (ite (bvslt a (_ bv0 64)) (bvneg a) a))
; abs(x) >= 0 (false at x = INT_MIN: abs(INT_MIN) = INT_MIN): the same value on both sides
(define-fun goal () Bool (bvsle (_ bv0 64) (absolute x)))
(assert (not goal))
(check-sat)
(exit)

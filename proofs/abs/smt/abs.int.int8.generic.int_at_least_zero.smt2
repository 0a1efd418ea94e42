; divbridge proof obligation abs.int.int8.generic.int_at_least_zero
; abs(x) >= 0 (false at x = INT_MIN: abs(INT_MIN) = INT_MIN)
; requirements: E_ABS_INT_FUNC_0010
; statement: abs(x) >= 0 (false at x = INT_MIN: abs(INT_MIN) = INT_MIN)
; expected: invalid, so the negated goal asserted below is sat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation abs.int.int8.generic.int_at_least_zero|)
; status: sat, as bitwuzla established on this file
(set-info :status sat)
(set-logic QF_BV)
; int8 values are 8-bit vectors in two's complement; SMT-LIB's absolute is the
; operator under proof (it wraps around modulo 2^8).
(declare-const x (_ BitVec 8))
(define-fun absolute ((a (_ BitVec 8))) (_ BitVec 8) (ite (bvslt a (_ bv0 8)) (bvneg a) a))
; abs(x) >= 0 (false at x = INT_MIN: abs(INT_MIN) = INT_MIN): the same value on both sides
(define-fun goal () Bool (bvsle (_ bv0 8) (absolute x)))
(assert (not goal))
(check-sat)
(exit)

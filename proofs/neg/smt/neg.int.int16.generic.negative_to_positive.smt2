; divbridge proof obligation neg.int.int16.generic.negative_to_positive
; x < 0 -> -x > 0 (false at x = INT_MIN: -INT_MIN = INT_MIN)
; requirements: E_NEG_INT_FUNC_0010
; statement: x < 0 -> -x > 0 (false at x = INT_MIN: -INT_MIN = INT_MIN)
; expected: invalid, so the negated goal asserted below is sat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation neg.int.int16.generic.negative_to_positive|)
; status: sat, as bitwuzla established on this file
(set-info :status sat)
(set-logic QF_BV)
; int16 values are 16-bit vectors in two's complement; SMT-LIB's bvneg is the
; operator under proof (it wraps around modulo 2^16).
(declare-const x (_ BitVec 16))
; x < 0 -> -x > 0 (false at x = INT_MIN: -INT_MIN = INT_MIN): the same value on both sides
(define-fun goal () Bool (=> (bvslt x (_ bv0 16)) (bvslt (_ bv0 16) (bvneg x))))
(assert (not goal))
(check-sat)
(exit)

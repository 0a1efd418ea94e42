; divbridge proof obligation abs.int.int8.generic.int_even
; abs(-x) = abs(x), modulo 2^n
; requirements: E_ABS_INT_FUNC_0010
; statement: abs(-x) = abs(x), modulo 2^n
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation abs.int.int8.generic.int_even|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int8 values are 8-bit vectors in two's complement; SMT-LIB's absolute is the
; operator under proof (it wraps around modulo 2^8).
(declare-const x (_ BitVec 8))
(define-fun absolute ((a (_ BitVec 8))) (_ BitVec 8) (ite (bvslt a (_ bv0 8)) (bvneg a) a))
; abs(-x) = abs(x), modulo 2^n: the same value on both sides
(define-fun goal () Bool (= (absolute (bvneg x))
                            (absolute x)))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation abs.int.int64.generic.int_even
; abs(-x) = abs(x), modulo 2^n
; requirements: E_ABS_INT_FUNC_0010
; statement: abs(-x) = abs(x), modulo 2^n
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation abs.int.int64.generic.int_even|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int64 values are 64-bit vectors in two's complement; SMT-LIB's absolute is the
; operator under proof (it wraps around modulo 2^64).
(declare-const x (_ BitVec 64))
(define-fun absolute ((a (_ BitVec 64))) (_ BitVec 64) (ite (bvslt a (_ bv0 64)) (bvneg a) a))
; abs(-x) = abs(x), modulo 2^n: the same value on both sides
(define-fun goal () Bool (= (absolute (bvneg x))
                            (absolute x)))
(assert (not goal))
(check-sat)
(exit)

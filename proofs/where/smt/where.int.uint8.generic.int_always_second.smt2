; divbridge proof obligation where.int.uint8.generic.int_always_second
; where(cond, x, y) = y (false where cond holds and x != y)
; requirements: E_WHERE_INT_FUNC_0010
; statement: where(cond, x, y) = y (false where cond holds and x != y)
; expected: invalid, so the negated goal asserted below is sat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation where.int.uint8.generic.int_always_second|)
; status: sat, as bitwuzla established on this file
(set-info :status sat)
(set-logic QF_BV)
; uint8 values are 8-bit vectors; SMT-LIB's where is the
; operator under proof (its result always fits).
(declare-const cond_bits (_ BitVec 1))
(define-fun cond () Bool (= cond_bits #b1))
(declare-const x (_ BitVec 8))
(declare-const y (_ BitVec 8))
(define-fun where ((cond Bool) (x (_ BitVec 8)) (y (_ BitVec 8))) (_ BitVec 8) (ite cond x y))
(define-fun c () (_ BitVec 8) (where cond x y))
; where(cond, x, y) = y (false where cond holds and x != y): the same value on both sides
(define-fun goal () Bool (= (where cond x y)
                            y))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation where.int.int32.generic.int_selects_first
; cond -> where(cond, x, y) = x
; requirements: E_WHERE_INT_FUNC_0010
; statement: cond -> where(cond, x, y) = x
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation where.int.int32.generic.int_selects_first|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int32 values are 32-bit vectors in two's complement; SMT-LIB's where is the
; operator under proof (its result always fits).
(declare-const cond_bits (_ BitVec 1))
(define-fun cond () Bool (= cond_bits #b1))
(declare-const x (_ BitVec 32))
(declare-const y (_ BitVec 32))
(define-fun where ((cond Bool) (x (_ BitVec 32)) (y (_ BitVec 32))) (_ BitVec 32) (ite cond x y))
(define-fun c () (_ BitVec 32) (where cond x y))
; cond -> where(cond, x, y) = x: the same value on both sides
(define-fun goal () Bool (=> cond (= (where cond x y) x)))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation where.int.uint16.generic.int_selects_first
; cond -> where(cond, x, y) = x
; requirements: E_WHERE_INT_FUNC_0010
; statement: cond -> where(cond, x, y) = x
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation where.int.uint16.generic.int_selects_first|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; uint16 values are 16-bit vectors; SMT-LIB's where is the
; operator under proof (its result always fits).
(declare-const cond_bits (_ BitVec 1))
(define-fun cond () Bool (= cond_bits #b1))
(declare-const x (_ BitVec 16))
(declare-const y (_ BitVec 16))
(define-fun where ((cond Bool) (x (_ BitVec 16)) (y (_ BitVec 16))) (_ BitVec 16) (ite cond x y))
(define-fun c () (_ BitVec 16) (where cond x y))
; cond -> where(cond, x, y) = x: the same value on both sides
(define-fun goal () Bool (=> cond (= (where cond x y) x)))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation clip.int.int64.generic.int_inside
; min <= x <= max -> clip(x, min, max) = x
; requirements: E_CLIP_INT_FUNC_0010
; statement: min <= x <= max -> clip(x, min, max) = x
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation clip.int.int64.generic.int_inside|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int64 values are 64-bit vectors in two's complement; SMT-LIB's clip is the
; operator under proof (its result always fits).
(declare-const hi (_ BitVec 64))
(declare-const lo (_ BitVec 64))
(declare-const x (_ BitVec 64))
(define-fun clip ((x (_ BitVec 64)) (lo (_ BitVec 64)) (hi (_ BitVec 64))) (_ BitVec 64) (ite (bvslt (ite (bvslt lo x) x lo) hi) (ite (bvslt lo x) x lo) hi))
(define-fun c () (_ BitVec 64) (clip x lo hi))
; min <= x <= max -> clip(x, min, max) = x: the same value on both sides
(define-fun goal () Bool (=> (and (bvsle lo x) (bvsle x hi)) (= (clip x lo hi) x)))
(assert (not goal))
(check-sat)
(exit)

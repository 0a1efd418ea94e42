; divbridge proof obligation clip.int.int8.generic.int_always_above_min
; min <= clip(x, min, max) (false where max < min)
; requirements: E_CLIP_INT_FUNC_0010
; statement: min <= clip(x, min, max) (false where max < min)
; expected: invalid, so the negated goal asserted below is sat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation clip.int.int8.generic.int_always_above_min|)
; status: sat, as bitwuzla established on this file
(set-info :status sat)
(set-logic QF_BV)
; int8 values are 8-bit vectors in two's complement; SMT-LIB's clip is the
; operator under proof (its result always fits).
(declare-const hi (_ BitVec 8))
(declare-const lo (_ BitVec 8))
(declare-const x (_ BitVec 8))
(define-fun clip ((x (_ BitVec 8)) (lo (_ BitVec 8)) (hi (_ BitVec 8))) (_ BitVec 8) (ite (bvslt (ite (bvslt lo x) x lo) hi) (ite (bvslt lo x) x lo) hi))
(define-fun c () (_ BitVec 8) (clip x lo hi))
; min <= clip(x, min, max) (false where max < min): the same value on both sides
(define-fun goal () Bool (not (bvslt (clip x lo hi) lo)))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation clip.int.int8.example.example_1
; worked example 1
; requirements: E_CLIP_INT_FUNC_0010
; statement: Clip(X, min, max) = C elementwise: clip(-128, -7, 7) = -7, clip(100, -7, 7) = 7, clip(0, 0, 7) = 0, clip(127, -128, 127) = 127, clip(5, 9, 3) = 3
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation clip.int.int8.example.example_1|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int8 values are 8-bit vectors in two's complement; SMT-LIB's clip is the
; operator under proof (its result always fits).
(define-fun clip ((x (_ BitVec 8)) (lo (_ BitVec 8)) (hi (_ BitVec 8))) (_ BitVec 8) (ite (bvslt (ite (bvslt lo x) x lo) hi) (ite (bvslt lo x) x lo) hi))
; the document's worked example: each element's clipped value, modulo 2^8, is the C written
(define-fun goal () Bool (and (= (clip (_ bv128 8) (_ bv249 8) (_ bv7 8)) (_ bv249 8)) (= (clip (_ bv100 8) (_ bv249 8) (_ bv7 8)) (_ bv7 8)) (= (clip (_ bv0 8) (_ bv0 8) (_ bv7 8)) (_ bv0 8)) (= (clip (_ bv127 8) (_ bv128 8) (_ bv127 8)) (_ bv127 8)) (= (clip (_ bv5 8) (_ bv9 8) (_ bv3 8)) (_ bv3 8))))
(assert (not goal))
(check-sat)
(exit)

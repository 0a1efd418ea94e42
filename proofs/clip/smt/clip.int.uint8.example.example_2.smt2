; divbridge proof obligation clip.int.uint8.example.example_2
; worked example 2
; requirements: E_CLIP_INT_FUNC_0010
; statement: Clip(X, min, max) = C elementwise: clip(0, 3, 100) = 3, clip(200, 3, 100) = 100, clip(255, 0, 255) = 255, clip(4, 9, 2) = 2
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation clip.int.uint8.example.example_2|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; uint8 values are 8-bit vectors; SMT-LIB's clip is the
; operator under proof (its result always fits).
(define-fun clip ((x (_ BitVec 8)) (lo (_ BitVec 8)) (hi (_ BitVec 8))) (_ BitVec 8) (ite (bvult (ite (bvult lo x) x lo) hi) (ite (bvult lo x) x lo) hi))
; the document's worked example: each element's clipped value, modulo 2^8, is the C written
(define-fun goal () Bool (and (= (clip (_ bv0 8) (_ bv3 8) (_ bv100 8)) (_ bv3 8)) (= (clip (_ bv200 8) (_ bv3 8) (_ bv100 8)) (_ bv100 8)) (= (clip (_ bv255 8) (_ bv0 8) (_ bv255 8)) (_ bv255 8)) (= (clip (_ bv4 8) (_ bv9 8) (_ bv2 8)) (_ bv2 8))))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation clip.float.bf16.table.a_le_b_and_b_lt_c
; case table 1, row A ≤ B and B < C -> B
; requirements: E_CLIP_FLOAT_FUNC_0010
; statement: A ≤ B and B < C -> clip(x, lo, hi) = B
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation clip.float.bf16.table.a_le_b_and_b_lt_c|)
; status: unsat, as z3 established on this file
(set-info :status unsat)
(set-logic QF_BVFP)
; bf16 is (_ FloatingPoint 8 8); operands are declared as bit patterns
(declare-const x_bits (_ BitVec 16))
(define-fun x () (_ FloatingPoint 8 8) ((_ to_fp 8 8) x_bits))
(declare-const lo_bits (_ BitVec 16))
(define-fun lo () (_ FloatingPoint 8 8) ((_ to_fp 8 8) lo_bits))
(declare-const hi_bits (_ BitVec 16))
(define-fun hi () (_ FloatingPoint 8 8) ((_ to_fp 8 8) hi_bits))
(define-fun isFinite ((x (_ FloatingPoint 8 8))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 8) (fp #b0 #b01111111 #b0000000))
(define-fun clip ((x (_ FloatingPoint 8 8)) (lo (_ FloatingPoint 8 8)) (hi (_ FloatingPoint 8 8))) (_ FloatingPoint 8 8) (ite (fp.isNaN x) x (ite (fp.isNaN lo) lo (ite (fp.lt (ite (fp.lt lo x) x lo) hi) (ite (fp.lt lo x) x lo) hi))))
(define-fun q () (_ FloatingPoint 8 8) (clip x lo hi))
(define-fun goal () Bool (=> (and (fp.leq x lo) (fp.lt lo hi))
                             (= q lo)))
(assert (not goal))
(check-sat)
(exit)

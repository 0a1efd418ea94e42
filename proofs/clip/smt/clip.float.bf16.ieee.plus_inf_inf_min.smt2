; divbridge proof obligation clip.float.bf16.ieee.plus_inf_inf_min
; X = +inf gives max
; requirements: E_CLIP_FLOAT_FUNC_0010
; statement: x = +inf and isInfinite(lo) -> clip(x, lo, hi) = hi
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation clip.float.bf16.ieee.plus_inf_inf_min|)
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
(define-fun goal () Bool (=> (and (and (fp.isInfinite x) (fp.isPositive x)) (fp.isInfinite lo))
                             (= q hi)))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation clip.float.fp64.ieee.minus_inf_zero_min_zero_max
; X minus_inf, min zero: hi
; requirements: E_CLIP_FLOAT_FUNC_0010
; statement: x = -inf and isZero(lo) and isZero(hi) -> clip(x, lo, hi) = hi
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation clip.float.fp64.ieee.minus_inf_zero_min_zero_max|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BVFP)
; fp64 is (_ FloatingPoint 11 53); operands are declared as bit patterns
(declare-const x_bits (_ BitVec 64))
(define-fun x () (_ FloatingPoint 11 53) ((_ to_fp 11 53) x_bits))
(declare-const lo_bits (_ BitVec 64))
(define-fun lo () (_ FloatingPoint 11 53) ((_ to_fp 11 53) lo_bits))
(declare-const hi_bits (_ BitVec 64))
(define-fun hi () (_ FloatingPoint 11 53) ((_ to_fp 11 53) hi_bits))
(define-fun isFinite ((x (_ FloatingPoint 11 53))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 11 53) (fp #b0 #b01111111111 #b0000000000000000000000000000000000000000000000000000))
(define-fun clip ((x (_ FloatingPoint 11 53)) (lo (_ FloatingPoint 11 53)) (hi (_ FloatingPoint 11 53))) (_ FloatingPoint 11 53) (ite (fp.isNaN x) x (ite (fp.isNaN lo) lo (ite (fp.lt (ite (fp.lt lo x) x lo) hi) (ite (fp.lt lo x) x lo) hi))))
(define-fun q () (_ FloatingPoint 11 53) (clip x lo hi))
(define-fun goal () Bool (=> (and (and (fp.isInfinite x) (fp.isNegative x)) (fp.isZero lo) (fp.isZero hi))
                             (= q hi)))
(assert (not goal))
(check-sat)
(exit)

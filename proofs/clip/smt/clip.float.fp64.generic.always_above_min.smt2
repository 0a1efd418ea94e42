; divbridge proof obligation clip.float.fp64.generic.always_above_min
; clip(x, min, max) is not below min (false where max < min: the result is max)
; requirements: E_CLIP_FLOAT_FUNC_0010
; statement: clip(x, min, max) is not below min (false where max < min: the result is max)
; expected: invalid, so the negated goal asserted below is sat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation clip.float.fp64.generic.always_above_min|)
; status: sat, as bitwuzla established on this file
(set-info :status sat)
(set-logic QF_BVFP)
; fp64 is (_ FloatingPoint 11 53); operands are declared as bit patterns
(declare-const hi_bits (_ BitVec 64))
(define-fun hi () (_ FloatingPoint 11 53) ((_ to_fp 11 53) hi_bits))
(declare-const lo_bits (_ BitVec 64))
(define-fun lo () (_ FloatingPoint 11 53) ((_ to_fp 11 53) lo_bits))
(declare-const x_bits (_ BitVec 64))
(define-fun x () (_ FloatingPoint 11 53) ((_ to_fp 11 53) x_bits))
(define-fun isFinite ((x (_ FloatingPoint 11 53))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 11 53) (fp #b0 #b01111111111 #b0000000000000000000000000000000000000000000000000000))
(define-fun clip ((x (_ FloatingPoint 11 53)) (lo (_ FloatingPoint 11 53)) (hi (_ FloatingPoint 11 53))) (_ FloatingPoint 11 53) (ite (fp.isNaN x) x (ite (fp.isNaN lo) lo (ite (fp.lt (ite (fp.lt lo x) x lo) hi) (ite (fp.lt lo x) x lo) hi))))
(define-fun q () (_ FloatingPoint 11 53) (clip x lo hi))
; clip(x, min, max) is not below min (false where max < min: the result is max): the same float on both sides (NaN equal to NaN)
(define-fun goal () Bool (not (fp.lt (clip x lo hi) lo)))
(assert (not goal))
(check-sat)
(exit)

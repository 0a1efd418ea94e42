; divbridge proof obligation clip.float.fp16.table.a_isnan_or_b_isnan_or_c_isnan
; case table 1, row A isnan or B isnan or C isnan -> nan
; requirements: E_CLIP_FLOAT_FUNC_0010
; statement: A isnan or B isnan or C isnan -> clip(x, lo, hi) = nan
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation clip.float.fp16.table.a_isnan_or_b_isnan_or_c_isnan|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BVFP)
; fp16 is (_ FloatingPoint 5 11); operands are declared as bit patterns
(declare-const x_bits (_ BitVec 16))
(define-fun x () (_ FloatingPoint 5 11) ((_ to_fp 5 11) x_bits))
(declare-const lo_bits (_ BitVec 16))
(define-fun lo () (_ FloatingPoint 5 11) ((_ to_fp 5 11) lo_bits))
(declare-const hi_bits (_ BitVec 16))
(define-fun hi () (_ FloatingPoint 5 11) ((_ to_fp 5 11) hi_bits))
(define-fun isFinite ((x (_ FloatingPoint 5 11))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 5 11) (fp #b0 #b01111 #b0000000000))
(define-fun clip ((x (_ FloatingPoint 5 11)) (lo (_ FloatingPoint 5 11)) (hi (_ FloatingPoint 5 11))) (_ FloatingPoint 5 11) (ite (fp.isNaN x) x (ite (fp.isNaN lo) lo (ite (fp.lt (ite (fp.lt lo x) x lo) hi) (ite (fp.lt lo x) x lo) hi))))
(define-fun q () (_ FloatingPoint 5 11) (clip x lo hi))
(define-fun goal () Bool (=> (or (fp.isNaN x) (fp.isNaN lo) (fp.isNaN hi))
                             (fp.isNaN q)))
(assert (not goal))
(check-sat)
(exit)

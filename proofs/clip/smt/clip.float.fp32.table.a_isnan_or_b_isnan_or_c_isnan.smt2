; divbridge proof obligation clip.float.fp32.table.a_isnan_or_b_isnan_or_c_isnan
; case table 1, row A isnan or B isnan or C isnan -> nan
; requirements: E_CLIP_FLOAT_FUNC_0010
; statement: A isnan or B isnan or C isnan -> clip(x, lo, hi) = nan
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation clip.float.fp32.table.a_isnan_or_b_isnan_or_c_isnan|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BVFP)
; fp32 is (_ FloatingPoint 8 24); operands are declared as bit patterns
(declare-const x_bits (_ BitVec 32))
(define-fun x () (_ FloatingPoint 8 24) ((_ to_fp 8 24) x_bits))
(declare-const lo_bits (_ BitVec 32))
(define-fun lo () (_ FloatingPoint 8 24) ((_ to_fp 8 24) lo_bits))
(declare-const hi_bits (_ BitVec 32))
(define-fun hi () (_ FloatingPoint 8 24) ((_ to_fp 8 24) hi_bits))
(define-fun isFinite ((x (_ FloatingPoint 8 24))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 24) (fp #b0 #b01111111 #b00000000000000000000000))
(define-fun clip ((x (_ FloatingPoint 8 24)) (lo (_ FloatingPoint 8 24)) (hi (_ FloatingPoint 8 24))) (_ FloatingPoint 8 24) (ite (fp.isNaN x) x (ite (fp.isNaN lo) lo (ite (fp.lt (ite (fp.lt lo x) x lo) hi) (ite (fp.lt lo x) x lo) hi))))
(define-fun q () (_ FloatingPoint 8 24) (clip x lo hi))
(define-fun goal () Bool (=> (or (fp.isNaN x) (fp.isNaN lo) (fp.isNaN hi))
                             (fp.isNaN q)))
(assert (not goal))
(check-sat)
(exit)

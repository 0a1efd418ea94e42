; divbridge proof obligation float.fp64.accuracy.relative_error_normal
; relative error at most 2^-53 in the normal range
; requirements: E_DIV_FLOAT_ACC_0010
; statement: isFinite(a) and isFinite(b) and not isZero(b) and r = real(a) / real(b) and min_normal <= |r| <= max_finite -> |real(a / b) - r| <= 2^-53 * |r|
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation float.fp64.accuracy.relative_error_normal|)
; status: no SMT solver decided this file; the obligation's verdict (proved) is gappa, gappa+coq's
(set-info :status unknown)
(set-logic QF_BVFP)
; fp64 is (_ FloatingPoint 11 53); operands are declared as bit patterns
(declare-const a_bits (_ BitVec 64))
(define-fun a () (_ FloatingPoint 11 53) ((_ to_fp 11 53) a_bits))
(declare-const b_bits (_ BitVec 64))
(define-fun b () (_ FloatingPoint 11 53) ((_ to_fp 11 53) b_bits))
(define-fun isFinite ((x (_ FloatingPoint 11 53))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 11 53) (fp #b0 #b01111111111 #b0000000000000000000000000000000000000000000000000000))
(define-fun q () (_ FloatingPoint 11 53) (fp.div RNE a b))
; 15/113-bit floats hold every product of two fp64 values exactly,
; so the comparisons below are comparisons of exact reals
(define-fun wa () (_ FloatingPoint 15 113) ((_ to_fp 15 113) RNE a))
(define-fun wb () (_ FloatingPoint 15 113) ((_ to_fp 15 113) RNE b))
(define-fun m () (_ FloatingPoint 15 113) (fp.mul RNE ((_ to_fp 15 113) RNE q) wb))
(define-fun in_range () Bool (and (fp.leq (fp.mul RNE (fp #b0 #b011110000000001 #b0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000) (fp.abs wb)) (fp.abs wa))
                                  (fp.leq (fp.abs wa) (fp.mul RNE (fp #b0 #b100001111111110 #b1111111111111111111111111111111111111111111111111111000000000000000000000000000000000000000000000000000000000000) (fp.abs wb)))))
(define-fun bound () (_ FloatingPoint 15 113) (fp.mul RNE (fp #b0 #b011111111001010 #b0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000) (fp.abs wa)))
(define-fun goal () Bool (=> (and (isFinite a) (isFinite b) (not (fp.isZero b)) in_range)
                             (and (fp.leq (fp.sub RTP m wa) bound) (fp.geq (fp.sub RTN m wa) (fp.neg bound)))))
(assert (not goal))
(check-sat)
(exit)

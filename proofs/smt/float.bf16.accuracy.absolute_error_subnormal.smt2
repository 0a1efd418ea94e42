; divbridge proof obligation float.bf16.accuracy.absolute_error_subnormal
; absolute error at most half the smallest subnormal below the normal range
; requirements: E_DIV_FLOAT_ACC_0010
; statement: isFinite(a) and isFinite(b) and not isZero(b) and r = real(a) / real(b) and |r| < min_normal -> |real(a / b) - r| <= min_subnormal / 2
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation float.bf16.accuracy.absolute_error_subnormal|)
; status: no SMT solver decided this file; the obligation's verdict (proved) is gappa, gappa+coq's
(set-info :status unknown)
(set-logic QF_BVFP)
; bf16 is (_ FloatingPoint 8 8); operands are declared as bit patterns
(declare-const a_bits (_ BitVec 16))
(define-fun a () (_ FloatingPoint 8 8) ((_ to_fp 8 8) a_bits))
(declare-const b_bits (_ BitVec 16))
(define-fun b () (_ FloatingPoint 8 8) ((_ to_fp 8 8) b_bits))
(define-fun isFinite ((x (_ FloatingPoint 8 8))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 8) (fp #b0 #b01111111 #b0000000))
(define-fun q () (_ FloatingPoint 8 8) (fp.div RNE a b))
; 11/53-bit floats hold every product of two bf16 values exactly,
; so the comparisons below are comparisons of exact reals
(define-fun wa () (_ FloatingPoint 11 53) ((_ to_fp 11 53) RNE a))
(define-fun wb () (_ FloatingPoint 11 53) ((_ to_fp 11 53) RNE b))
(define-fun m () (_ FloatingPoint 11 53) (fp.mul RNE ((_ to_fp 11 53) RNE q) wb))
(define-fun in_range () Bool (fp.lt (fp.abs wa) (fp.mul RNE (fp #b0 #b01110000001 #b0000000000000000000000000000000000000000000000000000) (fp.abs wb))))
(define-fun bound () (_ FloatingPoint 11 53) (fp.mul RNE (fp #b0 #b01101111001 #b0000000000000000000000000000000000000000000000000000) (fp.abs wb)))
(define-fun goal () Bool (=> (and (isFinite a) (isFinite b) (not (fp.isZero b)) in_range)
                             (and (fp.leq (fp.sub RTP m wa) bound) (fp.geq (fp.sub RTN m wa) (fp.neg bound)))))
(assert (not goal))
(check-sat)
(exit)

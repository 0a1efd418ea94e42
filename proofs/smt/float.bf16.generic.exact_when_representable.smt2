; divbridge proof obligation float.bf16.generic.exact_when_representable
; the quotient is exact when it is representable
; requirements: E_DIV_FLOAT_DEF_0010
; statement: isFinite(a) and not isZero(a) and isFinite(b) and not isZero(b) and isFinite(c) and real(c) * real(b) = real(a) -> a / b = c
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation float.bf16.generic.exact_when_representable|)
; status: no SMT solver decided this file; the obligation's verdict (proved) is coq's
(set-info :status unknown)
(set-logic QF_BVFP)
; bf16 is (_ FloatingPoint 8 8); operands are declared as bit patterns
(declare-const a_bits (_ BitVec 16))
(define-fun a () (_ FloatingPoint 8 8) ((_ to_fp 8 8) a_bits))
(declare-const b_bits (_ BitVec 16))
(define-fun b () (_ FloatingPoint 8 8) ((_ to_fp 8 8) b_bits))
(declare-const c_bits (_ BitVec 16))
(define-fun c () (_ FloatingPoint 8 8) ((_ to_fp 8 8) c_bits))
(define-fun isFinite ((x (_ FloatingPoint 8 8))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 8) (fp #b0 #b01111111 #b0000000))
(define-fun q () (_ FloatingPoint 8 8) (fp.div RNE a b))
; 11/53-bit floats hold every product of two bf16 values exactly,
; so the comparisons below are comparisons of exact reals
(define-fun wa () (_ FloatingPoint 11 53) ((_ to_fp 11 53) RNE a))
(define-fun wb () (_ FloatingPoint 11 53) ((_ to_fp 11 53) RNE b))
(define-fun goal () Bool (=> (and (isFinite a) (not (fp.isZero a)) (isFinite b) (not (fp.isZero b)) (isFinite c)
                                  (fp.eq (fp.mul RNE ((_ to_fp 11 53) RNE c) wb) wa))
                             (= q c)))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation mul.float.fp16.theorem.relative_error_subnormal
; probe: |round(x * y) - x * y| <= 2^-p |x * y| below the normal range (false: underflow)
; requirements: E_MUL_FLOAT_FUNC_0010
; statement: probe: |round(x * y) - x * y| <= 2^-p |x * y| below the normal range (false: underflow)
; expected: invalid, so the negated goal asserted below is sat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation mul.float.fp16.theorem.relative_error_subnormal|)
; status: sat, as z3 established on this file
(set-info :status sat)
(set-logic QF_BVFPNRA)
; fp16 is (_ FloatingPoint 5 11); operands are declared as bit patterns
(declare-const x_bits (_ BitVec 16))
(define-fun x () (_ FloatingPoint 5 11) ((_ to_fp 5 11) x_bits))
(declare-const y_bits (_ BitVec 16))
(define-fun y () (_ FloatingPoint 5 11) ((_ to_fp 5 11) y_bits))
(define-fun isFinite ((x (_ FloatingPoint 5 11))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 5 11) (fp #b0 #b01111 #b0000000000))
; z = x * y exactly, r rounded to nearest even; within_u: |r - z| <= 2^-11 |z|
(define-fun r () (_ FloatingPoint 5 11) (fp.mul RNE x y))
(define-fun x_real () Real (fp.to_real x))
(define-fun y_real () Real (fp.to_real y))
(define-fun r_real () Real (fp.to_real r))
(define-fun z () Real (* x_real y_real))
(define-fun abs_z () Real (ite (< z 0.0) (- 0.0 z) z))
(define-fun error () Real (ite (< r_real z) (- z r_real) (- r_real z)))
(define-fun min_normal () Real (/ 1.0 16384.0))
(define-fun within_u () Bool (<= error (* (/ 1.0 2048.0) abs_z)))
(define-fun goal () Bool (=> (and (isFinite x) (isFinite y) (isFinite r) (not (= z 0.0))
                                  (< abs_z min_normal)) within_u))
(assert (not goal))
(check-sat)
(exit)

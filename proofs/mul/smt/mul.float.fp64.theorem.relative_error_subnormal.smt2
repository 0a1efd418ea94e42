; divbridge proof obligation mul.float.fp64.theorem.relative_error_subnormal
; probe: |round(x * y) - x * y| <= 2^-p |x * y| below the normal range (false: underflow)
; requirements: E_MUL_FLOAT_FUNC_0010
; statement: probe: |round(x * y) - x * y| <= 2^-p |x * y| below the normal range (false: underflow)
; expected: invalid, so the negated goal asserted below is sat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation mul.float.fp64.theorem.relative_error_subnormal|)
; status: sat, as z3 established on this file
(set-info :status sat)
(set-logic QF_BVFPNRA)
; fp64 is (_ FloatingPoint 11 53); operands are declared as bit patterns
(declare-const x_bits (_ BitVec 64))
(define-fun x () (_ FloatingPoint 11 53) ((_ to_fp 11 53) x_bits))
(declare-const y_bits (_ BitVec 64))
(define-fun y () (_ FloatingPoint 11 53) ((_ to_fp 11 53) y_bits))
(define-fun isFinite ((x (_ FloatingPoint 11 53))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 11 53) (fp #b0 #b01111111111 #b0000000000000000000000000000000000000000000000000000))
; z = x * y exactly, r rounded to nearest even; within_u: |r - z| <= 2^-53 |z|
(define-fun r () (_ FloatingPoint 11 53) (fp.mul RNE x y))
(define-fun x_real () Real (fp.to_real x))
(define-fun y_real () Real (fp.to_real y))
(define-fun r_real () Real (fp.to_real r))
(define-fun z () Real (* x_real y_real))
(define-fun abs_z () Real (ite (< z 0.0) (- 0.0 z) z))
(define-fun error () Real (ite (< r_real z) (- z r_real) (- r_real z)))
(define-fun min_normal () Real (/ 1.0 44942328371557897693232629769725618340449424473557664318357520289433168951375240783177119330601884005280028469967848339414697442203604155623211857659868531094441973356216371319075554900311523529863270738021251442209537670585615720368478277635206809290837627671146574559986811484619929076208839082406056034304.0))
(define-fun within_u () Bool (<= error (* (/ 1.0 9007199254740992.0) abs_z)))
(define-fun goal () Bool (=> (and (isFinite x) (isFinite y) (isFinite r) (not (= z 0.0))
                                  (< abs_z min_normal)) within_u))
(assert (not goal))
(check-sat)
(exit)

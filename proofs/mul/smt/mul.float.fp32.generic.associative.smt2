; divbridge proof obligation mul.float.fp32.generic.associative
; (x * y) * z = x * (y * z)
; requirements: E_MUL_FLOAT_FUNC_0010
; statement: (x * y) * z = x * (y * z)
; expected: invalid, so the negated goal asserted below is sat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation mul.float.fp32.generic.associative|)
; status: sat, as bitwuzla established on this file
(set-info :status sat)
(set-logic QF_BVFP)
; fp32 is (_ FloatingPoint 8 24); operands are declared as bit patterns
(declare-const x_bits (_ BitVec 32))
(define-fun x () (_ FloatingPoint 8 24) ((_ to_fp 8 24) x_bits))
(declare-const y_bits (_ BitVec 32))
(define-fun y () (_ FloatingPoint 8 24) ((_ to_fp 8 24) y_bits))
(declare-const z_bits (_ BitVec 32))
(define-fun z () (_ FloatingPoint 8 24) ((_ to_fp 8 24) z_bits))
(define-fun isFinite ((x (_ FloatingPoint 8 24))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 24) (fp #b0 #b01111111 #b00000000000000000000000))
; (x * y) * z = x * (y * z): the same float on both sides (NaN equal to NaN)
(define-fun goal () Bool (= (fp.mul RNE (fp.mul RNE x y) z)
                            (fp.mul RNE x (fp.mul RNE y z))))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation mul.float.bf16.generic.associative
; (x * y) * z = x * (y * z)
; requirements: E_MUL_FLOAT_FUNC_0010
; statement: (x * y) * z = x * (y * z)
; expected: invalid, so the negated goal asserted below is sat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation mul.float.bf16.generic.associative|)
; status: sat, as z3 established on this file
(set-info :status sat)
(set-logic QF_BVFP)
; bf16 is (_ FloatingPoint 8 8); operands are declared as bit patterns
(declare-const x_bits (_ BitVec 16))
(define-fun x () (_ FloatingPoint 8 8) ((_ to_fp 8 8) x_bits))
(declare-const y_bits (_ BitVec 16))
(define-fun y () (_ FloatingPoint 8 8) ((_ to_fp 8 8) y_bits))
(declare-const z_bits (_ BitVec 16))
(define-fun z () (_ FloatingPoint 8 8) ((_ to_fp 8 8) z_bits))
(define-fun isFinite ((x (_ FloatingPoint 8 8))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 8 8) (fp #b0 #b01111111 #b0000000))
; (x * y) * z = x * (y * z): the same float on both sides (NaN equal to NaN)
(define-fun goal () Bool (= (fp.mul RNE (fp.mul RNE x y) z)
                            (fp.mul RNE x (fp.mul RNE y z))))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation add.float.fp64.generic.associative
; (x + y) + z = x + (y + z)
; requirements: E_ADD_FLOAT_FUNC_0010
; statement: (x + y) + z = x + (y + z)
; expected: invalid, so the negated goal asserted below is sat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation add.float.fp64.generic.associative|)
; status: sat, as bitwuzla established on this file
(set-info :status sat)
(set-logic QF_BVFP)
; fp64 is (_ FloatingPoint 11 53); operands are declared as bit patterns
(declare-const x_bits (_ BitVec 64))
(define-fun x () (_ FloatingPoint 11 53) ((_ to_fp 11 53) x_bits))
(declare-const y_bits (_ BitVec 64))
(define-fun y () (_ FloatingPoint 11 53) ((_ to_fp 11 53) y_bits))
(declare-const z_bits (_ BitVec 64))
(define-fun z () (_ FloatingPoint 11 53) ((_ to_fp 11 53) z_bits))
(define-fun isFinite ((x (_ FloatingPoint 11 53))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 11 53) (fp #b0 #b01111111111 #b0000000000000000000000000000000000000000000000000000))
; (x + y) + z = x + (y + z): the same float on both sides (NaN equal to NaN)
(define-fun goal () Bool (= (fp.add RNE (fp.add RNE x y) z)
                            (fp.add RNE x (fp.add RNE y z))))
(assert (not goal))
(check-sat)
(exit)

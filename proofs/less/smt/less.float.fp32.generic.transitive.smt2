; divbridge proof obligation less.float.fp32.generic.transitive
; x < y and y < z -> x < z
; requirements: E_LESS_FLOAT_FUNC_0010
; statement: x < y and y < z -> x < z
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation less.float.fp32.generic.transitive|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
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
(define-fun less ((a (_ FloatingPoint 8 24)) (b (_ FloatingPoint 8 24))) Bool (fp.lt a b))
; x < y and y < z -> x < z: the same float on both sides (NaN equal to NaN)
(define-fun goal () Bool (=> (and (less x y) (less y z)) (less x z)))
(assert (not goal))
(check-sat)
(exit)

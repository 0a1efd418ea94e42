; divbridge proof obligation less.float.fp16.generic.transitive
; x < y and y < z -> x < z
; requirements: E_LESS_FLOAT_FUNC_0010
; statement: x < y and y < z -> x < z
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation less.float.fp16.generic.transitive|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BVFP)
; fp16 is (_ FloatingPoint 5 11); operands are declared as bit patterns
(declare-const x_bits (_ BitVec 16))
(define-fun x () (_ FloatingPoint 5 11) ((_ to_fp 5 11) x_bits))
(declare-const y_bits (_ BitVec 16))
(define-fun y () (_ FloatingPoint 5 11) ((_ to_fp 5 11) y_bits))
(declare-const z_bits (_ BitVec 16))
(define-fun z () (_ FloatingPoint 5 11) ((_ to_fp 5 11) z_bits))
(define-fun isFinite ((x (_ FloatingPoint 5 11))) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))
(define-fun one () (_ FloatingPoint 5 11) (fp #b0 #b01111 #b0000000000))
(define-fun less ((a (_ FloatingPoint 5 11)) (b (_ FloatingPoint 5 11))) Bool (fp.lt a b))
; x < y and y < z -> x < z: the same float on both sides (NaN equal to NaN)
(define-fun goal () Bool (=> (and (less x y) (less y z)) (less x z)))
(assert (not goal))
(check-sat)
(exit)

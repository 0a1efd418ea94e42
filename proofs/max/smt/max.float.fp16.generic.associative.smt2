; divbridge proof obligation max.float.fp16.generic.associative
; max(max(x, y), z) = max(x, max(y, z)): the variadic Max folds in any order
; requirements: E_MAX_FLOAT_FUNC_0010
; statement: max(max(x, y), z) = max(x, max(y, z)): the variadic Max folds in any order
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation max.float.fp16.generic.associative|)
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
(define-fun larger_of ((a (_ FloatingPoint 5 11)) (b (_ FloatingPoint 5 11))) (_ FloatingPoint 5 11) (ite (fp.isNaN a) a (ite (fp.isNaN b) b (ite (fp.lt a b) b (ite (fp.lt b a) a (ite (fp.isNegative a) b a))))))
; max(max(x, y), z) = max(x, max(y, z)): the variadic Max folds in any order: the same float on both sides (NaN equal to NaN)
(define-fun goal () Bool (= (larger_of (larger_of x y) z)
                            (larger_of x (larger_of y z))))
(assert (not goal))
(check-sat)
(exit)

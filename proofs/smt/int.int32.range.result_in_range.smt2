; divbridge proof obligation int.int32.range.result_in_range
; the quotient is representable under the preconditions
; requirements: E_DIV_INT_DEF_0010, E_DIV_INT_CONSTR_B_0010, E_DIV_INT_CONSTR_AB_0020
; statement: b != 0 and not (a = MIN and b = -1) -> MIN <= a / b <= MAX
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation int.int32.range.result_in_range|)
; status: unsat, as z3 established on this file
(set-info :status unsat)
(set-logic QF_NIA)
; mathematical integers: the statement is about the exact quotient truncated toward zero, whose magnitude is
; SMT-LIB's Euclidean div of the magnitudes.  (The same statement over bit-vectors needs a proof that a
; multiplier and a divider circuit agree, which no solver here finishes within a minute even at 16 bits.)
(declare-const a Int)
(declare-const b Int)
(define-fun MIN () Int (- 2147483648))
(define-fun MAX () Int 2147483647)
(define-fun absi ((x Int)) Int (ite (< x 0) (- x) x))
(define-fun c () Int (ite (= (< a 0) (< b 0)) (div (absi a) (absi b)) (- (div (absi a) (absi b)))))
(define-fun pre () Bool (and (<= MIN a MAX) (<= MIN b MAX) (not (= b 0)) (not (and (= a MIN) (= b (- 1))))))
(define-fun goal () Bool (=> pre (<= MIN c MAX)))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation float.fp32.strategy.reciprocal
; probe: x * (1 / y) equals x / y
; requirements: none of the document's: divbridge's own (an implementation strategy)
; statement: s = x * (1 / y) -> (isNaN(s) and isNaN(x / y)) or s = x / y   (expected to fail: two roundings)
; expected: invalid, so the negated goal asserted below is sat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation float.fp32.strategy.reciprocal|)
; status: sat, as bitwuzla established on this file
(set-info :status sat)
(set-logic QF_BVFP)
; fp32 is (_ FloatingPoint 8 24); operands are declared as bit patterns
(declare-const x_bits (_ BitVec 32))
(define-fun x () (_ FloatingPoint 8 24) ((_ to_fp 8 24) x_bits))
(declare-const y_bits (_ BitVec 32))
(define-fun y () (_ FloatingPoint 8 24) ((_ to_fp 8 24) y_bits))
; the SONNX result: IEEE 754 division, round to nearest even
(define-fun ieee () (_ FloatingPoint 8 24) (fp.div RNE x y))
; the strategy: multiply by the rounded reciprocal
(define-fun s () (_ FloatingPoint 8 24) (fp.mul RNE x (fp.div RNE (fp #b0 #b01111111 #b00000000000000000000000) y)))
(define-fun goal () Bool (or (and (fp.isNaN s) (fp.isNaN ieee)) (= s ieee)))
(assert (not goal))
(check-sat)
(exit)

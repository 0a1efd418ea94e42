; divbridge proof obligation float.fp32.strategy.flush_to_zero
; probe: flushing subnormal results to zero equals IEEE
; requirements: none of the document's: divbridge's own (an implementation strategy)
; statement: s = (isSubnormal(x / y) ? signed zero : x / y) -> (isNaN(s) and isNaN(x / y)) or s = x / y   (expected to fail)
; expected: invalid, so the negated goal asserted below is sat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation float.fp32.strategy.flush_to_zero|)
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
; the strategy: a subnormal quotient is flushed to a zero of the same sign
(define-fun s () (_ FloatingPoint 8 24) (ite (fp.isSubnormal ieee)
                              (ite (fp.isNegative ieee) (_ -zero 8 24) (_ +zero 8 24))
                              ieee))
(define-fun goal () Bool (or (and (fp.isNaN s) (fp.isNaN ieee)) (= s ieee)))
(assert (not goal))
(check-sat)
(exit)

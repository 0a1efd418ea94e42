; divbridge proof obligation float.fp32.strategy.via_fp64
; fp32 Div computed in fp64, then rounded to fp32, is correctly rounded
; requirements: none of the document's: divbridge's own (an implementation strategy)
; statement: s = round_fp32(to_fp64(x) /fp64 to_fp64(y)) -> (isNaN(s) and isNaN(x / y)) or s = x / y
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation float.fp32.strategy.via_fp64|)
; status: no SMT solver decided this file; the obligation's verdict (proved) is coq's
(set-info :status unknown)
(set-logic QF_BVFP)
; fp32 is (_ FloatingPoint 8 24); operands are declared as bit patterns
(declare-const x_bits (_ BitVec 32))
(define-fun x () (_ FloatingPoint 8 24) ((_ to_fp 8 24) x_bits))
(declare-const y_bits (_ BitVec 32))
(define-fun y () (_ FloatingPoint 8 24) ((_ to_fp 8 24) y_bits))
; the SONNX result: IEEE 754 division, round to nearest even
(define-fun ieee () (_ FloatingPoint 8 24) (fp.div RNE x y))
; the strategy: widen both operands to fp64 (exact), divide there, round the quotient to fp32
(define-fun s () (_ FloatingPoint 8 24) ((_ to_fp 8 24) RNE (fp.div RNE ((_ to_fp 11 53) RNE x) ((_ to_fp 11 53) RNE y))))
(define-fun goal () Bool (or (and (fp.isNaN s) (fp.isNaN ieee)) (= s ieee)))
(assert (not goal))
(check-sat)
(exit)

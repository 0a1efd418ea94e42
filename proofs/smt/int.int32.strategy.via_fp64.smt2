; divbridge proof obligation int.int32.strategy.via_fp64
; int32 Div computed in float64 and truncated is exact
; requirements: none of the document's: divbridge's own (an implementation strategy)
; statement: b != 0 and not (a = MIN and b = -1) -> trunc(fp64(a) /fp64 fp64(b)) = trunc(a / b)
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation int.int32.strategy.via_fp64|)
; status: no SMT solver decided this file; the obligation's verdict (proved) is coq's
(set-info :status unknown)
(set-logic QF_BVFP)
; int32 values are 32-bit two's complement vectors; bvsdiv truncates toward zero (the ONNX rule)
(declare-const a (_ BitVec 32))
(declare-const b (_ BitVec 32))
(define-fun pre () Bool (and (not (= b (_ bv0 32))) (not (and (= a (_ bv2147483648 32)) (= b (_ bv4294967295 32))))))
(define-fun trunc () (_ BitVec 32) (bvsdiv a b))
; the strategy: convert both operands to fp64 (rounding), divide there, truncate back to int32
(define-fun s () (_ BitVec 32) ((_ fp.to_sbv 32) RTZ (fp.div RNE ((_ to_fp 11 53) RNE a) ((_ to_fp 11 53) RNE b))))
(define-fun goal () Bool (=> pre (= s trunc)))
(assert (not goal))
(check-sat)
(exit)

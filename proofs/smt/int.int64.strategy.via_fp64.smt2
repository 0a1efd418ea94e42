; divbridge proof obligation int.int64.strategy.via_fp64
; probe: int64 Div computed in float64 and truncated is exact
; requirements: none of the document's: divbridge's own (an implementation strategy)
; statement: b != 0 and not (a = MIN and b = -1) -> trunc(fp64(a) /fp64 fp64(b)) = trunc(a / b)   (expected to fail: int64 values need 64 bits, float64 has 53)
; expected: invalid, so the negated goal asserted below is sat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation int.int64.strategy.via_fp64|)
; status: sat, as bitwuzla established on this file
(set-info :status sat)
(set-logic QF_BVFP)
; int64 values are 64-bit two's complement vectors; bvsdiv truncates toward zero (the ONNX rule)
(declare-const a (_ BitVec 64))
(declare-const b (_ BitVec 64))
(define-fun pre () Bool (and (not (= b (_ bv0 64))) (not (and (= a (_ bv9223372036854775808 64)) (= b (_ bv18446744073709551615 64))))))
(define-fun trunc () (_ BitVec 64) (bvsdiv a b))
; the strategy: convert both operands to fp64 (rounding), divide there, truncate back to int64
(define-fun s () (_ BitVec 64) ((_ fp.to_sbv 64) RTZ (fp.div RNE ((_ to_fp 11 53) RNE a) ((_ to_fp 11 53) RNE b))))
(define-fun goal () Bool (=> pre (= s trunc)))
(assert (not goal))
(check-sat)
(exit)

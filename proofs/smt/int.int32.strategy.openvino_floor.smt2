; divbridge proof obligation int.int32.strategy.openvino_floor
; probe: OpenVINO's floor division equals ONNX truncation
; requirements: none of the document's: divbridge's own (an implementation strategy)
; statement: b != 0 and not (a = MIN and b = -1) -> floor(a / b) = trunc(a / b)   (expected to fail)
; expected: invalid, so the negated goal asserted below is sat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation int.int32.strategy.openvino_floor|)
; status: sat, as bitwuzla established on this file
(set-info :status sat)
(set-logic QF_BV)
; int32 values are 32-bit two's complement vectors; bvsdiv truncates toward zero (the ONNX rule)
(declare-const a (_ BitVec 32))
(declare-const b (_ BitVec 32))
(define-fun pre () Bool (and (not (= b (_ bv0 32))) (not (and (= a (_ bv2147483648 32)) (= b (_ bv4294967295 32))))))
(define-fun trunc () (_ BitVec 32) (bvsdiv a b))
; the strategy: floor division (OpenVINO Divide with m_pythondiv = true, NumPy //)
(define-fun r () (_ BitVec 32) (bvsrem a b))
(define-fun s () (_ BitVec 32) (ite (and (not (= r (_ bv0 32))) (not (= (bvslt r (_ bv0 32)) (bvslt b (_ bv0 32)))))
                                        (bvsub trunc (_ bv1 32))
                                        trunc))
(define-fun goal () Bool (=> pre (= s trunc)))
(assert (not goal))
(check-sat)
(exit)

; divbridge proof obligation mul.int.int64.wraparound.sentence_1.everywhere
; bvmul on int64: C = A*B - m*2^n; m ∈ ℤ such that MIN ≤ A*B - m*2^n and A*B - m*2^n ≤ MAX
; requirements: E_MUL_INT_FUNC_0010
; statement: C = A*B - m*2^n; m ∈ ℤ such that MIN ≤ A*B - m*2^n and A*B - m*2^n ≤ MAX
; expected: valid, so the negated goal asserted below is unsat
(set-info :smt-lib-version 2.6)
(set-info :source |divbridge obligation mul.int.int64.wraparound.sentence_1.everywhere|)
; status: unsat, as bitwuzla established on this file
(set-info :status unsat)
(set-logic QF_BV)
; int64 values are 64-bit vectors in two's complement; SMT-LIB's bvmul is the
; operator under proof (it wraps around modulo 2^64).
(declare-const a (_ BitVec 64))
(declare-const b (_ BitVec 64))
(define-fun c () (_ BitVec 64) (bvmul a b))
; exact integer arithmetic in 134-bit vectors (nothing overflows there); C is the operator's result, c, read as a signed integer
(define-fun C () (_ BitVec 134) ((_ sign_extend 70) c))
; row 1: the multiple m that makes C its result, when it is an integer
(define-fun rest_1 () (_ BitVec 134) (bvsub C (bvmul ((_ sign_extend 70) a) ((_ sign_extend 70) b))))
(define-fun m_1 () (_ BitVec 134) (bvsdiv rest_1 (_ bv21778071482940061661637528131559455981568 134)))
(define-fun goal () Bool (=> true (and (= (bvsrem rest_1 (_ bv21778071482940061661637528131559455981568 134)) (_ bv0 134)) (bvsle (_ bv21778071482940061661646751503596310757376 134) (bvsub (bvmul ((_ sign_extend 70) a) ((_ sign_extend 70) b)) (bvmul m_1 (_ bv18446744073709551616 134)))) (bvsle (bvsub (bvmul ((_ sign_extend 70) a) ((_ sign_extend 70) b)) (bvmul m_1 (_ bv18446744073709551616 134))) (_ bv9223372036854775807 134)))))
(assert (not goal))
(check-sat)
(exit)

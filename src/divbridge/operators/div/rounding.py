"""Div's quotient under a rounding rule a document states instead of its own (`StatedRounding`): a float
quotient against the format's IEEE division in the stated mode, an integer one by the remainder of the
truncated quotient, which says which way it rounds."""

from divbridge.operators.library import StatedRounding

ROUNDING = {
    "float": StatedRounding(
        why3="""forall a b: t. is_finite a /\\ is_finite b /\\ not is_zero b ->
    div a b = {{ theory }}.div {{ smt_mode }} a b""",
        # over the float frame's q
        smt="""(define-fun goal () Bool (=> (and (isFinite a) (isFinite b) (not (fp.isZero b)))
                             (= q (fp.div {{ smt_mode }} a b))))""",
        statement="isFinite(a) and isFinite(b) and not isZero(b) -> a / b = round_{{ mode }}(real(a) / real(b))"),
    "int": StatedRounding(
        # truncated division by its defining identity, in a module apart (`why3_apart`): a rule other than
        # truncation is false, and there Z3 shows the operands
        why3="""forall a b c r: int. in_range a /\\ in_range b /\\ b <> 0 /\\ not (a = min_value /\\ b = -1)
    /\\ c * b + r = a /\\ (-b < r < b \\/ b < r < -b) /\\ (r = 0 \\/ (r < 0 <-> a < 0)) ->
    {% if mode == "floor" %}r = 0 \\/ ((a < 0) <-> (b < 0)){% elif mode == "ceil" %}r = 0 \\/ not ((a < 0) <-> (b < 0))\
{% else %}-b <= 2 * r <= b \\/ b <= 2 * r <= -b{% endif %}""",
        # over the bit-vector frame (C, the truncated quotient, A and B in 2w bits): the remainder R = A - C * B
        smt="""{% set zero = bv_literal(2 * w, 0) %}; the document's rounding rule: the truncated quotient c is the exact quotient rounded {{ mode }};
; R, the remainder a - c * b, and 2 R are exact in {{ 2 * w }} bits
(define-fun R () (_ BitVec {{ 2 * w }}) (bvsub A (bvmul C B)))
(define-fun negative () Bool (xor (bvslt A {{ zero }}) (bvslt B {{ zero }})))
(define-fun goal () Bool (=> pre {% if mode == "floor" %}(or (= R {{ zero }}) (not negative))\
{% elif mode == "ceil" %}(or (= R {{ zero }}) negative){% else %}(bvsle (abs2 (bvadd R R)) (abs2 B)){% endif %}))""",
        statement="b != 0 and not (a = INT_MIN and b = -1) -> a / b = round_{{ mode }}(a / b) (exact quotient)"),
}

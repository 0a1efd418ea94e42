"""A rounding rule a document states that is not Div's own, as a proof obligation.

Div rounds a float quotient to nearest, ties to even (IEEE 754), and
truncates an integer quotient toward zero.  The generic properties verify a
document that says so.  A document that states another rule ("rounded
toward zero" in a float section, "rounded down" in an integer one) makes a
claim about every quotient: it binds this obligation, "the quotient is the
exact quotient rounded that way", which the provers refute with a
counterexample at the sentence's line, instead of the requirement binding
nothing and the proof run passing without it.

Encodings: the Why3 goal (float: Div against the format's IEEE division in
the stated mode; integer: the remainder of Div's quotient), the SMT-LIB goal
(float: over the float frame's ``q``; integer: over the bit-vector frame's
exact quotient) and the predicate the cross-check and the counterexample
replay run on the mirror.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from divbridge.formats import get_format
from divbridge.statements import Statement
from divbridge.statements.mirrorops import div, exact_quotients
from divbridge.statements.smtlib import bv_literal
from divbridge.statements.why3terms import float_operation

BUILT_IN = {"float": "nearest", "int": "trunc"}
FLOAT_MODES = {"trunc": "RTZ", "floor": "RTN", "ceil": "RTP"}   # SMT-LIB's rounding mode of each rule
WORDS = {"trunc": "toward zero", "floor": "toward negative infinity", "ceil": "toward positive infinity",
         "nearest": "to nearest"}


def stated(family: str, mode: str) -> bool:
    """Whether a rule the document states is a claim of its own (not the built-in rule, and encodable)."""
    if family == "float":
        return mode in FLOAT_MODES
    return family == "int" and mode in ("floor", "ceil", "nearest")


def statement(family: str, mode: str) -> str:
    if family == "float":
        return f"isFinite(a) and isFinite(b) and not isZero(b) -> a / b = round_{mode}(real(a) / real(b))"
    return f"b != 0 and not (a = INT_MIN and b = -1) -> a / b = round_{mode}(a / b) (exact quotient)"


def _float_smt(params: dict) -> str:
    """The float goal: the quotient Div computes equals the exact quotient rounded the stated way."""
    return ("(define-fun goal () Bool (=> (and (isFinite a) (isFinite b) (not (fp.isZero b)))\n"
            f"                             (= q (fp.div {FLOAT_MODES[params['mode']]} a b))))")


def _float_why3(o) -> str:
    ieee_div = float_operation(get_format(o.format), "div")
    return ("forall a b: t. is_finite a /\\ is_finite b /\\ not is_zero b ->\n"
            f"    div a b = {ieee_div} {FLOAT_MODES[o.params['mode']]} a b")


def _int_why3(params: dict) -> str:
    """The integer goal: the remainder of Div's (truncated) quotient says which way it rounds."""
    same_signs = "((a < 0) <-> (b < 0))"
    goal = {"floor": f"r = 0 \\/ {same_signs}", "ceil": f"r = 0 \\/ not {same_signs}"}.get(
        params["mode"], "-b <= 2 * r <= b \\/ b <= 2 * r <= -b")
    # truncated division by its defining identity, in a module apart (`why3_apart`): a rule other than
    # truncation is false, and there Z3 shows the operands
    return ("forall a b c r: int. in_range a /\\ in_range b /\\ b <> 0 /\\ not (a = min_value /\\ b = -1)\n"
            "    /\\ c * b + r = a /\\ (-b < r < b \\/ b < r < -b) /\\ (r = 0 \\/ (r < 0 <-> a < 0)) ->\n"
            f"    {goal}")


def _int_smt(params: dict, w: int) -> str:
    """The integer goal over the bit-vector frame (C, the truncated quotient, A and B in 2w bits): the
    remainder R = A - C * B says which way C rounds."""
    mode, zero = params["mode"], bv_literal(2 * w, 0)
    goal = {"floor": f"(or (= R {zero}) (not negative))", "ceil": f"(or (= R {zero}) negative)"}.get(
        mode, "(bvsle (abs2 (bvadd R R)) (abs2 B))")
    return (f"; the document's rounding rule: the truncated quotient c is the exact quotient rounded {mode};\n"
            f"; R, the remainder a - c * b, and 2 R are exact in {2 * w} bits\n"
            f"(define-fun R () (_ BitVec {2 * w}) (bvsub A (bvmul C B)))\n"
            f"(define-fun negative () Bool (xor (bvslt A {zero}) (bvslt B {zero})))\n"
            f"(define-fun goal () Bool (=> pre {goal}))")


def mirror_holds(params: dict, fmt, a, b) -> tuple[np.ndarray, np.ndarray]:
    """(applies, holds) on the mirror's quotients: where the rule applies, whether Div rounds that way."""
    mode = params["mode"]
    if hasattr(fmt, "eb"):
        applies = np.zeros(a.shape, bool)
        result = np.ones(a.shape, bool)
        quotients = div(fmt, a, b)
        for i, exact, computed in exact_quotients(fmt, a, b, quotients):
            applies[i] = True
            result[i] = computed.is_finite and computed.value == _directed(fmt, exact, mode) or \
                not computed.is_finite and _overflows(fmt, exact, mode)
        return applies, result
    applies = (b != 0) & ~((a == fmt.min) & (b == -1)) if fmt.signed else b != 0
    result = np.ones(a.shape, bool)
    for i in np.flatnonzero(applies):
        x, y = int(a[i]), int(b[i])
        truncated = abs(x) // abs(y) * (1 if (x < 0) == (y < 0) else -1)
        result[i] = _int_holds(Fraction(x, y), truncated, mode)
    return applies, result


def _int_holds(exact: Fraction, truncated: int, mode: str) -> bool:
    if mode == "nearest":   # ties are not said: any nearest integer will do
        return abs(truncated - exact) <= Fraction(1, 2)
    rounded = exact.numerator // exact.denominator
    if mode == "ceil" and rounded != exact:
        rounded += 1
    return truncated == rounded


def _directed(fmt, exact: Fraction, mode: str) -> Fraction | None:
    """The exact quotient rounded toward zero / down / up, as a value of the format (None: it overflows)."""
    value = fmt.decode(fmt.round(exact)).value if fmt.decode(fmt.round(exact)).is_finite else None
    candidates = [v for v in (value, *_neighbours(fmt, exact)) if v is not None]
    if mode == "trunc":
        fits = [v for v in candidates if abs(v) <= abs(exact) and (v == 0 or (v < 0) == (exact < 0))]
        return max(fits, key=abs) if fits else None
    if mode == "floor":
        fits = [v for v in candidates if v <= exact]
        return max(fits) if fits else None
    fits = [v for v in candidates if v >= exact]
    return min(fits) if fits else None


def _neighbours(fmt, exact: Fraction) -> list[Fraction]:
    """The finite values of the format next to the nearest one (one ulp either way)."""
    nearest = fmt.round(exact)
    magnitude = nearest & ~fmt.sign_mask
    sign = nearest & fmt.sign_mask
    found = []
    for step in (-1, 1):
        neighbour = magnitude + step
        if 0 <= neighbour <= fmt.inf() - 1:
            decoded = fmt.decode(sign | neighbour)
            found.append(decoded.value)
    return found


def _overflows(fmt, exact: Fraction, mode: str) -> bool:
    """Whether the directed rounding of a quotient beyond the format is an infinity, as Div gives it."""
    beyond = abs(exact) > fmt.max_finite
    if mode == "trunc":
        return False
    return beyond and (exact > 0) == (mode == "ceil")


class RoundingRule(Statement):
    kind = "rounding_rule"
    name = "rounding_rule"
    families = ("float", "int")
    encodings = frozenset({"why3", "smt", "predicate"})

    def why3(self, o) -> str:
        return _float_why3(o) if o.family == "float" else _int_why3(o.params)

    def why3_name(self, o) -> str:
        return f"rounded_{o.params['mode']}"

    def why3_apart(self, o) -> bool:
        return o.family == "int"

    def smt(self, o, context) -> str:
        return _float_smt(o.params) if o.family == "float" else _int_smt(o.params, context["fmt"].bits)

    def predicate(self, o, fmt, a, b):
        return mirror_holds(o.params, fmt, a, b)


STATEMENTS = (RoundingRule(),)

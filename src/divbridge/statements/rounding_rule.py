"""A rounding rule a document states that is not the operator's own, as a proof obligation.

The operator rounds a float result to nearest, ties to even (IEEE 754), and,
where its integer profile truncates, an integer result toward zero.  The
generic properties verify a document that says so.  A document that states
another rule ("rounded toward zero" in a float section, "rounded down" in an
integer one) makes a claim about every result: it binds this obligation, "the
result is the exact result rounded that way", which the provers refute with a
counterexample at the sentence's line, instead of the requirement binding
nothing and the proof run passing without it.

Encodings: the Why3 goal (float: the operator against the format's IEEE
operation in the stated mode; integer: the operator's library's `IntRounding`),
the SMT-LIB goal (float: over the float frame's ``q``; integer: the library's,
over the bit-vector frame's exact result) and the predicate the cross-check and
the counterexample replay run on the mirror.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from divbridge.formats import get_format
from divbridge.operators.arrays import exact_results
from divbridge.operators.library import IntRounding
from divbridge.operators.model import Operator
from divbridge.statements import Statement
from divbridge.statements.mirrorops import operator_of, result
from divbridge.statements.smtlib import snippet
from divbridge.statements.why3terms import float_operation, operation

BUILT_IN = {"float": "nearest", "int": "trunc"}
FLOAT_MODES = {"trunc": "RTZ", "floor": "RTN", "ceil": "RTP"}   # SMT-LIB's rounding mode of each rule
WORDS = {"trunc": "toward zero", "floor": "toward negative infinity", "ceil": "toward positive infinity",
         "nearest": "to nearest"}


def stated(family: str, mode: str) -> bool:
    """Whether a rule the document states is a claim of its own (not the built-in rule, and encodable)."""
    if family == "float":
        return mode in FLOAT_MODES
    return family == "int" and mode in ("floor", "ceil", "nearest")


def statement(op: Operator, family: str, mode: str) -> str:
    if family == "float":
        infix = op.vocabulary.infix
        return f"isFinite(a) and isFinite(b) and not isZero(b) -> a {infix} b = round_{mode}(real(a) {infix} real(b))"
    return _int_rounding(op).statement.format(mode=mode)


def _int_rounding(op: Operator) -> IntRounding:
    if op.library.int_rounding is None:
        raise ValueError(f"{op.name} states no integer result under another rounding rule")
    return op.library.int_rounding


def _float_smt(o) -> str:
    """The float goal: the result the operator computes equals the exact result rounded the stated way."""
    smt_op = operator_of(o.operator).names.smtlib_float
    return ("(define-fun goal () Bool (=> (and (isFinite a) (isFinite b) (not (fp.isZero b)))\n"
            f"                             (= q ({smt_op} {FLOAT_MODES[o.params['mode']]} a b))))")


def _float_why3(o) -> str:
    name = operation(o)
    ieee = float_operation(get_format(o.format), name)
    return ("forall a b: t. is_finite a /\\ is_finite b /\\ not is_zero b ->\n"
            f"    {name} a b = {ieee} {FLOAT_MODES[o.params['mode']]} a b")


def mirror_holds(operator: str, params: dict, fmt, a, b) -> tuple[np.ndarray, np.ndarray]:
    """(applies, holds) on the mirror's results of the operator an obligation names: where the rule applies,
    whether the operator rounds that way."""
    mode, op = params["mode"], operator_of(operator)
    if hasattr(fmt, "eb"):
        applies = np.zeros(a.shape, bool)
        holds = np.ones(a.shape, bool)
        for i, exact, computed in exact_results(op.kernels.real, fmt, a, b, result(operator, fmt, a, b)):
            applies[i] = True
            holds[i] = computed.is_finite and computed.value == _directed(fmt, exact, mode) or \
                not computed.is_finite and _overflows(fmt, exact, mode)
        return applies, holds
    assert op.library.domain is not None
    applies = op.library.domain(fmt, a, b)
    holds = np.ones(a.shape, bool)
    for i in np.flatnonzero(applies):
        x, y = int(a[i]), int(b[i])
        holds[i] = _int_holds(op.kernels.real(x, y), op.kernels.integer(fmt, x, y), mode)
    return applies, holds


def _int_holds(exact: Fraction, computed: int, mode: str) -> bool:
    if mode == "nearest":   # ties are not said: any nearest integer will do
        return abs(computed - exact) <= Fraction(1, 2)
    rounded = exact.numerator // exact.denominator
    if mode == "ceil" and rounded != exact:
        rounded += 1
    return computed == rounded


def _directed(fmt, exact: Fraction, mode: str) -> Fraction | None:
    """The exact result rounded toward zero / down / up, as a value of the format (None: it overflows)."""
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
    """Whether the directed rounding of a result beyond the format is an infinity, as IEEE 754 gives it."""
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
        if o.family == "float":
            return _float_why3(o)
        return snippet(_int_rounding(operator_of(o.operator)).why3).render(mode=o.params["mode"])

    def why3_name(self, o) -> str:
        return f"rounded_{o.params['mode']}"

    def why3_apart(self, o) -> bool:
        return o.family == "int"

    def smt(self, o, context) -> str:
        if o.family == "float":
            return _float_smt(o)
        return snippet(_int_rounding(operator_of(o.operator)).smt).render(mode=o.params["mode"], w=context["fmt"].bits)

    def predicate(self, o, fmt, a, b):
        return mirror_holds(o.operator, o.params, fmt, a, b)


STATEMENTS = (RoundingRule(),)

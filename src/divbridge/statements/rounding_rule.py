"""A rounding rule a document states that is not the operator's own, as a proof obligation.

The operator rounds a float result to nearest, ties to even (IEEE 754), and,
where its integer profile truncates, an integer result toward zero.  The
generic properties verify a document that says so.  A document that states
another rule ("rounded toward zero", "to nearest, ties away from zero" in a
float section, "rounded down" in an integer one) makes a claim about every
result: it binds this obligation, "the result is the exact result rounded that
way", which the provers refute with a counterexample at the sentence's line,
instead of the requirement binding nothing and the proof run passing without it.

Encodings: the Why3 goal, the SMT-LIB goal (float: over the float frame's
``q``; integer: over the bit-vector frame's exact result) and the statement
are the operator's library's (`operators.library.StatedRounding`), in a float
section `FLOAT` (IEEE 754's operation in the mode, for any operator) when the
library has none; the predicate the cross-check and the counterexample replay
run on the mirror is this module's.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from divbridge import operators
from divbridge.operators.arrays import exact_results
from divbridge.operators.library import StatedRounding
from divbridge.operators.model import Operator
from divbridge.statements import NotEncoded, Statement
from divbridge.statements.mirrorops import result
from divbridge.statements.smtlib import snippet
from divbridge.statements.why3terms import FLOAT_THEORIES
from divbridge.terms import FP_TO_REAL, smtlib, text, why3

BUILT_IN = {"float": "nearest", "int": "trunc"}
# SMT-LIB's (and Why3's) rounding mode of each rule: to nearest with ties away from zero, toward zero, down, up
FLOAT_MODES = {"away": "RNA", "trunc": "RTZ", "floor": "RTN", "ceil": "RTP"}
WORDS = {"trunc": "toward zero", "floor": "toward negative infinity", "ceil": "toward positive infinity",
         "nearest": "to nearest", "away": "to nearest, ties away from zero"}

# A float result rounded another way, for an operator whose library states none of its own: IEEE 754's operation
# in that mode, over finite inputs (`_float_words`: the operation and its rounding in each language, printed from
# the operator's terms)
FLOAT = StatedRounding(
    why3="""forall {{ variables }}: t. {{ finite }} -> {{ operation }} = {{ theory }}.{{ rounded }}""",
    smt="""(define-fun goal () Bool (=> {{ smt_finite }} (= q {{ smt_rounded }})))""",
    statement="""{{ text_finite }} -> {{ text_operation }} = round_{{ mode }}({{ text_exact }})""")


def stated(family: str, mode: str) -> bool:
    """Whether a rule the document states is a claim of its own (not the built-in rule, and encodable)."""
    if family == "float":
        return mode in FLOAT_MODES
    return family == "int" and mode in ("floor", "ceil", "nearest")


def statement(op: Operator, family: str, mode: str) -> str:
    words = _float_words(op, mode) if family == "float" else {}
    return snippet(_stated(op, family).statement).render(mode=mode, infix=op.vocabulary.infix, **words)


def _float_words(op: Operator, mode: str) -> dict[str, str]:
    """What `FLOAT` says of the operator, for its snippets: its inputs, that each is finite, its operation and
    the same operation rounded in ``mode`` (in Why3 over its module's names, the rounded one qualified by the
    format's theory; in SMT-LIB over the float frame's; readable), and its exact result (readable)."""
    inputs = op.variables("float")
    if any(v.sort != "float" for v in inputs):
        raise NotEncoded(f"{op.name} has an input that is no float: no rounding of its operation to state")
    smt_mode = FLOAT_MODES.get(mode)
    return {
        "variables": " ".join(v.name for v in inputs),
        "finite": " /\\ ".join(f"is_finite {v.name}" for v in inputs),
        "operation": why3.term(op.applied("float")),
        "rounded": why3.term(op.rounded_in(smt_mode), infix=False) if smt_mode else "",
        "smt_finite": _smt_and([f"(isFinite {v.name})" for v in inputs]),
        "smt_rounded": smtlib.term(op.rounded_in(smt_mode)) if smt_mode else "",
        "text_finite": " and ".join(f"isFinite({v.name})" for v in inputs),
        "text_operation": text.term(op.applied("float")),
        "text_exact": text.term(op.applied("real", args=tuple(FP_TO_REAL(v) for v in inputs))),
    }


def _smt_and(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else f"(and {' '.join(parts)})"


def _stated(op: Operator, family: str) -> StatedRounding:
    """The operator's library's claim of a stated rounding in the family; in a float one, IEEE 754's operation
    rounded that way when the library has no claim of its own."""
    if family in op.library.rounding:
        return op.library.rounding[family]
    if family == "float":
        return FLOAT
    raise NotEncoded(f"{op.name} has no claim of a stated rounding rule in the {family} family")


def mirror_holds(operator: str, params: dict, fmt, a, b) -> tuple[np.ndarray, np.ndarray]:
    """(applies, holds) on the mirror's results of the operator an obligation names: where the rule applies,
    whether the operator rounds that way."""
    mode, op = params["mode"], operators.of_obligation_name(operator)
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
    if mode == "away":      # the nearest, and of two as near, the larger in magnitude
        return min(candidates, key=lambda v: (abs(v - exact), -abs(v))) if candidates else None
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
    if mode == "away":      # to nearest, ties either way, overflows where rounding to nearest even does
        return not fmt.decode(fmt.round(exact)).is_finite
    return beyond and (exact > 0) == (mode == "ceil")


class RoundingRule(Statement):
    kind = "rounding_rule"
    name = "rounding_rule"
    families = ("float", "int")
    encodings = frozenset({"why3", "smt", "predicate"})

    def why3(self, o) -> str:
        op = operators.of_obligation_name(o.operator)
        theory = FLOAT_THEORIES[o.format].split(".")[-1] if o.family == "float" else ""
        words = _float_words(op, o.params["mode"]) if o.family == "float" else {}
        return snippet(_stated(op, o.family).why3).render(
            mode=o.params["mode"], smt_mode=FLOAT_MODES.get(o.params["mode"], ""), theory=theory, **words)

    def why3_name(self, o) -> str:
        return f"rounded_{o.params['mode']}"

    def why3_apart(self, o) -> bool:
        return o.family == "int"

    def smt(self, o, context) -> str:
        op = operators.of_obligation_name(o.operator)
        words = _float_words(op, o.params["mode"]) if o.family == "float" else {}
        return snippet(_stated(op, o.family).smt).render(
            mode=o.params["mode"], smt_mode=FLOAT_MODES.get(o.params["mode"], ""), w=getattr(context["fmt"], "bits", 0),
            **words)

    def predicate(self, o, fmt, a, b):
        return mirror_holds(o.operator, o.params, fmt, a, b)


STATEMENTS = (RoundingRule(),)

"""Counterexamples: a prover's model decoded into values, then replayed on the Python mirror.

A model assigns bit patterns (floats, integers) or rationals (reals) to the
free variables of a query.  `decode` turns them into values
(`cexvalue.Counterexample`: shown by `cexvalue.show`); `replay` evaluates the obligation's property on
the mirror's exact semantics (`divbridge.mirror.exact`) at that point.  A
counterexample the mirror does not reproduce is a bug in the tool chain
(template, solver or mirror): `check` turns it into an ``error`` verdict with
a message, never into a silent pass.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable

import numpy as np

from divbridge.formats import FloatFormat, IntFormat, get_format
from divbridge.mirror import exact
from divbridge.provers.cexvalue import Counterexample, show_line
from divbridge.obligations.model import Obligation
from divbridge.properties import statements


def decode(variables: dict[str, str], model: dict[str, Any]) -> dict[str, Any]:
    """Variable -> value: float bit patterns, signed or unsigned integers, exact rationals.

    A variable absent from the model is unconstrained; solvers then leave it
    out, and any value (0 here) completes the counterexample.
    """
    values: dict[str, Any] = {}
    for name, fmt_name in variables.items():
        fmt = get_format(fmt_name)
        if isinstance(fmt, FloatFormat):
            values[name] = int(model.get(f"{name}_bits", 0))
        elif isinstance(fmt, IntFormat):
            raw = int(model.get(name, 0))
            # a bit-vector is unsigned; an SMT integer already carries its sign
            values[name] = raw - (1 << fmt.bits) if fmt.signed and raw >= 1 << (fmt.bits - 1) else raw
        else:
            values[name] = Fraction(model.get(name, 0))
    return values


# -- the properties, evaluated on the mirror ---------------------------------
# Each returns (holds, what the mirror computed).

def _float_ops(fmt: FloatFormat):
    d = fmt.decode

    def div(x: int, y: int) -> int:
        return exact.float_div_bits(fmt, x, y)

    def key(x: int):
        v = d(x)
        return v.value if v.is_finite else (float("-inf") if v.sign else float("inf"))

    def le(x: int, y: int) -> bool:  # IEEE <=: false on NaN, -0 == +0
        return not d(x).is_nan and not d(y).is_nan and key(x) <= key(y)

    return d, div, le


def _float_property(obligation: Obligation, fmt: FloatFormat, v: dict[str, int]) -> tuple[bool, str]:
    """The property's own predicate (the one the cross-check runs) at the counterexample."""
    d, div, _ = _float_ops(fmt)
    if obligation.prop == "example":
        for a_text, b_text, c_text in obligation.params["elements"]:
            a, b, c = fmt.parse(a_text), fmt.parse(b_text), fmt.parse(c_text)
            q = div(a, b)
            if not (q == c or d(q).is_nan and d(c).is_nan):
                return False, f"{fmt.describe(a)} / {fmt.describe(b)} = {fmt.describe(q)}, not {c_text}"
        return True, "every element as the example states"
    # a predicate pairs each numerator with the one before it (np.roll) as its second numerator
    numerators = [v[n] for n in ("a1", "a2") if n in v] or [v["a"]]
    a = np.array(numerators, dtype=fmt.uint_dtype).view(fmt.dtype)
    b = np.array([v["b"]] * len(numerators), dtype=fmt.uint_dtype).view(fmt.dtype)
    applies, holds = statements.predicate(obligation.prop, obligation.params)(fmt, a, b)
    detail = ", ".join(f"{x} / b = {fmt.describe(div(int(bits), v['b']))}"
                       for x, bits in zip(("a1", "a2") if len(numerators) == 2 else ("a",), numerators))
    return bool(not applies[0] or holds[0]), detail


def _int_property(obligation: Obligation, fmt: IntFormat, v: dict[str, int]) -> tuple[bool, str]:
    a, b = v["a"], v["b"]
    # the document's preconditions: B non-zero, and INT_MIN / -1 excluded unless the document leaves it in
    excluded = fmt.signed and a == fmt.min and b == -1 and obligation.params.get("excludes_int_min", True)
    pre = b != 0 and not excluded
    if obligation.prop == "int_min_div_minus_one":
        c = exact.int_div(a, b)
        return not (a == fmt.min and b == -1) or fmt.min <= c <= fmt.max, f"trunc(a / b) = {c}"
    if not pre:
        return True, "precondition not met"
    c = exact.int_div(a, b)
    detail = f"trunc(a / b) = {c}"
    if obligation.prop == "rounding_rule":
        applies, holds = statements.predicate(obligation.prop, obligation.params)(fmt, np.array([a]), np.array([b]))
        return bool(not applies[0] or holds[0]), detail
    if obligation.prop == "trunc_identity":
        r = a - c * b
        return abs(r) < abs(b) and (r == 0 or (r < 0) == (a < 0)), f"{detail}, remainder {r}"
    if obligation.prop == "trunc_magnitude":
        return abs(c) <= abs(a), detail
    if obligation.prop == "result_in_range":
        return fmt.min <= c <= fmt.max, detail
    raise KeyError(obligation.prop)


def _real_property(obligation: Obligation, v: dict[str, Fraction]) -> tuple[bool, str]:
    div = exact.real_div
    prop = obligation.prop
    if prop == "example":
        for a, b, c in obligation.params["elements"]:
            if div(Fraction(a), Fraction(b)) != Fraction(c):
                return False, f"{a} / {b} = {div(Fraction(a), Fraction(b))}, not {c}"
        return True, "every element as the example states"
    if prop == "monotone_numerator":
        a1, a2, b = v["a1"], v["a2"], v["b"]
        return not (b > 0 and a1 <= a2) or div(a1, b) <= div(a2, b), f"a1 / b = {div(a1, b) if b else '-'}"
    a = v["a"]
    b = v.get("b", Fraction(1))
    if prop == "div_by_one":
        return div(a, 1) == a, f"a / 1 = {div(a, 1)}"
    if prop == "self_div_one":
        return a == 0 or div(a, a) == 1, "a / a = 1" if a else "a = 0"
    if b == 0:
        return True, "precondition b != 0 not met"
    q = div(a, b)
    checks = {"quotient_times_divisor": q * b == a, "neg_numerator": div(-a, b) == -q,
              "neg_denominator": div(a, -b) == -q}
    return checks[prop], f"a / b = {q}"


def _strategy_result(obligation: Obligation, fmt, v: dict[str, int]) -> tuple[int, int]:
    """(what the strategy computes, what SONNX specifies) at the counterexample, on NumPy hardware
    arithmetic for the strategy and the exact mirror for the specification."""
    prop = obligation.prop
    if obligation.family == "int":
        a, b = v["a"], v["b"]
        spec = exact.int_div(a, b)
        if prop == "floor_equals_trunc":
            return exact.int_div(a, b, "floor"), spec
        quotient = np.float64(a) / np.float64(b)
        return int(np.trunc(quotient)) if np.isfinite(quotient) else 0, spec
    x, y = v["x"], v["y"]
    spec = exact.float_div_bits(fmt, x, y)
    with np.errstate(all="ignore"):
        xs, ys = (np.array([bits], dtype=fmt.uint_dtype).view(fmt.dtype)[0] for bits in (x, y))
        if prop == "reciprocal":
            s = xs * (fmt.dtype.type(1) / ys)
        elif prop == "via_wider":
            via = get_format(obligation.params["via"])
            s = fmt.dtype.type(via.dtype.type(xs) / via.dtype.type(ys))
        elif prop == "flush_to_zero":
            s = np.array([spec], dtype=fmt.uint_dtype).view(fmt.dtype)[0]
            if fmt.decode(spec).kind == "subnormal":
                s = fmt.dtype.type(-0.0) if fmt.decode(spec).sign else fmt.dtype.type(0.0)
        else:
            raise KeyError(prop)
    return int(np.array([s], dtype=fmt.dtype).view(fmt.uint_dtype)[0]), spec


def _strategy_property(obligation: Obligation, fmt, v: dict[str, int]) -> tuple[bool, str]:
    if obligation.family == "int" and (v["b"] == 0 or (v["a"] == fmt.min and v["b"] == -1)):
        return True, "precondition not met"
    s, spec = _strategy_result(obligation, fmt, v)
    if obligation.family == "int":
        return s == spec, f"strategy gives {s}, trunc(a / b) = {spec}"
    same = s == spec or fmt.decode(s).is_nan and fmt.decode(spec).is_nan
    return same, f"strategy gives {fmt.describe(s)}, IEEE x / y = {fmt.describe(spec)}"


def replay(obligation: Obligation, values: dict[str, Any]) -> tuple[bool, str]:
    """Does the property fail at ``values`` on the mirror?  Returns (reproduced, what the mirror computed)."""
    fmt = get_format(obligation.format)
    evaluate: Callable[[], tuple[bool, str]]
    if obligation.prop in statements.POINTWISE:
        evaluate = lambda: statements.holds_at(obligation.prop, obligation.params, fmt, values)  # noqa: E731
    elif obligation.kind == "strategy":
        evaluate = lambda: _strategy_property(obligation, fmt, values)  # noqa: E731
    elif obligation.family == "float":
        evaluate = lambda: _float_property(obligation, fmt, values)  # noqa: E731
    elif obligation.family == "int":
        evaluate = lambda: _int_property(obligation, fmt, values)  # noqa: E731
    else:
        evaluate = lambda: _real_property(obligation, values)  # noqa: E731
    holds, detail = evaluate()
    return not holds, detail


def check(obligation: Obligation, variables: dict[str, str], model: dict[str, Any]) -> tuple[Counterexample, str]:
    """The counterexample of a sat answer (an SMT model, an enumeration's first failure), replayed."""
    return judge(obligation, variables, decode(variables, model))


def judge(obligation: Obligation, variables: dict[str, str], values: dict[str, Any]) -> tuple[Counterexample, str]:
    """Replay decoded operands on the mirror: the counterexample, and an error message when the
    mirror does not reproduce the failure (a tool bug: the attempt is then an ``error``)."""
    reproduced, detail = replay(obligation, values)
    found = Counterexample({name: values[name] for name in variables}, dict(variables), detail, reproduced)
    message = "" if reproduced else (
        "tool bug: the prover's counterexample is not reproduced by the Python mirror "
        f"({show_line(found)}; mirror: {detail})")
    return found, message

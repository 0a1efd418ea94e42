"""One executable predicate per obligation `prop`, evaluated on the mirror's outputs.

`evaluate(obligation, vectors)` returns (vectors it applies to, failures,
first failing input) for the obligation's format.  A failure means the
formal model and the mirror disagree.  A prop without a predicate raises
KeyError: the cross-check reports it rather than skipping it silently.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Callable

import numpy as np

from divbridge import mirror
from divbridge.crosscheck.conform import in_domain, profile_for
from divbridge.crosscheck.outcome import show
from divbridge.crosscheck.vectors import Vectors
from divbridge.formats import FloatFormat, Format, get_format
from divbridge.mirror import exact
from divbridge.obligations.model import Obligation
from divbridge.properties import statements
from divbridge.properties.floatops import bits, f64, same


def div(fmt: Format, a, b):
    with np.errstate(all="ignore"):
        return mirror.div(a, b, dtype=fmt, profile=profile_for(fmt))


# -- integer properties -------------------------------------------------------

def _int_props() -> dict[str, Callable]:
    def on_domain(check):
        def run(fmt, a, b):
            ok = in_domain(fmt, a, b)
            c = np.zeros_like(a)
            if ok.any():
                c[ok] = div(fmt, a[ok], b[ok])
            return ok, check(fmt, a.astype(object), b.astype(object), c.astype(object)) | ~ok
        return run

    def identity(fmt, a, b, c):
        out = []
        for x, y, q in zip(a, b, c):
            if y == 0:
                out.append(True)
                continue
            r = x - q * y
            out.append(q * y + r == x and abs(r) < abs(y) and (r == 0 or (r < 0) == (x < 0)))
        return np.array(out, bool)

    def magnitude(fmt, a, b, c):
        return np.array([abs(q) <= abs(x) for x, q in zip(a, c)], bool)

    def in_range(fmt, a, b, c):
        return np.array([y == 0 or fmt.min <= exact.int_div(x, y) <= fmt.max and exact.int_div(x, y) == q
                         for x, y, q in zip(a, b, c)], bool)

    return {"trunc_identity": on_domain(identity), "trunc_magnitude": on_domain(magnitude),
            "result_in_range": on_domain(in_range)}


# -- strategies (obligations/strategies.py) ------------------------------------

def _strategy_props() -> dict[str, Callable]:
    def via_wider(fmt, a, b, via="fp32"):
        wide = get_format(via).dtype
        with np.errstate(all="ignore"):
            s = (a.astype(wide) / b.astype(wide)).astype(fmt.dtype)
        return np.ones(a.shape, bool), same(fmt, s, div(fmt, a, b))

    def int_via_float(fmt, a, b, via="fp64"):
        ok = in_domain(fmt, a, b)
        c = np.zeros_like(a)
        c[ok] = div(fmt, a[ok], b[ok])
        with np.errstate(all="ignore"):
            s = np.trunc(a.astype(np.float64) / np.where(ok, b, 1).astype(np.float64))
        return ok, (s == c.astype(np.float64)) | ~ok
    def reciprocal(fmt, a, b):
        with np.errstate(all="ignore"):
            s = (a * (np.ones_like(b) / b)).astype(fmt.dtype)
        return np.ones(a.shape, bool), same(fmt, s, div(fmt, a, b))

    def flush_to_zero(fmt, a, b):
        c = div(fmt, a, b)
        tiny = np.abs(f64(c)) < float(fmt.min_normal)
        s = np.where(tiny, np.copysign(np.zeros_like(c), c), c).astype(fmt.dtype)
        return np.ones(a.shape, bool), same(fmt, s, c)

    def floor_equals_trunc(fmt, a, b):
        ok = in_domain(fmt, a, b)
        c = np.zeros_like(a)
        c[ok] = div(fmt, a[ok], b[ok])
        return ok, (np.floor_divide(a, np.where(ok, b, 1)) == c) | ~ok

    def int_min_div_minus_one(fmt, a, b):
        applies = (a == fmt.min) & (b == -1)
        holds = np.array([fmt.min <= exact.int_div(int(x), int(y)) <= fmt.max for x, y in zip(a[applies], b[applies])],
                         bool)
        out = np.ones(a.shape, bool)
        out[applies] = holds
        return applies, out
    return {"via_wider": via_wider, "int_via_float": int_via_float, "reciprocal": reciprocal,
            "flush_to_zero": flush_to_zero, "floor_equals_trunc": floor_equals_trunc,
            "int_min_div_minus_one": int_min_div_minus_one}


INT_PROPS = _int_props()
STRATEGY_PROPS = _strategy_props()


def _example(obligation: Obligation, fmt: Format):
    """The worked example's elements: mirror(a, b) must be the stated c."""
    elements = obligation.params["elements"]
    failures, first = 0, None
    for a_text, b_text, c_text in elements:
        a, b = fmt.parse(a_text), fmt.parse(b_text)
        if isinstance(fmt, FloatFormat):
            got = int(bits(fmt, div(fmt, _bits_array(fmt, a), _bits_array(fmt, b)))[0])
            want = fmt.parse(c_text)
            ok = got == want or (fmt.decode(got).is_nan and fmt.decode(want).is_nan)
            shown = f"{fmt.describe(a)} / {fmt.describe(b)}: expected {fmt.describe(want)}, got {fmt.describe(got)}"
        else:
            got = exact.real_div(a, b)
            ok = got == fmt.parse(c_text)
            shown = f"{a} / {b}: expected {c_text}, got {got}"
        if not ok:
            failures += 1
            first = first or shown
    return len(elements), failures, first


def _bits_array(fmt: FloatFormat, bits: int) -> np.ndarray:
    return np.array([bits], dtype=fmt.uint_dtype).view(fmt.dtype)


def _real(obligation: Obligation):
    """Real properties on exact rationals built from small integers and fractions."""
    values = [Fraction(n, d) for n in (-7, -3, -1, 0, 1, 2, 5, 35) for d in (1, 3, 4)]
    checks = {
        "quotient_times_divisor": lambda a, b: b == 0 or exact.real_div(a, b) * b == a,
        "div_by_one": lambda a, b: exact.real_div(a, 1) == a,
        "neg_numerator": lambda a, b: b == 0 or exact.real_div(-a, b) == -exact.real_div(a, b),
        "neg_denominator": lambda a, b: b == 0 or exact.real_div(a, -b) == -exact.real_div(a, b),
        "self_div_one": lambda a, b: a == 0 or exact.real_div(a, a) == 1,
        "monotone_numerator": lambda a, b: b <= 0 or exact.real_div(a, b) <= exact.real_div(a + 1, b),
    }
    check = checks[obligation.prop]
    failures = [(a, b) for a in values for b in values if not check(a, b)]
    first = f"a = {failures[0][0]}, b = {failures[0][1]}" if failures else None
    return len(values) ** 2, len(failures), first


def _shape(obligation: Obligation):
    """Tensor properties: each element of Div on a tensor is the scalar Div."""
    rng = np.random.default_rng(7)
    count, failures, first = 0, 0, None
    for name in {"elementwise_float": ("fp32", "fp16"), "elementwise_int": ("int32",),
                 "elementwise_real": (), "result_shape": ("fp32", "int8")}[obligation.prop]:
        fmt = get_format(name)
        for shape in ((3,), (2, 3), (2, 1, 4)):
            a = rng.integers(-50, 50, size=shape).astype(fmt.dtype)
            b = rng.integers(1, 9, size=shape).astype(fmt.dtype)
            c = div(fmt, a, b)
            count += 1
            ok = c.shape == a.shape and all(
                np.array_equal(div(fmt, a.ravel()[i:i + 1], b.ravel()[i:i + 1]), c.ravel()[i:i + 1])
                for i in range(a.size))
            if not ok:
                failures += 1
                first = first or f"{fmt.name} tensors of shape {shape}"
    if obligation.prop == "elementwise_real":
        a = np.array([Fraction(6), Fraction(9), Fraction(-35)], dtype=object)
        b = np.array([Fraction(3), Fraction(4), Fraction(5)], dtype=object)
        c = div(get_format("real"), a, b)
        count += 1
        if list(c) != [exact.real_div(x, y) for x, y in zip(a, b)]:
            failures, first = failures + 1, "real tensors [6, 9, -35] / [3, 4, 5]"
    return count, failures, first


def _check_of(obligation: Obligation) -> Callable:
    """The vectorised predicate: a strategy's, a document case rule's, a library property's or an integer one's."""
    if obligation.prop in STRATEGY_PROPS:
        return STRATEGY_PROPS[obligation.prop]
    if obligation.family == "float" or obligation.prop in statements.DOCUMENT_STATEMENTS:
        return statements.predicate(obligation.prop, obligation.params)
    return INT_PROPS[obligation.prop]


def evaluate(obligation: Obligation, vector_sets: list[Vectors]) -> tuple[int, int, str | None]:
    """(vectors run, failures, first failing input) of one obligation."""
    if obligation.prop == "example" and obligation.family in ("float", "real"):
        return _example(obligation, get_format(obligation.format))
    if obligation.family == "real":
        return _real(obligation)
    if obligation.family == "shape":
        return _shape(obligation)
    check = _check_of(obligation)
    fmt = get_format(obligation.format)
    extra = {"via": obligation.params["via"]} if "via" in obligation.params else {}
    run, failures, first = 0, 0, None
    for vectors in vector_sets:
        applies, holds = check(fmt, vectors.a, vectors.b, **extra)
        failing = np.flatnonzero(applies & ~holds)
        run += int(applies.sum())
        failures += int(failing.size)
        if failing.size and first is None:
            i = failing[0]
            first = f"{vectors.source}: a = {show(fmt, vectors.a[i])}, b = {show(fmt, vectors.b[i])}"
    return run, failures, first

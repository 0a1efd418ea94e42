"""The accuracy notes' operators (Exp, Log, Tanh, Sigmoid, Sqrt, Pow, LeakyRelu): their reference kernel is the
correctly rounded real function, checked against mpmath at a precision of its own (not the kernel's), by the
definition of correct rounding: the exact value lies within half the gap between the result and its neighbour
towards it, and an exact value is returned as it is."""

from __future__ import annotations

import random
from fractions import Fraction

import mpmath
import numpy as np
import pytest

from divbridge import operators
from divbridge.formats import BF16, FP16, FP32

# each operator's real function, written here from mpmath (the descriptions' kernels are what is tested)
FUNCTIONS = {
    "Exp": mpmath.exp, "Log": mpmath.log, "Tanh": mpmath.tanh, "Sqrt": mpmath.sqrt,
    "Sigmoid": lambda x: 1 / (1 + mpmath.exp(-x)), "Pow": mpmath.power,
}
CHECK_PRECISION = 200   # bits: not the kernels' 320, so a mistake in either shows


def _mp(x: Fraction) -> mpmath.mpf:
    return mpmath.mpf(x.numerator) / x.denominator


def _value(fmt, bits: int) -> mpmath.mpf:
    return _mp(fmt.decode(bits).value)


def _correctly_rounded(fmt, exact: mpmath.mpf, result_bits: int) -> bool:
    """Whether ``result_bits`` is the format's float nearest ``exact``, of its sign: |exact| lies between the
    midpoints to the result's neighbours in magnitude (an infinity: beyond the midpoint above the largest
    float; a zero: below half the smallest subnormal)."""
    got, magnitude = fmt.decode(result_bits), result_bits & ~fmt.sign_mask
    largest = _mp(fmt.max_finite)
    top_gap = largest - _mp(fmt.decode(magnitude - 1).value if got.is_inf else fmt.decode(
        fmt.inf(0) - 2).value)
    if got.is_inf:
        return (exact < 0) == bool(got.sign) and abs(exact) >= largest + top_gap / 2
    if magnitude == 0:
        return abs(exact) <= _mp(fmt.min_subnormal) / 2
    if (exact < 0) != bool(got.sign):
        return False
    value = abs(_value(fmt, result_bits))
    above = largest + top_gap if magnitude == fmt.inf(0) - 1 else _value(fmt, magnitude + 1)
    below = _value(fmt, magnitude - 1)
    return value - (value - below) / 2 <= abs(exact) <= value + (above - value) / 2


def _samples(fmt, n: int, seed: int) -> list[int]:
    rng = random.Random(seed)
    return [rng.randrange(1 << fmt.width) for _ in range(n)]


def _check_unary(op, fmt, patterns) -> list[str]:
    wrong = []
    with mpmath.workprec(CHECK_PRECISION):
        for x in patterns:
            value = fmt.decode(x)
            got = op.kernels.float_bits(fmt, x)
            if not value.is_finite or fmt.decode(got).is_nan or op.rules_for(fmt, x):
                continue        # the special cases: the rules' (test_operators)
            if not _correctly_rounded(fmt, FUNCTIONS[op.name](_value(fmt, x)), got):
                wrong.append(f"{op.name}({fmt.describe(x)}) = {fmt.describe(got)}")
    return wrong


@pytest.mark.parametrize("name", ["Exp", "Log", "Tanh", "Sigmoid", "Sqrt"])
@pytest.mark.parametrize("fmt", [FP16, BF16, FP32], ids=lambda f: f.name)
def test_the_reference_is_correctly_rounded_on_a_sample(name, fmt):
    op = operators.get(name)
    assert _check_unary(op, fmt, _samples(fmt, 300, seed=fmt.width)) == []


@pytest.mark.slow
@pytest.mark.parametrize("name", ["Exp", "Log", "Tanh", "Sigmoid", "Sqrt"])
@pytest.mark.parametrize("fmt", [FP16, BF16], ids=lambda f: f.name)
def test_the_reference_is_correctly_rounded_on_every_16_bit_input(name, fmt):
    op = operators.get(name)
    assert _check_unary(op, fmt, range(1 << fmt.width)) == []


def test_the_check_sees_a_result_one_ulp_off():
    """The check itself: exp(1) in FP16 one ulp above the correctly rounded result is not correctly rounded."""
    x = FP16.parse("1")
    right = operators.get("Exp").kernels.float_bits(FP16, x)
    with mpmath.workprec(CHECK_PRECISION):
        assert _correctly_rounded(FP16, mpmath.e, right)
        assert not _correctly_rounded(FP16, mpmath.e, right + 1)
        assert not _correctly_rounded(FP16, mpmath.e, right - 1)


def test_exact_values_are_exact_and_irrational_ones_mpmath():
    sqrt, pow_, exp = (operators.get(n) for n in ("Sqrt", "Pow", "Exp"))
    assert sqrt.kernels.real(Fraction(9, 4)) == Fraction(3, 2)
    assert isinstance(sqrt.kernels.real(Fraction(2)), mpmath.mpf)
    assert pow_.kernels.real(Fraction(9, 16), Fraction(1, 2)) == Fraction(3, 4)
    assert pow_.kernels.real(Fraction(-2), Fraction(3)) == -8
    assert exp.kernels.real(Fraction(0)) == 1
    # pow on a sample of FP16 pairs (x > 0 or y an integer): correctly rounded too
    with mpmath.workprec(CHECK_PRECISION):
        for x, y in zip(_samples(FP16, 300, 1), _samples(FP16, 300, 2)):
            vx, vy = FP16.decode(x), FP16.decode(y)
            got = pow_.kernels.float_bits(FP16, x, y)
            if not (vx.is_finite and vy.is_finite) or pow_.rules_for(FP16, x, y) or FP16.decode(got).is_nan \
                    or vx.is_zero or vy.is_zero:
                continue
            exact = mpmath.power(abs(_value(FP16, x)), _value(FP16, y)) * (-1 if vx.sign and vy.value.numerator % 2 else 1)
            assert _correctly_rounded(FP16, exact, got), (FP16.describe(x), FP16.describe(y))


@pytest.mark.parametrize("fmt", [FP16, BF16, FP32], ids=lambda f: f.name)
def test_the_fast_kernels_are_the_reference_on_a_sample(fmt):
    patterns = np.array(_samples(fmt, 200, seed=3) + list(fmt.special_values().values()), dtype=fmt.uint_dtype)
    for name in ("Exp", "Sqrt", "LeakyRelu"):
        op = operators.get(name)
        fast = op.kernels.fast(fmt, patterns.view(fmt.dtype)).view(fmt.uint_dtype)
        exact = [op.kernels.float_bits(fmt, int(p)) for p in patterns]
        for p, f, e in zip(patterns, fast, exact):
            assert int(f) == e or (fmt.decode(int(f)).is_nan and fmt.decode(e).is_nan), (name, fmt.describe(int(p)))

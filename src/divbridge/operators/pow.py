"""Pow: Z = X^Y (ONNX Pow-15 on floats; its integer types are not described yet).  IEEE 754-2019 clause 9.2
recommends pow correctly rounded and does not prescribe it: the mirror's reference is the correctly rounded
result (`operators.elementary`), an implementation is judged by its accuracy.  Its special cases are clause
9.2.1's (C99's): pow(x, +-0) = 1 and pow(+1, y) = 1 even for NaN, a negative base with a non-integer exponent
gives NaN, pow(+-0, y < 0) is an infinity, odd integer exponents keep the base's sign."""

from __future__ import annotations

from fractions import Fraction

import mpmath

from divbridge.operators import elementary
from divbridge.operators.elementary import is_integer, is_odd_integer
from divbridge.operators.model import Input, Names, Operation, Operator, SpecialRule, Vocabulary
from divbridge.operators.sqrt import exact_root

# an exact power is computed as a rational only when its size is bounded: 2^(EXACT_BITS) bounds |x^y| and 1/|x^y|
# (beyond, no format holds it and the mpmath value rounds to an infinity or a zero alike)
EXACT_BITS = 20000


def _exact(x: Fraction, y: Fraction) -> Fraction | None:
    """x^y where it is rational: y = p / 2^k and x^p a 2^k-th power (x > 0), or y an integer; else None."""
    size = abs(y) * max(x.numerator.bit_length(), x.denominator.bit_length())
    if size > EXACT_BITS:
        return None
    if y.denominator == 1:
        return x ** int(y)
    if x < 0 or y.denominator & (y.denominator - 1):
        return None
    root = x
    for _ in range(y.denominator.bit_length() - 1):
        root = exact_root(root)
        if root is None:
            return None
    return root ** y.numerator


def _real(x: Fraction, y: Fraction) -> elementary.Real:
    """x^y (x > 0, or y an integer): exact where rational, else by mpmath."""
    exact = _exact(x, y)
    if exact is not None:
        return exact
    value = elementary.evaluate(mpmath.power, abs(x), y)
    return -value if x < 0 and y.numerator % 2 else value


def _special(fmt, x, y):
    one = fmt.round(Fraction(1))
    if y.is_zero or (x.is_finite and x.value == 1):
        return one
    if x.is_nan or y.is_nan:
        return fmt.nan
    if y.is_inf:
        if x.is_finite and abs(x.value) == 1:     # pow(-1, +-inf) = 1
            return one
        above_one = x.is_inf or abs(x.value) > 1
        return fmt.inf(0) if above_one == (not y.sign) else fmt.zero(0)
    odd = is_odd_integer(y)
    if x.is_inf or x.is_zero:   # y finite non-zero: pow(+-0, y) = 1/pow(+-inf, y)
        sign = x.sign if odd else 0
        large = x.is_inf == (not y.sign)
        return fmt.inf(sign) if large else fmt.zero(sign)
    if x.value < 0 and not is_integer(y):
        return fmt.nan
    return None


POW = Operator(
    name="Pow",
    inputs=(Input("X", "x"), Input("Y", "y")),
    operation=Operation(exactness="approximate"),
    vocabulary=Vocabulary(
        verbs=("exponentiates by",), result_nouns=("power",), roles=("power's base", "power's exponent"), symbols=(),
        gerund="exponentiation to a power", heading=r"\bpow\b", infix=""),
    rules=(
        SpecialRule("zero_exponent", ("any", "zero"), "1", text="pow(x, +-0) is 1, NaN x included"),
        SpecialRule("nan_base", ("nan", "finite_nonzero"), "nan", text="a NaN base gives NaN"),
        SpecialRule("nan_base_inf", ("nan", "inf"), "nan", text="a NaN base gives NaN"),
        SpecialRule("nan_exponent", ("not_+1", "nan"), "nan", text="a NaN exponent gives NaN, but pow(+1, NaN) = 1"),
        SpecialRule("negative_non_integer", ("finite_negative", "non_integer"), "nan",
                    text="a base below zero to a non-integer power is NaN"),
        SpecialRule("zero_to_plus_inf", ("zero", "+inf"), "zero", "+", text="pow(+-0, +inf) is +0"),
        SpecialRule("zero_to_minus_inf", ("zero", "-inf"), "inf", "+", text="pow(+-0, -inf) is +inf"),
        SpecialRule("inf_to_plus_inf", ("inf", "+inf"), "inf", "+", text="pow(+-inf, +inf) is +inf"),
        SpecialRule("inf_to_minus_inf", ("inf", "-inf"), "zero", "+", text="pow(+-inf, -inf) is +0"),
    ),
    properties=(),
    names=Names(numpy="power", onnx="Pow", openvino="Power", jax_float="jnp.power", jax_int=""),
    kernels=elementary.kernels(_real, _special),
    integer=None,
    why3_families=frozenset(),
    # its accuracy note is read; its specification document when the reader reads formulas of its operands
    in_pipeline=False,
)

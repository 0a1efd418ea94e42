"""Log: Y = ln(X), the natural logarithm.  IEEE 754-2019 clause 9.2 recommends it correctly rounded and does not
prescribe it: the mirror's reference is the correctly rounded result (`operators.elementary`), an
implementation is judged by its accuracy.  log(+-0) = -inf, log(x < 0) = NaN, log(+inf) = +inf, log(1) = +0."""

from __future__ import annotations

from fractions import Fraction

import mpmath

from divbridge.operators import elementary
from divbridge.operators.model import Input, Names, Operation, Operator, SpecialRule, Vocabulary


def _real(x: Fraction) -> elementary.Real:
    """ln(x) for x > 0: 0 at 1, else irrational, by mpmath."""
    return Fraction(0) if x == 1 else elementary.evaluate(mpmath.log, x)


def _special(fmt, x):
    if x.is_nan or (x.sign and not x.is_zero):
        return fmt.nan
    if x.is_zero:
        return fmt.inf(1)
    if x.is_inf:
        return fmt.inf(0)
    return None


LOG = Operator(
    name="Log",
    inputs=(Input("X", "x"),),
    operation=Operation(exactness="approximate"),
    vocabulary=Vocabulary(
        verbs=("log-transforms",), result_nouns=("logarithm",), roles=("logarithm's argument",),
        symbols=(), gerund="natural logarithm", heading=r"\blog\b", infix=""),
    rules=(
        SpecialRule("nan", ("nan",), "nan", text="a NaN operand gives NaN"),
        SpecialRule("zero", ("zero",), "inf", "-", text="log(+-0) is -inf"),
        SpecialRule("negative", ("finite_negative",), "nan", text="the logarithm of a number below zero is NaN"),
        SpecialRule("minus_inf", ("-inf",), "nan", text="log(-inf) is NaN"),
        SpecialRule("plus_inf", ("+inf",), "inf", "+", text="log(+inf) is +inf"),
    ),
    properties=(),
    names=Names(numpy="log", onnx="Log", openvino="Log", jax_float="jnp.log", jax_int=""),
    kernels=elementary.kernels(_real, _special),
    integer=None,
    why3_families=frozenset(),
    # its accuracy note is read; its specification document when the reader reads formulas of one operand
    in_pipeline=False,
)

"""Exp: Y = exp(X), e to the power X.  IEEE 754-2019 clause 9.2 recommends exp correctly rounded and does not
prescribe it: the mirror's reference is the correctly rounded result (`operators.elementary`), an
implementation is judged by its accuracy.  exp(+-0) = 1, exp(+inf) = +inf, exp(-inf) = +0 (clause 9.2.1)."""

from __future__ import annotations

from fractions import Fraction

import mpmath

from divbridge.operators import elementary
from divbridge.operators.model import Input, Names, Operation, Operator, SpecialRule, Vocabulary


def _real(x: Fraction) -> elementary.Real:
    """exp(x): 1 at 0, else irrational (Lindemann-Weierstrass), by mpmath."""
    return Fraction(1) if x == 0 else elementary.evaluate(mpmath.exp, x)


def _special(fmt, x):
    if x.is_nan:
        return fmt.nan
    if x.is_zero:
        return fmt.round(Fraction(1))
    if x.is_inf:
        return fmt.zero(0) if x.sign else fmt.inf(0)
    return None


EXP = Operator(
    name="Exp",
    inputs=(Input("X", "x"),),
    operation=Operation(exactness="approximate"),
    vocabulary=Vocabulary(
        verbs=("exponentiates",), result_nouns=("exponential",), roles=("exponential's argument",), symbols=(),
        gerund="exponentiation", heading=r"\bexp\b", infix=""),
    rules=(
        SpecialRule("nan", ("nan",), "nan", text="a NaN operand gives NaN"),
        SpecialRule("zero", ("zero",), "1", text="exp(+-0) is 1"),
        SpecialRule("plus_inf", ("+inf",), "inf", "+", text="exp(+inf) is +inf"),
        SpecialRule("minus_inf", ("-inf",), "zero", "+", text="exp(-inf) is +0"),
    ),
    properties=(),
    names=Names(numpy="exp", onnx="Exp", openvino="Exp", jax_float="jnp.exp", jax_int=""),
    kernels=elementary.kernels(_real, _special),
    integer=None,
    why3_families=frozenset(),
    # its accuracy note is read; its specification document when the reader reads formulas of one operand
    in_pipeline=False,
)

"""Tanh: Y = tanh(X), the hyperbolic tangent.  IEEE 754-2019 clause 9.2 recommends it correctly rounded and does
not prescribe it: the mirror's reference is the correctly rounded result (`operators.elementary`), an
implementation is judged by its accuracy.  tanh(+-0) = +-0, tanh(+-inf) = +-1."""

from __future__ import annotations

from fractions import Fraction

import mpmath

from divbridge.operators import elementary
from divbridge.operators.model import Input, Names, Operation, Operator, SpecialRule, Vocabulary


def _real(x: Fraction) -> elementary.Real:
    """tanh(x): 0 at 0, else irrational, by mpmath."""
    return Fraction(0) if x == 0 else elementary.evaluate(mpmath.tanh, x)


def _special(fmt, x):
    if x.is_nan:
        return fmt.nan
    if x.is_zero:
        return fmt.zero(x.sign)
    if x.is_inf:
        return fmt.round(Fraction(-1 if x.sign else 1))
    return None


TANH = Operator(
    name="Tanh",
    inputs=(Input("X", "x"),),
    operation=Operation(exactness="approximate"),
    vocabulary=Vocabulary(
        verbs=("tanh-transforms",), result_nouns=("hyperbolic tangent",),
        roles=("hyperbolic tangent's argument",), symbols=(), gerund="hyperbolic tangent function",
        heading=r"\btanh\b", infix=""),
    rules=(
        SpecialRule("nan", ("nan",), "nan", text="a NaN operand gives NaN"),
        SpecialRule("zero", ("zero",), "x", text="tanh(+-0) is the zero itself"),
        SpecialRule("plus_inf", ("+inf",), "1", text="tanh(+inf) is 1"),
        SpecialRule("minus_inf", ("-inf",), "-1", text="tanh(-inf) is -1"),
    ),
    properties=(),
    names=Names(numpy="tanh", onnx="Tanh", openvino="Tanh", jax_float="jnp.tanh", jax_int=""),
    kernels=elementary.kernels(_real, _special),
    integer=None,
    why3_families=frozenset(),
    # its accuracy note is read; its specification document when the reader reads formulas of one operand
    in_pipeline=False,
)

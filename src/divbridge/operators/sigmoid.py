"""Sigmoid: Y = 1 / (1 + exp(-X)), the logistic function.  No IEEE 754 operation: the mirror's reference is the
correctly rounded result (`operators.elementary`), an implementation is judged by its accuracy.
sigmoid(+-0) = 1/2, sigmoid(+inf) = 1, sigmoid(-inf) = +0."""

from __future__ import annotations

from fractions import Fraction

import mpmath

from divbridge.operators import elementary
from divbridge.operators.model import Input, Names, Operation, Operator, SpecialRule, Vocabulary


def _real(x: Fraction) -> elementary.Real:
    """1 / (1 + exp(-x)): 1/2 at 0, else irrational, by mpmath."""
    return Fraction(1, 2) if x == 0 else elementary.evaluate(lambda v: 1 / (1 + mpmath.exp(-v)), x)


def _special(fmt, x):
    if x.is_nan:
        return fmt.nan
    if x.is_inf:
        return fmt.zero(0) if x.sign else fmt.round(Fraction(1))
    return None


SIGMOID = Operator(
    name="Sigmoid",
    inputs=(Input("X", "x"),),
    operation=Operation(exactness="approximate"),
    vocabulary=Vocabulary(
        verbs=("squashes",), result_nouns=("logistic value",), roles=("logistic function's argument",),
        symbols=(), gerund="logistic function", heading=r"\bsigmoid\b", infix=""),
    rules=(
        SpecialRule("nan", ("nan",), "nan", text="a NaN operand gives NaN"),
        SpecialRule("zero", ("zero",), "0.5", text="sigmoid(+-0) is 1/2"),
        SpecialRule("plus_inf", ("+inf",), "1", text="sigmoid(+inf) is 1"),
        SpecialRule("minus_inf", ("-inf",), "zero", "+", text="sigmoid(-inf) is +0"),
    ),
    properties=(),
    # NumPy has no sigmoid; JAX's is jax.nn.sigmoid
    names=Names(numpy="", onnx="Sigmoid", openvino="Sigmoid", jax_float="jax.nn.sigmoid", jax_int=""),
    kernels=elementary.kernels(_real, _special),
    integer=None,
    why3_families=frozenset(),
    # its accuracy note is read; its specification document when the reader reads formulas of one operand
    in_pipeline=False,
)

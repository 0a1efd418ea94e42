"""Sqrt: Y = sqrt(X), the square root.  IEEE 754-2019 clause 5.4.1 prescribes it correctly rounded (clause 6.3:
sqrt(-0) = -0); a number below zero gives NaN, sqrt(+inf) = +inf.  The real square root is exact where it is
rational (sqrt(9/4) = 3/2), else by mpmath (`operators.elementary`)."""

from __future__ import annotations

import math
from fractions import Fraction

import mpmath
import numpy as np

from divbridge import terms
from divbridge.operators import elementary
from divbridge.operators.model import Input, Kernels, Names, Operator, SpecialRule, Vocabulary, one_primitive
from divbridge.terms.numpy import rounded

INPUTS = (Input("X", "x"),)


def exact_root(x: Fraction) -> Fraction | None:
    """sqrt(x) for x >= 0 where it is rational (numerator and denominator squares), else None."""
    n, d = math.isqrt(x.numerator), math.isqrt(x.denominator)
    return Fraction(n, d) if n * n == x.numerator and d * d == x.denominator else None


def _real(x: Fraction) -> elementary.Real:
    root = exact_root(x)
    return root if root is not None else elementary.evaluate(mpmath.sqrt, x)


def _special(fmt, x):
    if x.is_nan or (x.sign and not x.is_zero):
        return fmt.nan
    if x.is_zero:
        return fmt.zero(x.sign)
    if x.is_inf:
        return fmt.inf(0)
    return None


SQRT = Operator(
    name="Sqrt",
    inputs=INPUTS,
    # its Why3 modules would call it ``square_root``: ieee_float's ``sqrt`` is the primitive
    operation=one_primitive("square_root", INPUTS, "correctly_rounded", float=terms.FP_SQRT),
    vocabulary=Vocabulary(
        verbs=("square-roots",), result_nouns=("square root",), roles=("radicand",), symbols=(),
        gerund="square root extraction", heading=r"\bsqrt\b", infix=""),
    rules=(
        SpecialRule("nan", ("nan",), "nan", text="a NaN operand gives NaN"),
        SpecialRule("zero", ("zero",), "x", text="sqrt(+-0) is the zero itself"),
        SpecialRule("negative", ("finite_negative",), "nan", text="the square root of a number below zero is NaN"),
        SpecialRule("minus_inf", ("-inf",), "nan", text="sqrt(-inf) is NaN"),
        SpecialRule("plus_inf", ("+inf",), "inf", "+", text="sqrt(+inf) is +inf"),
    ),
    properties=(),
    names=Names(numpy="sqrt", onnx="Sqrt", openvino="Sqrt", jax_float="jnp.sqrt", jax_int=""),
    kernels=Kernels(
        real=_real, float_bits=elementary.float_kernel(_real, _special), integer=None,
        # through FP32 for FP16 and BF16: a double rounding of sqrt is innocuous when 24 >= 2p + 2
        fast=lambda fmt, x: rounded(np.sqrt, fmt, x)),
    integer=None,
    why3_families=frozenset(),
    # its accuracy note is read; its specification document when the reader reads formulas of one operand
    in_pipeline=False,
)

"""Sqrt: Y = sqrt(X), the square root.  IEEE 754-2019 clause 5.4.1 prescribes it correctly rounded (clause 6.3:
sqrt(-0) = -0); a number below zero gives NaN, sqrt(+inf) = +inf.  The real square root is exact where it is
rational (sqrt(9/4) = 3/2), else by mpmath (`operators.elementary`)."""

from __future__ import annotations

import math
from fractions import Fraction

import mpmath
import numpy as np

from divbridge import terms
from divbridge.formats import FloatFormat
from divbridge.operators import elementary
from divbridge.operators.model import (Input, Kernels, Names, Operator, SpecialRule, Theorem, Vocabulary,
                                       one_primitive)
from divbridge.terms.numpy import rounded

INPUTS = (Input("A", "a"),)


def exact_root(x: Fraction) -> Fraction | None:
    """sqrt(x) for x >= 0 where it is rational (numerator and denominator squares), else None."""
    n, d = math.isqrt(x.numerator), math.isqrt(x.denominator)
    return Fraction(n, d) if n * n == x.numerator and d * d == x.denominator else None


def _real(x: Fraction) -> elementary.Real:
    if x < 0:   # the kernels' convention where the real operation is undefined (`model.Kernels`)
        raise ZeroDivisionError("the real square root of a number below zero is undefined")
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


def _fast(fmt, x: np.ndarray) -> np.ndarray:
    """Floats: NumPy's square root, correctly rounded (FP16 and BF16 through FP32: a double rounding of sqrt is
    innocuous when 24 >= 2p + 2); reals: the real root where it is defined (x >= 0), None where it is not."""
    if isinstance(fmt, FloatFormat):
        return rounded(np.sqrt, fmt, x)
    return np.array([_real(Fraction(v)) if v >= 0 else None for v in x.ravel()], dtype=object).reshape(x.shape)


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
        SpecialRule("zero", ("zero",), "a", text="sqrt(+-0) is the zero itself"),
        SpecialRule("negative", ("finite_negative",), "nan", text="the square root of a number below zero is NaN"),
        SpecialRule("minus_inf", ("-inf",), "nan", text="sqrt(-inf) is NaN"),
        SpecialRule("plus_inf", ("+inf",), "inf", "+", text="sqrt(+inf) is +inf"),
    ),
    properties=(),
    names=Names(numpy="sqrt", onnx="Sqrt", openvino="Sqrt", jax_float="jnp.sqrt", jax_int="",
                coq_theorems="RoundedSqrt"),
    # Flocq's Bsqrt_correct: Bsqrt is the real root rounded once (generators/coq/sqrt/RoundedSqrt.v)
    theorems=(Theorem("relative_error", "relative_error", "|sqrt(x) rounded - sqrt(x)| <= 2^-p sqrt(x) where "
                      "sqrt(x) is in the normal range", exact=terms.REAL_SQRT),),
    kernels=Kernels(
        real=_real, float_bits=elementary.float_kernel(_real, _special), integer=None,
        fast=_fast),
    integer=None,
    why3_families=frozenset({"float", "shape"}),
)

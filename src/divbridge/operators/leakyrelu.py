"""LeakyRelu: Y = X where X >= 0, else alpha * X (ONNX LeakyRelu-16; its attribute alpha, default 0.01, a float
the node stores in FP32).  The product alpha * X is rounded once to the format (IEEE 754's multiplication).

alpha is a free variable of its terms (`model.Attribute`): ``leaky_rectify(x, alpha)`` in every backend, so a
statement is proved for every alpha of the query's format; the kernels take alpha after X, at its default when
left out (the node's FP32 value)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from divbridge import terms
from divbridge.formats import FloatFormat
from divbridge.operators import elementary
from divbridge.operators.mul import float_mul_bits
from divbridge.terms.numpy import rounded
from divbridge.operators.model import (PLUS_ZERO, Attribute, Input, Kernels, Names, Operation, Operator,
                                       SpecialRule, Vocabulary)

ALPHA = Fraction(float(np.float32(0.01)))    # the attribute's default as the node holds it
INPUTS = (Input("A", "a"),)
ATTRIBUTES = (Attribute("alpha", "float", 0.01),)


def _leaky(family: str, zero: terms.Term, less: terms.Function, times: terms.Function) -> terms.Function:
    """alpha * x below zero (-0 is not: it gives itself), x elsewhere, NaN included."""
    x, alpha = INPUTS[0].term(family), ATTRIBUTES[0].term(family)
    return terms.define("leaky_rectify", (x, alpha), terms.ITE(less(x, zero), times(alpha, x), x))


OPERATION = Operation(
    float=_leaky("float", PLUS_ZERO, terms.FP_LT, terms.FP_MUL),
    real=_leaky("real", terms.Const(Fraction(0), "real"), terms.REAL_LT, terms.REAL_MUL),
    exactness="rounded")


def _real(x: Fraction, alpha: Fraction = ALPHA) -> Fraction:
    return x if x >= 0 else alpha * x


def _special(fmt, x):
    """At the default alpha (positive, finite): NaN, the zeros and the infinities (alpha * -inf is -inf, alpha *
    -0 is not taken: -0 is not below zero)."""
    if x.is_nan:
        return fmt.nan
    if x.is_inf or x.is_zero:
        return fmt.inf(x.sign) if x.is_inf else fmt.zero(x.sign)
    return None


_AT_DEFAULT = elementary.float_kernel(_real, _special)


def _float_bits(fmt: FloatFormat, x: int, alpha: int | None = None) -> int:
    """On bit patterns: ``alpha`` one of the format (IEEE 754's product alpha * x where x is below zero), or None
    for the node's default, the FP32 0.01 (in FP16 and BF16 no value of the format: its exact product rounded
    once)."""
    if alpha is None:
        return _AT_DEFAULT(fmt, x)
    value = fmt.decode(x)
    if value.is_nan:
        return fmt.nan
    below_zero = value.sign and not value.is_zero
    return float_mul_bits(fmt, alpha, x) if below_zero else x


def _fast(fmt, x: np.ndarray, alpha: np.ndarray | None = None) -> np.ndarray:
    """At the default alpha: the product in FP64, exact for FP16, BF16 and FP32 operands (alpha's 24 bits and at
    most 24 of X fit in 53), rounded once to the format; FP64 operands through the exact kernel.  With alpha
    (an array of the format): IEEE 754's product where x is below zero, FP16 and BF16 through FP32.  Reals: the
    exact kernel on each element."""
    if not isinstance(fmt, FloatFormat):
        alphas = np.broadcast_to(ALPHA if alpha is None else alpha, np.shape(x))
        return np.array([_real(Fraction(v), Fraction(a)) for v, a in zip(np.ravel(x), np.ravel(alphas))],
                        dtype=object).reshape(np.shape(x))
    if alpha is not None:
        x = np.asarray(x, dtype=fmt.dtype)
        with np.errstate(all="ignore"):
            product = rounded(np.multiply, fmt, np.asarray(alpha, dtype=fmt.dtype), x)
            return np.where(np.isnan(x), np.array(fmt.nan, fmt.uint_dtype).view(fmt.dtype),
                            np.where(x < 0, product, x)).astype(fmt.dtype)
    if fmt.dtype == np.float64:
        return elementary.fast_kernel(_AT_DEFAULT)(fmt, x)
    with np.errstate(all="ignore"):     # a signalling NaN widened
        wide = np.asarray(x).astype(np.float64)
        return np.where(wide < 0, wide * float(ALPHA), wide).astype(fmt.dtype)


LEAKYRELU = Operator(
    name="LeakyRelu",
    inputs=INPUTS,
    attributes=ATTRIBUTES,
    operation=OPERATION,
    vocabulary=Vocabulary(
        verbs=("leaky-rectifies",), result_nouns=("leaky rectified value",), roles=("leaky rectifier's argument",),
        symbols=(), gerund="leaky rectification", heading=r"\bleakyrelu\b", infix=""),
    rules=(
        SpecialRule("nan", ("nan",), "nan", text="a NaN operand gives NaN"),
        SpecialRule("zero", ("zero",), "a", text="a zero gives itself: -0 is not below zero"),
        SpecialRule("positive", ("positive",), "a", text="a number with its sign bit clear gives itself"),
        # -inf gives alpha * -inf: -inf for alpha > 0, NaN for alpha zero or NaN, +inf for alpha < 0: no rule of
        # X alone holds for every alpha
    ),
    properties=(),
    # NumPy has none; OpenVINO's is PRelu with a slope input; JAX's leaky_relu(x, negative_slope) given the
    # node's alpha, the FP32 0.01 (its own default is the binary64 0.01)
    names=Names(numpy="", onnx="LeakyRelu", openvino="", jax_float="jax.nn.leaky_relu", jax_int="",
                constant_args=(float(ALPHA),)),
    kernels=Kernels(real=_real, float_bits=_float_bits, integer=None, fast=_fast),
    integer=None,
    why3_families=frozenset({"float", "shape"}),
    in_pipeline=True,
)

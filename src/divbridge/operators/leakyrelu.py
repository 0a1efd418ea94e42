"""LeakyRelu: Y = X where X >= 0, else alpha * X (ONNX LeakyRelu-16; its attribute alpha, default 0.01, a float
the node stores in FP32).  The product alpha * X is rounded once to the format (IEEE 754's multiplication);
the kernels take alpha at its default: no term reads an attribute yet (docs/operator-model.md)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from divbridge.operators import elementary
from divbridge.operators.model import (Attribute, Input, Kernels, Names, Operation, Operator, SpecialRule,
                                       Vocabulary)

ALPHA = Fraction(float(np.float32(0.01)))    # the attribute's default as the node holds it


def _real(x: Fraction) -> Fraction:
    return x if x >= 0 else ALPHA * x


def _special(fmt, x):
    if x.is_nan:
        return fmt.nan
    if x.is_inf or x.is_zero:    # -inf times alpha is -inf, -0 times alpha is -0
        return fmt.inf(x.sign) if x.is_inf else fmt.zero(x.sign)
    return None


def _fast(fmt, x: np.ndarray) -> np.ndarray:
    """The product in FP64, exact for FP16, BF16 and FP32 operands (alpha's 24 bits and at most 24 of X fit in
    53), rounded once to the format; FP64 operands through the exact kernel."""
    if fmt.dtype == np.float64:
        return elementary.fast_kernel(_FLOAT_BITS)(fmt, x)
    with np.errstate(all="ignore"):     # a signalling NaN widened
        wide = np.asarray(x).astype(np.float64)
        return np.where(wide < 0, wide * float(ALPHA), wide).astype(fmt.dtype)


_FLOAT_BITS = elementary.float_kernel(_real, _special)

LEAKYRELU = Operator(
    name="LeakyRelu",
    inputs=(Input("X", "x"),),
    attributes=(Attribute("alpha", "float", 0.01),),
    operation=Operation(exactness="rounded"),
    vocabulary=Vocabulary(
        verbs=("leaky-rectifies",), result_nouns=("leaky rectified value",), roles=("leaky rectifier's argument",),
        symbols=(), gerund="leaky rectification", heading=r"\bleakyrelu\b", infix=""),
    rules=(
        SpecialRule("nan", ("nan",), "nan", text="a NaN operand gives NaN"),
        SpecialRule("zero", ("zero",), "x", text="a zero gives itself (alpha * -0 is -0)"),
        SpecialRule("plus_inf", ("+inf",), "x", text="+inf gives itself"),
        SpecialRule("minus_inf", ("-inf",), "inf", "-", text="alpha * -inf is -inf"),
    ),
    properties=(),
    # NumPy has none; OpenVINO's is PRelu with a slope input
    names=Names(numpy="", onnx="LeakyRelu", openvino="", jax_float="jax.nn.leaky_relu", jax_int=""),
    kernels=Kernels(real=_real, float_bits=_FLOAT_BITS, integer=None, fast=_fast),
    integer=None,
    why3_families=frozenset(),
    # its accuracy note is read; its specification document when the reader reads formulas of one operand
    in_pipeline=False,
)

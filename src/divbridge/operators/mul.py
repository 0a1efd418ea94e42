"""Mul: C = A x B, the product.  IEEE 754-2019 clause 5.4.1, 6.3 (the product's sign) and 7.2 (0 x inf)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from divbridge import terms
from divbridge.formats import FloatFormat
from divbridge.operators import kernels
from divbridge.operators.model import (ONE, PLUS_ZERO, X, Y, Z, ErrorModel, Input, IntegerProfile, Kernels, Names,
                                       Operator, Property, SpecialRule, Theorem, Vocabulary, one_primitive)


def float_mul_bits(fmt: FloatFormat, a_bits: int, b_bits: int) -> int:
    """IEEE 754 multiplication in round-to-nearest-even, from the exact rational product."""
    a, b = fmt.decode(a_bits), fmt.decode(b_bits)
    sign = a.sign ^ b.sign
    if a.is_nan or b.is_nan:
        return fmt.nan
    if (a.is_zero and b.is_inf) or (a.is_inf and b.is_zero):
        return fmt.nan
    if a.is_inf or b.is_inf:
        return fmt.inf(sign)
    return fmt.round(a.value * b.value, sign_if_zero=sign)   # an underflow to zero keeps the xor too


INPUTS = (Input("A", "a"), Input("B", "b"))
OPERATION = one_primitive("mul", INPUTS, float=terms.FP_MUL, signed=terms.BV_MUL, real=terms.REAL_MUL)
_MUL = OPERATION.float

MUL = Operator(
    name="Mul",
    inputs=INPUTS,
    operation=OPERATION,
    vocabulary=Vocabulary(
        verbs=("multiplies", "multiplied by", "multiply", "multiplying"), result_nouns=("product",),
        roles=("multiplicand", "multiplier"), symbols=(r"\times", "*", r"\cdot"), gerund="multiplication",
        heading=r"\bmul\b", infix="*", joins=("times",)),
    rules=(
        SpecialRule("nan_a", ("nan", "any"), "nan", text="a NaN operand gives NaN"),
        SpecialRule("nan_b", ("any", "nan"), "nan", text="a NaN operand gives NaN"),
        SpecialRule("zero_times_inf", ("zero", "inf"), "nan", text="zero times an infinity is NaN"),
        SpecialRule("inf_times_zero", ("inf", "zero"), "nan", text="an infinity times zero is NaN"),
        SpecialRule("inf_times_nonzero", ("inf", "finite_nonzero"), "inf", "xor",
                    text="an infinity times a finite non-zero number is an infinity, sign the xor of the signs"),
        SpecialRule("nonzero_times_inf", ("finite_nonzero", "inf"), "inf", "xor",
                    text="a finite non-zero number times an infinity is an infinity, sign the xor of the signs"),
        SpecialRule("inf_times_inf", ("inf", "inf"), "inf", "xor", text="an infinity times an infinity, sign the xor"),
        SpecialRule("zero_times_finite", ("zero", "finite"), "zero", "xor", text="zero times a finite number is a zero, "
                    "sign the xor of the signs"),
        SpecialRule("finite_times_zero", ("finite", "zero"), "zero", "xor", text="a finite number times zero is a zero, "
                    "sign the xor of the signs"),
    ),
    properties=(
        Property("commutative", _MUL(X, Y), _MUL(Y, X), True, "x * y = y * x"),
        Property("associative", _MUL(_MUL(X, Y), Z), _MUL(X, _MUL(Y, Z)), False, "(x * y) * z = x * (y * z)"),
        Property("distributive", _MUL(X, terms.FP_ADD(Y, Z)), terms.FP_ADD(_MUL(X, Y), _MUL(X, Z)), False,
                 "x * (y + z) = x * y + x * z"),
        Property("times_one", _MUL(X, ONE), X, True, "x * 1 = x"),
        Property("times_zero", _MUL(X, PLUS_ZERO), PLUS_ZERO, False, "x * 0 = 0 (false at x < 0: -0; at x = inf: NaN)"),
        Property("neg_factor", _MUL(terms.FP_NEG(X), Y), terms.FP_NEG(_MUL(X, Y)), True, "(-x) * y = -(x * y)"),
    ),
    error=ErrorModel(propagated=lambda a, b, ea, eb: a * eb + b * ea + ea * eb,
                     latex=r"A \times B_{err} + B \times A_{err} + A_{err} \times B_{err}"),
    names=Names(
        numpy="multiply", onnx="Mul", openvino="Multiply", jax_float="jnp.multiply",
        jax_int="jax.lax.mul", coq_theorems="RoundedMul"),
    kernels=Kernels(
        real=lambda a, b: Fraction(a) * Fraction(b),
        float_bits=float_mul_bits,
        integer=lambda fmt, a, b: kernels.wrap(fmt, a * b),
        fast=lambda fmt, a, b: kernels.fast(np.multiply, fmt, a, b)),
    integer=IntegerProfile("wrap"),
    theorems=(
        Theorem("error_is_float", "error_is_float", "|x * y| >= 2^(emin+2p-1) -> the rounding error "
                "round(x * y) - x * y is a float (Flocq's mult_error_FLT)", above="2p"),
        Theorem("relative_error", "relative_error", "|round(x * y) - x * y| <= 2^-p |x * y| in the normal range"),
        Theorem("relative_error_subnormal", "relative_error_subnormal",
                "probe: |round(x * y) - x * y| <= 2^-p |x * y| below the normal range (false: underflow)", holds=False),
        Theorem("overflow", "finite_result", "probe: finite x, y give a finite x * y, as the bound needs (false: it "
                "overflows)", holds=False),
    ),
)

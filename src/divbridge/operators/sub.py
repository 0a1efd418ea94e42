"""Sub: C = A - B, the difference: IEEE 754's subtraction is the addition of B negated (clause 5.4.1)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from divbridge import terms
from divbridge.formats import FloatFormat
from divbridge.operators import kernels
from divbridge.operators.add import float_add_bits, sum_theorems
from divbridge.operators.model import (PLUS_ZERO, X, Y, ErrorModel, Input, IntegerProfile, Kernels, Names, Operator,
                                       Property, SpecialRule, Vocabulary, one_primitive)


def float_sub_bits(fmt: FloatFormat, a_bits: int, b_bits: int) -> int:
    return float_add_bits(fmt, a_bits, b_bits ^ fmt.sign_mask)


INPUTS = (Input("A", "a"), Input("B", "b"))
OPERATION = one_primitive("sub", INPUTS, float=terms.FP_SUB, signed=terms.BV_SUB, real=terms.REAL_SUB)
_SUB = OPERATION.float

SUB = Operator(
    name="Sub",
    inputs=INPUTS,
    operation=OPERATION,
    vocabulary=Vocabulary(
        verbs=("subtracts", "subtracted from", "subtract", "subtracting"), result_nouns=("difference",),
        roles=("minuend", "subtrahend"), symbols=("-",), gerund="subtraction", heading=r"\bsub\b", infix="-",
        joins=("minus",)),
    rules=(
        SpecialRule("nan_a", ("nan", "any"), "nan", text="a NaN operand gives NaN"),
        SpecialRule("nan_b", ("any", "nan"), "nan", text="a NaN operand gives NaN"),
        SpecialRule("inf_minus_inf", ("inf", "inf"), "nan", relation="same_sign",
                    text="an infinity minus the infinity of its sign is NaN"),
        SpecialRule("inf_minus_opposite_inf", ("inf", "inf"), "inf", "a", relation="opposite_sign",
                    text="an infinity minus the opposite infinity is the first"),
        SpecialRule("inf_minus_finite", ("inf", "finite"), "inf", "a", text="an infinity minus a finite number is that infinity"),
        SpecialRule("finite_minus_inf", ("finite", "inf"), "inf", "-b",
                    text="a finite number minus an infinity is the opposite infinity"),
        SpecialRule("zero_minus_zero_opposite", ("zero", "zero"), "zero", "a", relation="opposite_sign",
                    text="a zero minus the opposite zero is the first: -0 - +0 = -0"),
        SpecialRule("zero_minus_zero_same", ("zero", "zero"), "zero", "+", relation="same_sign",
                    text="a zero minus the zero of its sign is +0"),
        SpecialRule("x_minus_x", ("finite_nonzero", "finite_nonzero"), "zero", "+", relation="equal",
                    text="x - x is +0 in round to nearest"),
        SpecialRule("x_minus_zero", ("finite_nonzero", "zero"), "a", text="a non-zero x minus a zero is x"),
        SpecialRule("zero_minus_y", ("zero", "finite_nonzero"), "-b", text="a zero minus a non-zero y is -y"),
    ),
    properties=(
        Property("sub_is_add_neg", _SUB(X, Y), terms.FP_ADD(X, terms.FP_NEG(Y)), True, "x - y = x + (-y)"),
        Property("minus_self", _SUB(X, X), PLUS_ZERO, False, "x - x = 0 (false at x = inf: NaN)"),
        Property("anticommutative", _SUB(X, Y), terms.FP_NEG(_SUB(Y, X)), False,
                 "x - y = -(y - x) (false at x = y: +0 against -0)"),
        Property("minus_plus_zero", _SUB(X, PLUS_ZERO), X, True, "x - (+0) = x"),
    ),
    error=ErrorModel(propagated=lambda a, b, ea, eb: ea - eb, latex=r"A_{err} - B_{err}"),
    names=Names(
        numpy="subtract", onnx="Sub", openvino="Subtract", jax_float="jnp.subtract",
        jax_int="jax.lax.sub", coq_theorems="RoundedSub"),
    kernels=Kernels(
        real=lambda a, b: Fraction(a) - Fraction(b),
        float_bits=float_sub_bits,
        integer=lambda fmt, a, b: kernels.wrap(fmt, a - b),
        fast=lambda fmt, a, b: kernels.fast(np.subtract, fmt, a, b)),
    integer=IntegerProfile("wrap"),
    theorems=sum_theorems("-", negate_b=False),
)

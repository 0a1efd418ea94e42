"""Add: C = A + B, the sum.  IEEE 754-2019 clause 5.4.1 and 6.3 (signs of zero sums), as bit patterns."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from divbridge import terms
from divbridge.formats import FloatFormat
from divbridge.operators import kernels
from divbridge.operators.model import (MINUS_ZERO, PLUS_ZERO, X, Y, Z, ErrorModel, Input, IntegerProfile, Kernels,
                                       Names, Operator, Property, SpecialRule, Theorem, Vocabulary, one_primitive)


def float_add_bits(fmt: FloatFormat, a_bits: int, b_bits: int) -> int:
    """IEEE 754 addition in round-to-nearest-even, from the exact rational sum."""
    a, b = fmt.decode(a_bits), fmt.decode(b_bits)
    if a.is_nan or b.is_nan:
        return fmt.nan
    if a.is_inf and b.is_inf:
        return fmt.inf(a.sign) if a.sign == b.sign else fmt.nan      # inf - inf is invalid
    if a.is_inf or b.is_inf:
        return fmt.inf(a.sign if a.is_inf else b.sign)
    # an exact zero sum is -0 only when both operands are -0 (clause 6.3, round to nearest);
    # a non-zero sum of floats is a multiple of the smallest subnormal, so it never rounds to zero
    return fmt.round(a.value + b.value, sign_if_zero=a.sign & b.sign)


def sum_theorems(infix: str, negate_b: bool) -> tuple[Theorem, ...]:
    """The theorems of a rounded sum or difference (``x + y``, ``x - y``: ``negate_b``, Sterbenz's
    hypothesis is on -y for a sum).  Below the normal range a sum is exact, so the relative error bound
    has no subnormal exception there: only overflow breaks it."""
    b = "-y" if negate_b else "y"
    return (
        Theorem("sterbenz", "sterbenz", f"Sterbenz: {b}/2 <= x <= 2({b}) -> x {infix} y is exact", negate_b=negate_b),
        Theorem("error_is_float", "error_is_float",
                f"the rounding error round(x {infix} y) - (x {infix} y) is a float (Flocq's plus_error)"),
        Theorem("relative_error", "relative_error",
                f"|round(x {infix} y) - (x {infix} y)| <= 2^-p |x {infix} y| in the normal range"),
        Theorem("subnormal_exact", "subnormal_exact",
                f"|x {infix} y| <= 2^(emin+p) -> x {infix} y is exact: no relative error below the normal range"),
        Theorem("overflow", "finite_result",
                f"probe: finite x, y give a finite x {infix} y, as the bound needs (false: it overflows)", holds=False),
    )


INPUTS = (Input("A", "a"), Input("B", "b"))
OPERATION = one_primitive("add", INPUTS, float=terms.FP_ADD, signed=terms.BV_ADD, real=terms.REAL_ADD)
_ADD = OPERATION.float

ADD = Operator(
    name="Add",
    inputs=INPUTS,
    operation=OPERATION,
    vocabulary=Vocabulary(
        verbs=("adds", "added to", "add", "adding"), result_nouns=("sum",), roles=("first addend", "second addend"),
        symbols=("+",), gerund="addition", heading=r"\badd\b", infix="+", joins=("plus",)),
    rules=(
        SpecialRule("nan_a", ("nan", "any"), "nan", text="a NaN operand gives NaN"),
        SpecialRule("nan_b", ("any", "nan"), "nan", text="a NaN operand gives NaN"),
        SpecialRule("inf_minus_inf", ("inf", "inf"), "nan", relation="opposite_sign",
                    text="infinities of opposite signs give NaN"),
        SpecialRule("inf_plus_inf", ("inf", "inf"), "inf", "a", relation="same_sign",
                    text="infinities of one sign give that infinity"),
        SpecialRule("inf_plus_finite", ("inf", "finite"), "inf", "a", text="an infinity plus a finite number is that infinity"),
        SpecialRule("finite_plus_inf", ("finite", "inf"), "inf", "b", text="a finite number plus an infinity is that infinity"),
        SpecialRule("zero_plus_zero_same", ("zero", "zero"), "zero", "a", relation="same_sign",
                    text="zeros of one sign add to that zero: -0 + -0 = -0"),
        SpecialRule("zero_plus_zero_opposite", ("zero", "zero"), "zero", "+", relation="opposite_sign",
                    text="zeros of opposite signs add to +0"),
        SpecialRule("x_plus_minus_x", ("finite_nonzero", "finite_nonzero"), "zero", "+", relation="opposite",
                    text="x + (-x) is +0 in round to nearest"),
        SpecialRule("x_plus_zero", ("finite_nonzero", "zero"), "a", text="a non-zero x plus a zero is x"),
        SpecialRule("zero_plus_y", ("zero", "finite_nonzero"), "b", text="a zero plus a non-zero y is y"),
    ),
    properties=(
        Property("commutative", _ADD(X, Y), _ADD(Y, X), True, "x + y = y + x"),
        Property("associative", _ADD(_ADD(X, Y), Z), _ADD(X, _ADD(Y, Z)), False, "(x + y) + z = x + (y + z)"),
        Property("plus_zero", _ADD(X, PLUS_ZERO), X, False, "x + 0 = x (false at x = -0)"),
        Property("plus_minus_zero", _ADD(X, MINUS_ZERO), X, True, "x + (-0) = x"),
    ),
    error=ErrorModel(propagated=lambda a, b, ea, eb: ea + eb, latex=r"A_{err} + B_{err}"),
    names=Names(
        numpy="add", onnx="Add", openvino="Add", jax_float="jnp.add", jax_int="jax.lax.add",
        coq_theorems="RoundedAdd"),
    kernels=Kernels(
        real=lambda a, b: Fraction(a) + Fraction(b),
        float_bits=float_add_bits,
        integer=lambda fmt, a, b: kernels.wrap(fmt, a + b),
        fast=lambda fmt, a, b: kernels.fast(np.add, fmt, a, b)),
    integer=IntegerProfile("wrap"),
    theorems=sum_theorems("+", negate_b=True),
)

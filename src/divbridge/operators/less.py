"""Less: C = A < B, element by element, a bool result.  ONNX Less-13 (float16, float, double, bfloat16 and the
eight integer types).  IEEE 754-2019 clause 5.11: compareQuietLess is false where either operand is NaN, and
-0 < +0 is false (the two zeros compare equal); on integers the comparison is signed or unsigned as the type
is (no wrap-around: the result is a truth value, never out of range)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from divbridge import terms
from divbridge.operators.model import (X, Y, Z, Input, IntegerProfile, Kernels, Names, Operation, Operator, Property,
                                       SpecialRule, Theorem, Vocabulary)

INPUTS = (Input("A", "a"), Input("B", "b"))
TRUE = terms.Const(True, "bool")


def _compare(family: str, primitive: terms.Function) -> terms.Function:
    """``less(a, b)``: the family's comparison, a definition of the description's (its result a bool)."""
    a, b = (i.term(family) for i in INPUTS)
    return terms.define("less", (a, b), primitive(a, b))


OPERATION = Operation(float=_compare("float", terms.FP_LT), signed=_compare("int", terms.BV_SLT),
                      unsigned=_compare("int", terms.BV_ULT), real=_compare("real", terms.REAL_LT),
                      exactness="exact", result="bool")
_LESS_F, _LESS_I = OPERATION.float, OPERATION.signed
XI, YI = terms.Var("x", "bv"), terms.Var("y", "bv")


def _float_bits(fmt, a: int, b: int) -> bool:
    """IEEE 754's compareQuietLess on bit patterns, through exact rationals (NaN: false; -0 = +0)."""
    x, y = fmt.decode(a), fmt.decode(b)
    if x.is_nan or y.is_nan:
        return False
    return _ordered(x) < _ordered(y)


def _ordered(v) -> Fraction | float:
    """A non-NaN float as a number that orders as it does: infinities as Python's, zeros as 0."""
    if v.is_inf:
        return float("-inf") if v.sign else float("inf")
    return v.value


def _fast(fmt, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """NumPy's less: IEEE 754's on floats (NaN false, -0 not below +0), the type's order on integers."""
    if a.dtype == object:   # reals as Fractions
        return np.array([x < y for x, y in zip(a.ravel(), b.ravel())], dtype=bool).reshape(a.shape)
    with np.errstate(invalid="ignore"):
        return np.less(a, b)


LESS = Operator(
    name="Less",
    inputs=INPUTS,
    operation=OPERATION,
    vocabulary=Vocabulary(
        verbs=("compares",), result_nouns=("comparison",), roles=("compared value", "value compared with"),
        symbols=(), gerund="comparison", heading=r"\bless\b", infix="<"),
    rules=(
        SpecialRule("nan_left", ("nan", "any"), "false", text="a NaN first operand compares false"),
        SpecialRule("nan_right", ("any", "nan"), "false", text="a NaN second operand compares false"),
        SpecialRule("zeros", ("zero", "zero"), "false", text="no zero is below another: -0 < +0 is false"),
        SpecialRule("minus_inf_below_finite", ("-inf", "finite"), "true", text="-inf is below every finite number"),
        SpecialRule("finite_below_plus_inf", ("finite", "+inf"), "true", text="every finite number is below +inf"),
        SpecialRule("minus_inf_below_plus_inf", ("-inf", "+inf"), "true", text="-inf is below +inf"),
        SpecialRule("plus_inf_below_none", ("+inf", "any"), "false", text="+inf is below nothing"),
        SpecialRule("none_below_minus_inf", ("any", "-inf"), "false", text="nothing is below -inf"),
    ),
    properties=(
        Property("irreflexive", terms.NOT(_LESS_F(X, X)), TRUE, True, "not (x < x)"),
        Property("asymmetric", terms.NOT(terms.AND(_LESS_F(X, Y), _LESS_F(Y, X))), TRUE, True,
                 "not (x < y and y < x)"),
        Property("transitive", _LESS_F(X, Z), TRUE, True, "x < y and y < z -> x < z",
                 given=terms.AND(_LESS_F(X, Y), _LESS_F(Y, Z))),
        Property("total", terms.OR(_LESS_F(X, Y), terms.OR(_LESS_F(Y, X), terms.FP_EQ(X, Y))), TRUE, False,
                 "x < y or y < x or x == y (false where x or y is NaN)"),
        Property("sign_orders", _LESS_F(X, Y), TRUE, False,
                 "x with its sign bit set is below y with it clear (false at -0, +0: the zeros compare equal)",
                 given=terms.AND(terms.IS_NEGATIVE(X), terms.IS_POSITIVE(Y))),
        Property("int_irreflexive", terms.NOT(_LESS_I(XI, XI)), TRUE, True, "not (x < x)",
                 family="int", signed_only=True),
        Property("int_total", terms.OR(_LESS_I(XI, YI), terms.OR(_LESS_I(YI, XI), terms.EQ(XI, YI))), TRUE, True,
                 "x < y or y < x or x = y", family="int",
                 signed_only=True),
        Property("int_below_successor", _LESS_I(XI, terms.BV_ADD(XI, terms.Const(1, "bv"))), TRUE, False,
                 "x < x + 1 (false at the type's largest value: x + 1 wraps around)", family="int",
                 signed_only=True),
    ),
    names=Names(numpy="less", onnx="Less", openvino="Less", jax_float="jnp.less", jax_int="jax.lax.lt",
                coq_theorems="ExactLess"),
    theorems=(Theorem("exact", "exact_comparison", "finite x and y compare as the reals they stand for: x < y "
                      "exactly when B2R x < B2R y (Flocq's Bltb_correct)"),),
    kernels=Kernels(
        real=lambda a, b: Fraction(a) < Fraction(b),
        float_bits=_float_bits,
        integer=lambda fmt, a, b: a < b,
        fast=_fast),
    integer=IntegerProfile("exact"),
    why3_families=frozenset({"float", "int", "shape"}),
)

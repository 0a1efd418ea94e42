"""Abs: Y = |X|, the input without its sign.  IEEE 754-2019 clause 5.5.1: abs(x) copies x with a positive sign,
exactly, NaN included (no exception, no rounding): abs(-0) = +0, abs(-inf) = +inf.  On signed integers the
absolute value of INT_MIN is 2^(n-1), one past the type's largest value: ONNX Runtime and NumPy wrap it around
(abs(INT_MIN) = INT_MIN), and the working group's documents exclude it (X ≠ minint); on unsigned integers Abs is
the identity."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from divbridge import terms
from divbridge.operators import kernels
from divbridge.operators.model import (PLUS_ZERO, X, ErrorModel, Input, IntegerProfile, Kernels, Names, Operation,
                                       Operator, Property, SpecialRule, Theorem, Vocabulary)

INPUTS = (Input("A", "a"),)
_A_FLOAT, _A_INT, _A_REAL = (i.term(family) for i in INPUTS for family in ("float", "int", "real"))
_ZERO_I, _ZERO_R = terms.Const(0, "bv"), terms.Const(Fraction(0), "real")
# its Why3 modules call it ``absolute``: ieee_float's ``abs`` is the primitive it is defined with
OPERATION = Operation(
    float=terms.define("absolute", (_A_FLOAT,), terms.FP_ABS(_A_FLOAT), symbol="abs"),
    signed=terms.define("absolute", (_A_INT,), terms.ITE(terms.BV_SLT(_A_INT, _ZERO_I), terms.BV_NEG(_A_INT), _A_INT),
                        symbol="abs"),
    unsigned=terms.define("absolute", (_A_INT,), _A_INT, symbol="abs"),
    real=terms.define("absolute", (_A_REAL,), terms.ITE(terms.REAL_LT(_A_REAL, _ZERO_R), terms.REAL_NEG(_A_REAL),
                                                        _A_REAL), symbol="abs"),
    exactness="exact")
_ABS_F, _ABS_I = OPERATION.float, OPERATION.signed
XI = terms.Var("x", "bv")
INT_MIN = terms.Const("min", "bv")
TRUE = terms.Const(True, "bool")


ABS = Operator(
    name="Abs",
    inputs=INPUTS,
    operation=OPERATION,
    vocabulary=Vocabulary(
        verbs=("absolutizes",), result_nouns=("absolute value",), roles=("absolute value input",), symbols=(),
        gerund="absolute value computation", heading=r"\babs\b", infix=""),   # |A|: no infix
    rules=(
        SpecialRule("nan", ("nan",), "nan", text="a NaN operand gives NaN"),
        SpecialRule("zero", ("zero",), "zero", "+", text="abs(±0) is +0"),
        SpecialRule("inf", ("inf",), "inf", "+", text="abs(±inf) is +inf"),
        SpecialRule("negative", ("negative",), "-a", text="a number with its sign bit set gives its negation"),
        SpecialRule("positive", ("positive",), "a", text="a number with its sign bit clear gives itself"),
    ),
    properties=(
        Property("idempotent", _ABS_F(_ABS_F(X)), _ABS_F(X), True, "abs(abs(x)) = abs(x)"),
        Property("even", _ABS_F(terms.FP_NEG(X)), _ABS_F(X), True, "abs(-x) = abs(x)"),
        Property("never_negative", terms.NOT(terms.IS_NEGATIVE(_ABS_F(X))), TRUE, True,
                 "abs(x) has no sign: never negative, NaN included"),
        Property("at_least_zero", terms.FP_GEQ(_ABS_F(X), PLUS_ZERO), TRUE, False,
                 "abs(x) >= 0 (false at x = NaN: no comparison with NaN holds)"),
        Property("int_min_wraps", _ABS_I(INT_MIN), INT_MIN, True, "abs(INT_MIN) = INT_MIN (wrap-around)",
                 family="int", signed_only=True),
        Property("int_even", _ABS_I(terms.BV_NEG(XI)), _ABS_I(XI), True, "abs(-x) = abs(x), modulo 2^n",
                 family="int", signed_only=True),
        Property("int_at_least_zero", terms.BV_SLE(_ZERO_I, _ABS_I(XI)), TRUE, False,
                 "abs(x) >= 0 (false at x = INT_MIN: abs(INT_MIN) = INT_MIN)", family="int", signed_only=True),
    ),
    error=ErrorModel(propagated=lambda a, ea: abs(a + ea) - abs(a), latex=r"|A + A_{err}| - |A|"),
    names=Names(numpy="absolute", onnx="Abs", openvino="Abs", jax_float="jnp.absolute", jax_int="jax.lax.abs",
                coq_theorems="ExactAbs"),
    theorems=(Theorem("exact", "exact_result", "a finite x gives a finite |x|, its real value exactly |x|: no "
                      "rounding (Flocq's B2R_Babs)"),),
    kernels=Kernels(
        real=lambda a: abs(Fraction(a)),
        float_bits=lambda fmt, a: a & ~fmt.sign_mask,
        integer=lambda fmt, a: kernels.wrap(fmt, abs(a)),
        fast=kernels.on_sign(np.abs, lambda bits, mask: bits & ~mask)),
    integer=IntegerProfile("wrap"),
    why3_families=frozenset({"float", "int", "shape"}),
)

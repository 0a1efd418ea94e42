"""Relu: Y = max(0, X), the input where it is not below zero, zero where it is.  ONNX Relu-14 says y = max(0, x);
the working group's documents say "if X[i] < 0 then Y[i] = 0; if X[i] >= 0 then Y[i] = X[i]", NaN giving NaN:
so relu(-0) = -0 (-0 is not below zero) and a negative number gives +0.  The runtimes differ at -0: ONNX Runtime
gives -0, NumPy's maximum and onnx.reference +0.  On signed integers the result always fits (no wrap-around)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from divbridge import terms
from divbridge.formats import FloatFormat, IntFormat
from divbridge.operators.model import (PLUS_ZERO, X, Input, IntegerProfile, Kernels, Names, Operation, Operator,
                                       Property, SpecialRule, Vocabulary)

INPUTS = (Input("A", "a"),)
_A_FLOAT, _A_INT, _A_REAL = (i.term(family) for i in INPUTS for family in ("float", "int", "real"))
_ZERO_I, _ZERO_R = terms.Const(0, "bv"), terms.Const(Fraction(0), "real")
# its Why3 modules call it ``rectify``; each family's is a choice over a comparison with zero (no primitive)
OPERATION = Operation(
    float=terms.define("rectify", (_A_FLOAT,), terms.ITE(terms.FP_LT(_A_FLOAT, PLUS_ZERO), PLUS_ZERO, _A_FLOAT)),
    signed=terms.define("rectify", (_A_INT,), terms.ITE(terms.BV_SLT(_A_INT, _ZERO_I), _ZERO_I, _A_INT)),
    real=terms.define("rectify", (_A_REAL,), terms.ITE(terms.REAL_LT(_A_REAL, _ZERO_R), _ZERO_R, _A_REAL)),
    exactness="exact")
_RELU_F, _RELU_I = OPERATION.float, OPERATION.signed
XI = terms.Var("x", "bv")
TRUE = terms.Const(True, "bool")


def _float_bits(fmt: FloatFormat, a: int) -> int:
    """The input but where it is below zero (a negative number or -inf, not -0 and not NaN): +0 there."""
    value = fmt.decode(a)
    return fmt.zero(0) if not value.is_nan and value.sign and not value.is_zero else a


def _fast(fmt, a: np.ndarray) -> np.ndarray:
    """Floats: +0 where the input compares below zero (NaN and -0 kept); integers and reals: max(0, a)."""
    if isinstance(fmt, FloatFormat):
        with np.errstate(invalid="ignore"):
            return np.where(a < 0, np.zeros_like(a), a)
    if isinstance(fmt, IntFormat):
        return np.maximum(a, 0).astype(fmt.dtype)
    return np.array([max(Fraction(0), x) for x in a.ravel()], dtype=object).reshape(a.shape)


RELU = Operator(
    name="Relu",
    inputs=INPUTS,
    operation=OPERATION,
    vocabulary=Vocabulary(
        verbs=("rectifies",), result_nouns=("rectified value",), roles=("rectified input",), symbols=(),
        gerund="rectification", heading=r"\brelu\b", infix=""),   # a call: max(0, X)
    rules=(
        SpecialRule("nan", ("nan",), "nan", text="a NaN operand gives NaN"),
        SpecialRule("minus_zero", ("-0",), "zero", "-", text="relu(-0) is -0: -0 is not below zero"),
        SpecialRule("minus_inf", ("-inf",), "zero", "+", text="relu(-inf) is +0"),
        SpecialRule("positive", ("positive",), "a", text="a number with its sign bit clear gives itself"),
    ),
    properties=(
        Property("idempotent", _RELU_F(_RELU_F(X)), _RELU_F(X), True, "relu(relu(x)) = relu(x)"),
        Property("not_below_zero", terms.NOT(terms.FP_LT(_RELU_F(X), PLUS_ZERO)), TRUE, True,
                 "relu(x) is never below zero"),
        Property("sign_cleared", terms.NOT(terms.IS_NEGATIVE(_RELU_F(X))), TRUE, False,
                 "relu(x) is never negative (false at x = -0: relu(-0) = -0)"),
        Property("int_idempotent", _RELU_I(_RELU_I(XI)), _RELU_I(XI), True, "relu(relu(x)) = relu(x)",
                 family="int", signed_only=True),
        Property("int_not_below_zero", terms.BV_SLE(_ZERO_I, _RELU_I(XI)), TRUE, True, "relu(x) >= 0",
                 family="int", signed_only=True),
    ),
    names=Names(numpy="maximum", onnx="Relu", openvino="Relu", jax_float="jnp.maximum", jax_int="jax.lax.max",
                constant_args=(0,)),   # maximum(x, 0): NumPy's gives +0 at -0, the WG's Relu -0
    kernels=Kernels(
        real=lambda a: max(Fraction(0), Fraction(a)),
        float_bits=_float_bits,
        integer=lambda fmt, a: max(0, a),
        fast=_fast),
    integer=IntegerProfile("exact"),
    why3_families=frozenset({"float", "int", "shape"}),
)

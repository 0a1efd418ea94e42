"""Neg: C = -A, the operand with its sign flipped.  IEEE 754-2019 clause 5.5.1: negate(x) copies x with the
opposite sign, exactly, NaN included (no exception, no rounding); on integers two's complement negation
wraps around at INT_MIN (-INT_MIN = INT_MIN), as ONNX Runtime and NumPy compute it."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from divbridge import terms
from divbridge.operators import kernels
from divbridge.operators.model import (MINUS_ZERO, PLUS_ZERO, X, ErrorModel, Input, IntegerProfile, Kernels, Names,
                                       Operator, Property, SpecialRule, Theorem, Vocabulary, one_primitive)

INPUTS = (Input("A", "a"),)
# its Why3 modules call it ``negate``: ieee_float's ``neg`` is the primitive it is defined with
OPERATION = one_primitive("negate", INPUTS, "exact", float=terms.FP_NEG, signed=terms.BV_NEG, real=terms.REAL_NEG)
_NEG_F, _NEG_I = OPERATION.float, OPERATION.signed
XI = terms.Var("x", "bv")
INT_MIN, ZERO_I = terms.Const("min", "bv"), terms.Const(0, "bv")


NEG = Operator(
    name="Neg",
    inputs=INPUTS,
    operation=OPERATION,
    vocabulary=Vocabulary(
        verbs=("negates",), result_nouns=("negated value",), roles=("negated value",), symbols=(),
        gerund="sign inversion", heading=r"\bneg\b", infix=""),   # a prefix: no infix
    rules=(
        SpecialRule("nan", ("nan",), "nan", text="a NaN operand gives NaN"),
        SpecialRule("plus_zero", ("+0",), "zero", "-", text="-(+0) is -0"),
        SpecialRule("minus_zero", ("-0",), "zero", "+", text="-(-0) is +0"),
        SpecialRule("plus_inf", ("+inf",), "inf", "-", text="-(+inf) is -inf"),
        SpecialRule("minus_inf", ("-inf",), "inf", "+", text="-(-inf) is +inf"),
        SpecialRule("finite", ("finite",), "-a", text="a finite number gives itself with the opposite sign"),
    ),
    properties=(
        Property("involution", _NEG_F(_NEG_F(X)), X, True, "-(-x) = x"),
        Property("times_minus_one", _NEG_F(X), terms.FP_MUL(X, terms.FP_NEG(terms.Const("1"))), True,
                 "-x = x * (-1)"),
        Property("minus_zero_minus", _NEG_F(X), terms.FP_SUB(MINUS_ZERO, X), True, "-x = (-0) - x"),
        Property("zero_minus", _NEG_F(X), terms.FP_SUB(PLUS_ZERO, X), False,
                 "-x = 0 - x (false at x = +0: 0 - (+0) = +0)"),
        Property("int_involution", _NEG_I(_NEG_I(XI)), XI, True, "-(-x) = x, modulo 2^n", family="int"),
        Property("int_min_wraps", _NEG_I(INT_MIN), INT_MIN, True, "-INT_MIN = INT_MIN (wrap-around)", family="int"),
        Property("negative_to_positive", terms.BV_SLT(ZERO_I, _NEG_I(XI)), terms.Const(True, "bool"), False,
                 "x < 0 -> -x > 0 (false at x = INT_MIN: -INT_MIN = INT_MIN)", given=terms.BV_SLT(XI, ZERO_I),
                 family="int"),
    ),
    error=ErrorModel(propagated=lambda a, ea: -ea, latex=r"-A_{err}"),
    names=Names(
        numpy="negative", onnx="Neg", openvino="Negative", jax_float="jnp.negative",
        jax_int="jax.lax.neg", coq_theorems="ExactNeg"),
    theorems=(Theorem("exact", "exact_result", "a finite x gives a finite -x, its real value exactly -x: no rounding "
                      "(Flocq's B2R_Bopp)"),),
    kernels=Kernels(
        real=lambda a: -Fraction(a),
        float_bits=lambda fmt, a: a ^ fmt.sign_mask,
        integer=lambda fmt, a: kernels.wrap(fmt, -a),
        fast=kernels.on_sign(np.negative, np.bitwise_xor)),
    integer=IntegerProfile("wrap"),
    why3_families=frozenset({"float", "int", "shape"}),
    # its documents are read when the reader's grammar reads formulas and examples of its arity (issue 45)
    in_pipeline=True,
)

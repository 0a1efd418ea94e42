"""Div: C = A / B, the quotient.  This package is Div's description: this module the `Operator`, and beside it
the modules of what only Div has: its kernels (`kernels`), its reading (`reading`), its statement library
(`library`), its obligations (`obligations`), its enumeration kernels (`enumeration`), its profiles (`profiles`: SONNX, ONNX, OpenVINO, with
their preconditions and tags), the requirements those tags name (`requirements`) and the SONNX draft's worked
examples (`examples`).  Its special-value rules are IEEE 754's clause 7.2 and 7.3 cases, which "IEEE 754
division" binds in every float format (`obligations.catalog`)."""

from __future__ import annotations

import dataclasses

from divbridge.operators.div.kernels import TRUNCATING
from divbridge.operators.div.library import LIBRARY
from divbridge.operators.div.obligations import OBLIGATIONS
from divbridge.operators.div.profiles import PROFILES
from divbridge.operators.div.reading import WORDING
from divbridge import terms
from divbridge.operators.enumeration import Enumeration
from divbridge.operators.model import (ONE, X, Y, ErrorModel, Evidence, Input, IntegerProfile, Names, Operator,
                                       Property, SpecialRule, Vocabulary, one_primitive)

INPUTS = (Input("A", "a"), Input("B", "b"))
# the quotient: IEEE 754's division in every float format, truncated toward zero on integers (SMT-LIB's
# bvsdiv and bvudiv, defined where B != 0 and not INT_MIN / -1), exact on the reals; its own exact integer
# frame (generators/smtlib/div_int_exact.smt2.j2) writes it with SMT-LIB's Euclidean div
OPERATION = dataclasses.replace(
    one_primitive("div", INPUTS, float=terms.FP_DIV, signed=terms.BV_SDIV, unsigned=terms.BV_UDIV,
                  real=terms.REAL_DIV), also=(terms.INT_DIV,))
_DIV = OPERATION.float

DIV = Operator(
    name="Div",
    inputs=INPUTS,
    operation=OPERATION,
    vocabulary=Vocabulary(
        verbs=("divides", "divided by", "divide"), result_nouns=("quotient",), roles=("numerator", "denominator"),
        symbols=("/", r"\frac{}{}", r"\div"), gerund="division", heading=r"\bdiv(?:ide)?\b", infix="/",
        joins=("over",)),
    rules=(
        SpecialRule("nan_numerator", ("nan", "any"), "nan", text="a NaN numerator gives NaN"),
        SpecialRule("nan_denominator", ("any", "nan"), "nan", text="a NaN denominator gives NaN"),
        SpecialRule("zero_div_zero", ("zero", "zero"), "nan", text="zero over zero is NaN"),
        SpecialRule("inf_div_inf", ("inf", "inf"), "nan", text="infinity over infinity is NaN"),
        SpecialRule("finite_div_zero_sign", ("finite_nonzero", "zero"), "inf", "xor",
                    text="a finite non-zero number over zero is an infinity, with the exclusive or of the signs"),
        SpecialRule("inf_div_finite_sign", ("inf", "finite"), "inf", "xor",
                    text="infinity over a finite number is an infinity, with the exclusive or of the signs"),
        SpecialRule("finite_div_inf_sign", ("finite", "inf"), "zero", "xor",
                    text="a finite number over infinity is a zero, with the exclusive or of the signs"),
        SpecialRule("zero_div_nonzero_sign", ("zero", "finite_nonzero"), "zero", "xor",
                    text="zero over a finite non-zero number is a zero, with the exclusive or of the signs"),
    ),
    properties=(
        Property("div_by_one", _DIV(X, ONE), X, True, "x / 1 = x"),
        Property("neg_numerator", _DIV(terms.FP_NEG(X), Y), terms.FP_NEG(_DIV(X, Y)), True, "(-x) / y = -(x / y)"),
        Property("neg_denominator", _DIV(X, terms.FP_NEG(Y)), terms.FP_NEG(_DIV(X, Y)), True, "x / (-y) = -(x / y)"),
        Property("self_div", _DIV(X, X), ONE, False, "x / x = 1 (false at x = 0 and x = inf: NaN)"),
        Property("times_inverse", _DIV(X, Y), terms.FP_MUL(X, _DIV(ONE, Y)), False, "x / y = x * (1 / y)"),
    ),
    error=ErrorModel(propagated=lambda a, b, ea, eb: (ea * b - a * eb) / (b * (b + eb)),
                     latex=r"\frac{A_{err} \times B - A \times B_{err}}{B \times (B + B_{err})}",
                     domain=lambda a, b, ea, eb: b != 0 and b + eb != 0),
    names=Names(
        numpy="divide", numpy_int="floor_divide", onnx="Div", openvino="Divide",
        jax_float="jnp.divide", jax_int="jax.lax.div", openvino_attributes=(("m_pythondiv", True),)),
    kernels=TRUNCATING,
    integer=IntegerProfile("truncate", preconditions=("B != 0", "not (A = INT_MIN and B = -1)")),
    real_preconditions=("B != 0",),
    wording=WORDING,
    library=LIBRARY,
    obligations=OBLIGATIONS,
    enumeration=Enumeration("divbridge.operators.div.enumeration"),
    profiles=PROFILES,
    # its evidence predates the registry: proofs/ itself, ids without a prefix, obligations naming no operator
    evidence=Evidence(directory="proofs", id_prefix="", named=False),
    why3_families=frozenset({"float", "int", "real", "shape", "spec"}),
)

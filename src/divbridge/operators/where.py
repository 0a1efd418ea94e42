"""Where: C = X where the condition holds, else Y, element by element: a selection, exact in every type (no
rounding, NaN and the sign of zero carried as they are).  ONNX Where-16; its condition is a bool tensor."""

from __future__ import annotations

import numpy as np

from divbridge import terms
from divbridge.operators.model import (X, Y, Input, IntegerProfile, Kernels, Names, Operation, Operator, Property,
                                       SpecialRule, Vocabulary)

INPUTS = (Input("condition", "cond", type="bool"), Input("X", "x"), Input("Y", "y"))


def _selection(family: str) -> terms.Function:
    """``where(c, x, y) = if c then x else y``: no prover's primitive, a definition of the description's."""
    c, x, y = (i.term(family) for i in INPUTS)
    return terms.define("where", (c, x, y), terms.ITE(c, x, y))


OPERATION = Operation(float=_selection("float"), signed=_selection("int"), real=_selection("real"),
                      exactness="exact")
_WHERE_F, _WHERE_I = OPERATION.float, OPERATION.signed
C = terms.Var("cond", "bool")
XI, YI = terms.Var("x", "bv"), terms.Var("y", "bv")

WHERE = Operator(
    name="Where",
    inputs=INPUTS,
    operation=OPERATION,
    vocabulary=Vocabulary(
        verbs=("selects", "selected"), result_nouns=("selected element",),
        roles=("selection condition", "first choice", "second choice"), symbols=(), gerund="selection",
        heading=r"^\W*where\b", infix=""),   # a heading that opens with the name: "Cases where ..." names no Where
    rules=(
        SpecialRule("true_selects_x", ("true", "any", "any"), "x", text="where the condition holds, C is X"),
        SpecialRule("false_selects_y", ("false", "any", "any"), "y", text="where it does not, C is Y"),
        SpecialRule("nan_selected", ("true", "nan", "any"), "nan", text="a NaN selected is NaN"),
        SpecialRule("minus_zero_selected", ("false", "any", "-0"), "zero", "-",
                    text="a -0 selected keeps its sign"),
    ),
    properties=(
        Property("same_choices", _WHERE_F(C, X, X), X, True, "where(cond, x, x) = x"),
        Property("negated_condition", _WHERE_F(C, X, Y), _WHERE_F(terms.NOT(C), Y, X), True,
                 "where(cond, x, y) = where(not cond, y, x)"),
        Property("always_first", _WHERE_F(C, X, Y), X, False,
                 "where(cond, x, y) = x (false where cond does not hold)"),
        Property("int_selects_first", _WHERE_I(C, XI, YI), XI, True, "cond -> where(cond, x, y) = x", given=C,
                 family="int"),
        Property("int_always_second", _WHERE_I(C, XI, YI), YI, False,
                 "where(cond, x, y) = y (false where cond holds and x != y)", family="int"),
    ),
    names=Names(
        numpy="where", onnx="Where", openvino="Select", jax_float="jnp.where", jax_int="jax.lax.select"),
    kernels=Kernels(
        real=lambda c, x, y: x if c else y,
        float_bits=lambda fmt, c, x, y: x if c else y,
        integer=lambda fmt, c, x, y: x if c else y,
        fast=lambda fmt, c, x, y: np.where(c, x, y)),
    integer=IntegerProfile("exact"),
    why3_families=frozenset({"float", "int", "shape"}),
    in_pipeline=True,
)

"""Clip: Y = X brought into [min, max], element by element (ONNX Clip-13): Y = min(max(X, min), max), a selection
of one of its three inputs, exact in every type (no rounding; a -0 selected stays -0).

ONNX's min and max are optional inputs: an absent bound is the type's lowest / highest value.  The description
takes all three inputs, so an absent bound is given as one: -inf and +inf for floats (X is then Y, +inf kept, as
onnx.reference and NumPy do; ONNX Runtime's default bounds are FLT_MAX, which clips +inf), the type's bounds for
integers.  ONNX's bounds are scalars; the description takes them element by element, which covers that case.

Where the working group's latest clip.md and onnx.reference disagree (docs/wg-select.md, "Clip"), the
description follows onnx.reference, i.e. NumPy's ``clip``:

- a NaN in any input gives NaN: X (no comparison holds), min or max (the WG's text ignores a NaN bound, as ONNX
  Runtime does; onnx.reference, NumPy and ONNX's own "equivalent to Min(max, Max(input, min))" propagate it);
- min > max gives max everywhere (the WG and every runtime agree);
- X equal to a bound (two zeros of either sign) gives the bound: max(X, min) is X only where min < X, and
  min(that, max) is it only where it is < max.  So X = -0, min = +0 gives +0.  This is NumPy's ``clip`` on FP32
  and FP64 arrays (and onnx.reference's, which calls it); NumPy's FP16 arrays and its scalar bounds give X there
  instead, so a conformance run in FP16 reports the sign of such zeros as mismatches.

ONNX's bounds are scalars (``Input.scalar``): ONNX Runtime, which holds them to that, is run once per pair of
bounds.  Its document is proofs/spec/clip.md, its evidence proofs/clip/ (docs/wg-clip.md)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from divbridge import terms
from divbridge.formats import FloatFormat
from divbridge.operators.less import LESS
from divbridge.operators.model import (Input, IntegerProfile, Kernels, Names, Operation, Operator, Property,
                                       SpecialRule, Vocabulary)

INPUTS = (Input("X", "x"), Input("min", "lo", scalar=True), Input("max", "hi", scalar=True))


def _clip(family: str, less) -> terms.Function:
    """``clip(x, lo, hi)``: m = x where lo < x, else lo; then m where m < hi, else hi; a NaN X or min carried
    (a NaN max falls out of the comparison: m < NaN is false, so Y is max)."""
    x, lo, hi = (i.term(family) for i in INPUTS)
    m = terms.ITE(less(lo, x), x, lo)
    body = terms.ITE(less(m, hi), m, hi)
    if family == "float":
        body = terms.ITE(terms.IS_NAN(x), x, terms.ITE(terms.IS_NAN(lo), lo, body))
    return terms.define("clip", (x, lo, hi), body)


OPERATION = Operation(float=_clip("float", terms.FP_LT), signed=_clip("int", terms.BV_SLT),
                      unsigned=_clip("int", terms.BV_ULT), real=_clip("real", terms.REAL_LT), exactness="exact")
_CLIP_F, _CLIP_I = OPERATION.float, OPERATION.signed
XF, LO, HI = (terms.Var(n) for n in ("x", "lo", "hi"))
XI, LOI, HII = (terms.Var(n, "bv") for n in ("x", "lo", "hi"))
TRUE = terms.Const(True, "bool")
_below = LESS.kernels.float_bits   # IEEE 754's compareQuietLess on bit patterns


def _float_bits(fmt: FloatFormat, x: int, lo: int, hi: int) -> int:
    if fmt.decode(x).is_nan or fmt.decode(lo).is_nan:
        return x if fmt.decode(x).is_nan else lo
    m = x if _below(fmt, lo, x) else lo
    return m if _below(fmt, m, hi) else hi


def _fast(fmt, x: np.ndarray, lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
    """The description's clip over arrays, spelled out rather than NumPy's ``clip``, whose choice between two
    equal zeros depends on the dtype and the shapes."""
    with np.errstate(invalid="ignore"):
        m = np.where(lo < x, x, lo)
        y = np.where(m < hi, m, hi)
        if isinstance(fmt, FloatFormat):
            y = np.where(np.isnan(x), x, np.where(np.isnan(lo), lo, y))
    return y.astype(x.dtype)


CLIP = Operator(
    name="Clip",
    inputs=INPUTS,
    operation=OPERATION,
    vocabulary=Vocabulary(
        verbs=("clips", "clipped"), result_nouns=("clipped value",), roles=("clipped", "lower bound", "upper bound"),
        symbols=(), gerund="clipping", heading=r"\bclip\b", infix=""),
    rules=(
        SpecialRule("nan_x", ("nan", "any", "any"), "nan", text="a NaN X gives NaN"),
        SpecialRule("nan_min", ("any", "nan", "any"), "nan", text="a NaN min gives NaN (onnx.reference, NumPy)"),
        SpecialRule("nan_max", ("any", "any", "nan"), "nan", text="a NaN max gives NaN (onnx.reference, NumPy)"),
        # bounds that leave no room (max -inf, min +inf): Y is max, whatever X (not NaN)
        *(SpecialRule(f"max_minus_inf_{cx}_{c}", (cx, c, "-inf"), "hi", text="max = -inf gives max")
          for cx in ("finite", "inf") for c in ("finite", "inf")),
        *(SpecialRule(f"min_plus_inf_{cx}_{c}", (cx, "+inf", c), "hi", text="min = +inf (above max) gives max")
          for cx in ("finite", "inf") for c in ("finite", "inf")),
        # absent bounds (-inf, +inf): Y is X, an infinity kept (not clipped to the largest finite)
        *(SpecialRule(f"no_bounds_{cx}", (cx, "-inf", "+inf"), "x", text="with the bounds absent, Y is X")
          for cx in ("finite", "inf")),
        *(SpecialRule(f"plus_inf_{c}_min", ("+inf", c, "any"), "hi", text="X = +inf gives max")
          for c in ("finite", "inf")),
        SpecialRule("zero_below_zero_max", ("zero", "-inf", "zero"), "hi", text="X zero, max zero: max (its sign)"),
        SpecialRule("minus_inf_below_zero_max", ("-inf", "-inf", "zero"), "x", text="X = min = -inf gives X"),
        # min a zero: X zero or -inf gives min, then max where max is a zero too (the bound of two equal ones)
        *(SpecialRule(f"{name}_zero_min_{hi_name}", (cx, "zero", c), var, text=f"X {name}, min zero: {var}")
          for cx, name in (("zero", "zero"), ("-inf", "minus_inf"))
          for c, hi_name, var in (("+inf", "plus_inf_max", "lo"), ("zero", "zero_max", "hi"))),
    ),
    properties=(
        Property("inside", _CLIP_F(XF, LO, HI), XF, True, "min < x < max -> clip(x, min, max) = x",
                 given=terms.AND(terms.FP_LT(LO, XF), terms.FP_LT(XF, HI))),
        Property("inside_with_ties", _CLIP_F(XF, LO, HI), XF, False,
                 "min <= x <= max -> clip(x, min, max) = x (false at x = -0, min = +0: the bound, +0, is the result)",
                 given=terms.AND(terms.FP_LEQ(LO, XF), terms.FP_LEQ(XF, HI))),
        Property("not_below_min", terms.NOT(terms.FP_LT(_CLIP_F(XF, LO, HI), LO)), TRUE, True,
                 "min <= max -> clip(x, min, max) is not below min", given=terms.FP_LEQ(LO, HI)),
        Property("always_above_min", terms.NOT(terms.FP_LT(_CLIP_F(XF, LO, HI), LO)), TRUE, False,
                 "clip(x, min, max) is not below min (false where max < min: the result is max)"),
        Property("int_inside", _CLIP_I(XI, LOI, HII), XI, True, "min <= x <= max -> clip(x, min, max) = x",
                 given=terms.AND(terms.BV_SLE(LOI, XI), terms.BV_SLE(XI, HII)), family="int", signed_only=True),
        Property("int_always_above_min", terms.NOT(terms.BV_SLT(_CLIP_I(XI, LOI, HII), LOI)), TRUE, False,
                 "min <= clip(x, min, max) (false where max < min)", family="int", signed_only=True),
    ),
    # OpenVINO's Clamp takes its bounds as attributes, not as inputs: no peer takes them element by element
    names=Names(numpy="clip", onnx="Clip", openvino="", jax_float="jnp.clip", jax_int="jnp.clip"),
    kernels=Kernels(
        real=lambda x, lo, hi: min(max(Fraction(x), Fraction(lo)), Fraction(hi)),
        float_bits=_float_bits,
        integer=lambda fmt, x, lo, hi: min(max(x, lo), hi),
        fast=_fast),
    integer=IntegerProfile("exact"),
    why3_families=frozenset({"float", "int", "shape"}),
    in_pipeline=True,
)

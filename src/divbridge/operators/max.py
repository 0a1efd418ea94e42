"""Max: C = the larger of A and B, element by element (ONNX Max-13, variadic: Max(X0, ..., XL); the statements
take two inputs, and the maximum of more is the two-input one folded left, which its properties (commutative,
associative) make independent of the order).  Exact in every type: no rounding.

Floats, as the working group's document orders them ("Inf > any positive number > 0 > -0 > any negative number >
-Inf", "NaN is an absorbing element"): a NaN input gives NaN and max(-0, +0) = max(+0, -0) = +0.  This is no
prover's primitive: SMT-LIB's ``fp.max`` returns the other operand for a NaN and leaves max(-0, +0) to the
solver, Why3's ``max`` likewise; the operation is defined here once, over IEEE 754's comparisons and classes, and
every backend prints that definition.  NumPy's ``maximum`` and onnx.reference propagate NaN; ONNX Runtime gives
its first operand for two zeros (the working group notes it: Max(0, -0) = 0, Max(-0, 0) = -0)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from divbridge import terms
from divbridge.formats import FloatFormat, IntFormat
from divbridge.operators.model import (X, Y, Z, Input, IntegerProfile, Kernels, Names, Operation, Operator, Property,
                                       SpecialRule, Vocabulary)

# ONNX's inputs are data_0 ... data_L, one or more of one type: the statements take two
INPUTS = (Input("A", "a", variadic=True), Input("B", "b", variadic=True))
_A_F, _B_F = (i.term("float") for i in INPUTS)
_A_I, _B_I = (i.term("int") for i in INPUTS)
_A_R, _B_R = (i.term("real") for i in INPUTS)


def _float_max() -> terms.Function:
    """NaN from either input; the larger by IEEE 754's comparison; of two equal numbers (two zeros), A unless A is
    -0: so +0 whenever either zero is +0."""
    larger = terms.ITE(terms.FP_LT(_A_F, _B_F), _B_F,
                       terms.ITE(terms.FP_LT(_B_F, _A_F), _A_F, terms.ITE(terms.IS_NEGATIVE(_A_F), _B_F, _A_F)))
    return terms.define("larger_of", (_A_F, _B_F),
                        terms.ITE(terms.IS_NAN(_A_F), _A_F, terms.ITE(terms.IS_NAN(_B_F), _B_F, larger)))


OPERATION = Operation(
    float=_float_max(),
    signed=terms.define("larger_of", (_A_I, _B_I), terms.ITE(terms.BV_SLT(_A_I, _B_I), _B_I, _A_I)),
    unsigned=terms.define("larger_of", (_A_I, _B_I), terms.ITE(terms.BV_ULT(_A_I, _B_I), _B_I, _A_I)),
    real=terms.define("larger_of", (_A_R, _B_R), terms.ITE(terms.REAL_LT(_A_R, _B_R), _B_R, _A_R)),
    exactness="exact")
_MAX_F, _MAX_I = OPERATION.float, OPERATION.signed
XI, YI, ZI = (terms.Var(name, "bv") for name in "xyz")
TRUE = terms.Const(True, "bool")


def _float_bits(fmt: FloatFormat, a: int, b: int) -> int:
    x, y = fmt.decode(a), fmt.decode(b)
    if x.is_nan or y.is_nan:
        return a if x.is_nan else b
    if x.is_zero and y.is_zero:
        return b if x.sign else a
    return b if _ordered(y) > _ordered(x) else a


def _ordered(v) -> Fraction | float:
    """A float's place in IEEE 754's order (not NaN): its value, an infinity as Python's."""
    return (float("-inf") if v.sign else float("inf")) if v.is_inf else v.value


def _fast(fmt, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """NumPy's maximum (NaN propagated), +0 where both inputs are zeros and one is +0."""
    with np.errstate(invalid="ignore"):
        larger = np.maximum(a, b)
        if isinstance(fmt, FloatFormat):
            both_zero = (a == 0) & (b == 0)
            return np.where(both_zero, np.where(np.signbit(a), b, a), larger).astype(a.dtype)
    if isinstance(fmt, IntFormat):
        return larger.astype(fmt.dtype)
    return larger


MAX = Operator(
    name="Max",
    inputs=INPUTS,
    operation=OPERATION,
    vocabulary=Vocabulary(
        verbs=("maximizes",), result_nouns=("maximum",), roles=("first maximand", "second maximand"),
        symbols=(), gerund="maximum selection", heading=r"\bmax\b", infix=""),   # a call: max(A, B)
    rules=(
        SpecialRule("nan_a", ("nan", "any"), "nan", text="a NaN input gives NaN (NaN is absorbing)"),
        SpecialRule("nan_b", ("any", "nan"), "nan", text="a NaN input gives NaN (NaN is absorbing)"),
        SpecialRule("plus_zero_a", ("+0", "zero"), "zero", "+", text="max(+0, +-0) = +0"),
        SpecialRule("plus_zero_b", ("zero", "+0"), "zero", "+", text="max(+-0, +0) = +0"),
        SpecialRule("minus_zeros", ("-0", "-0"), "zero", "-", text="max(-0, -0) = -0"),
        # an infinity beside a number of either sign (not NaN): +inf is the maximum, -inf never is
        *(SpecialRule(f"plus_inf_{v}_{sign}", classes, v, text=f"+inf beside a {sign} number is the maximum")
          for sign in ("positive", "negative")
          for v, classes in (("a", ("+inf", sign)), ("b", (sign, "+inf")))),
        *(SpecialRule(f"minus_inf_{v}_{sign}", classes, v, text=f"-inf beside a {sign} number is not the maximum")
          for sign in ("positive", "negative")
          for v, classes in (("b", ("-inf", sign)), ("a", (sign, "-inf")))),
    ),
    properties=(
        Property("commutative", _MAX_F(X, Y), _MAX_F(Y, X), True, "max(x, y) = max(y, x)"),
        Property("associative", _MAX_F(_MAX_F(X, Y), Z), _MAX_F(X, _MAX_F(Y, Z)), True,
                 "max(max(x, y), z) = max(x, max(y, z)): the variadic Max folds in any order"),
        Property("idempotent", _MAX_F(X, X), X, True, "max(x, x) = x"),
        Property("not_below_first", terms.NOT(terms.FP_LT(_MAX_F(X, Y), X)), TRUE, True, "max(x, y) is not below x"),
        Property("first_of_equals", _MAX_F(X, Y), X, False,
                 "max(x, y) = x where x == y (false at x = -0, y = +0: the maximum is +0)",
                 given=terms.FP_EQ(X, Y)),
        Property("int_commutative", _MAX_I(XI, YI), _MAX_I(YI, XI), True, "max(x, y) = max(y, x)",
                 family="int", signed_only=True),
        Property("int_associative", _MAX_I(_MAX_I(XI, YI), ZI), _MAX_I(XI, _MAX_I(YI, ZI)), True,
                 "max(max(x, y), z) = max(x, max(y, z))", family="int", signed_only=True),
        Property("int_not_below_first", terms.BV_SLE(XI, _MAX_I(XI, YI)), TRUE, True, "x <= max(x, y)",
                 family="int", signed_only=True),
    ),
    names=Names(numpy="maximum", onnx="Max", openvino="Maximum", jax_float="jnp.maximum", jax_int="jax.lax.max"),
    kernels=Kernels(
        real=lambda a, b: max(Fraction(a), Fraction(b)),
        float_bits=_float_bits,
        integer=lambda fmt, a, b: max(a, b),
        fast=_fast),
    integer=IntegerProfile("exact"),
    why3_families=frozenset({"float", "int", "shape"}),
)

"""The term trees (`divbridge.terms`) and their printers: each backend writes a tree its own way, a function a
description defines is defined once and called, and the SMT-LIB printer and the mirror's (NumPy) agree on
what a term is, point by point, as Z3 computes it."""

from __future__ import annotations

import numpy as np
import pytest
import z3

from divbridge.formats import FP16, INT_FORMATS
from divbridge.terms import (BV_NEG, BV_SDIV, BV_SLT, EQ, FP_ABS, FP_ADD, FP_DIV, FP_MUL, FP_NEG, FP_ROUND_TO_INTEGRAL,
                             FP_SQRT, FP_SUB, FP_LT, IS_NAN, IS_NEGATIVE, IS_ZERO, ITE, NOT, OR, REAL_DIV, Const,
                             Var, define, definitions)
from divbridge.terms import coq, gappa, smtlib, text, why3
from divbridge.terms import numpy as mirror

A, B = Var("a"), Var("b")
C = Var("c", "bool")
INT8 = next(f for f in INT_FORMATS if f.name == "int8")
# a primitive wrapped in an operator's name (as `operators.model.one_primitive` does), and a definition that is
# no prover's primitive: ONNX's Max of two (NaN propagated, max(-0, +0) = +0)
QUOTIENT = define("quotient", (A, B), FP_DIV(A, B), symbol="/")
MAX = define("onnx_max", (A, B), ITE(OR(IS_NAN(A), IS_NAN(B)), Const("nan"),
                                     ITE(FP_LT(A, B), B, ITE(FP_LT(B, A), A, ITE(IS_NEGATIVE(A), B, A)))))
SELECT = define("select", (C, A, B), ITE(C, A, B))


def test_each_backend_prints_a_term_its_own_way():
    term = FP_NEG(QUOTIENT(A, FP_ADD(A, B)))
    assert smtlib.term(term, FP16) == "(fp.neg (fp.div RNE a (fp.add RNE a b)))"      # the wrapper in place
    assert why3.term(term) == "neg (quotient a (a .+ b))"                             # called by its name
    assert text.term(term) == "-(a / (a + b))"
    assert coq.term(QUOTIENT(A, B)) == "Bdiv mode_NE a b" and coq.head(QUOTIENT) == "Bdiv"
    assert why3.term(FP_DIV(A, B, mode="RTZ"), infix=False) == "div RTZ a b"
    assert smtlib.term(FP_ROUND_TO_INTEGRAL(FP_SQRT(A), mode="RTN"), FP16) == \
        "(fp.roundToIntegral RTN (fp.sqrt RNE a))"
    assert why3.term(FP_ABS(FP_SUB(A, B))) == "abs (a .- b)" and text.term(FP_ABS(A)) == "abs(a)"
    assert smtlib.term(Const("-0"), FP16) == "(_ -zero 5 11)" and why3.term(Const("-0")) == "(neg (0.0:t))"
    assert gappa.term(REAL_DIV(Var("a", "real"), Var("b", "real"))) == "a / b"
    i = Var("x", "bv")
    assert smtlib.term(BV_SLT(Const("min", "bv"), BV_NEG(i)), INT8) == "(bvslt (_ bv128 8) (bvneg x))"
    assert why3.term(BV_SDIV(i, Const(-1, "bv")), INT8) == "sdiv x (of_int 255)"


def test_a_defined_function_is_defined_once_and_called():
    term = EQ(MAX(A, MAX(A, B)), SELECT(C, QUOTIENT(A, B), B))
    found = definitions(term)
    assert [f.name for f in found] == ["onnx_max", "quotient", "select"]
    written = smtlib.definitions(term, fmt=FP16)          # the wrapper is written in place: no define-fun
    assert [line.split()[1] for line in written] == ["onnx_max", "select"]
    assert written[1] == ("(define-fun select ((c Bool) (a (_ FloatingPoint 5 11)) (b (_ FloatingPoint 5 11))) "
                          "(_ FloatingPoint 5 11) (ite c a b))")
    assert smtlib.term(term, FP16) == "(= (onnx_max a (onnx_max a b)) (select c (fp.div RNE a b) b))"
    assert why3.definition(SELECT) == "function select (c: bool) (a b: t) : t = if c then a else b"
    assert smtlib.operations(MAX) == {"onnx_max"} and smtlib.operations(QUOTIENT) == {"fp.div"}


def test_a_term_of_the_wrong_arity_or_sort_is_refused():
    with pytest.raises(TypeError, match="takes 2 arguments"):
        FP_DIV(A)
    with pytest.raises(TypeError, match="sort bool"):
        FP_ADD(A, C)
    with pytest.raises(TypeError, match="sort float where bool"):
        ITE(A, A, B)
    with pytest.raises(ValueError, match="not among its parameters"):
        define("f", (A,), FP_ADD(A, B))


def _z3_bits(term, env: dict[str, int]) -> int | None:
    """What Z3 computes for the SMT-LIB term at the point (operands' bit patterns): the result's bit pattern
    (None: NaN, whose bits SMT-LIB does not fix)."""
    sort = "(_ FloatingPoint 5 11)"
    lines = [f"(declare-const {n}_bits (_ BitVec 16))\n(define-fun {n} () {sort} ((_ to_fp 5 11) {n}_bits))\n"
             f"(assert (= {n}_bits #x{v:04x}))" for n, v in env.items()]
    lines += smtlib.definitions(term, fmt=FP16)
    lines += [f"(declare-const r {sort})", f"(assert (= r {smtlib.term(term, FP16)}))",
              "(declare-const r_bits (_ BitVec 16))", "(assert (or (fp.isNaN r) (= ((_ to_fp 5 11) r_bits) r)))"]
    solver = z3.Solver()
    solver.add(z3.parse_smt2_string("\n".join(lines)))
    assert solver.check() == z3.sat
    model = solver.model()
    if z3.is_true(model.eval(z3.fpIsNaN(z3.FP("r", z3.FPSort(5, 11))), model_completion=True)):
        return None
    return model.eval(z3.BitVec("r_bits", 16), model_completion=True).as_long()


@pytest.mark.parametrize("term", [
    FP_ADD(A, B), FP_SUB(A, B), FP_MUL(A, B), QUOTIENT(A, B), FP_SQRT(A), FP_NEG(A), FP_ABS(B), MAX(A, B),
    FP_ROUND_TO_INTEGRAL(QUOTIENT(A, B), mode="RTZ"), ITE(IS_ZERO(A), FP_NEG(B), FP_MUL(A, A)),
], ids=lambda t: text.term(t))
def test_the_smtlib_and_numpy_printers_agree_with_z3(term):
    """On the special values of FP16 and random patterns (NaN as a class): the SMT-LIB text Z3 reads and the
    mirror's NumPy evaluation are one function."""
    rng = np.random.default_rng(11)
    specials = [FP16.zero(0), FP16.zero(1), FP16.inf(0), FP16.inf(1), FP16.nan, FP16.parse("1"), FP16.parse("-2.5"),
                FP16.parse("0x1p-24")]
    a = np.array(specials * len(specials) + list(rng.integers(0, 1 << 16, 24)), dtype=np.uint16)
    b = np.array([y for y in specials for _ in specials] + list(rng.integers(0, 1 << 16, 24)), dtype=np.uint16)
    got = mirror.evaluate(term, {"a": a.view(np.float16), "b": b.view(np.float16)}, FP16).view(np.uint16)
    for x, y, g in zip(a.tolist(), b.tolist(), got.tolist()):
        want = _z3_bits(term, {"a": x, "b": y})
        assert (FP16.decode(g).is_nan if want is None else g == want), (x, y, g, want)


def test_onnx_max_as_defined_propagates_nan_and_gives_plus_zero():
    a = np.array([FP16.zero(1), FP16.zero(0), FP16.nan, FP16.parse("1")], dtype=np.uint16).view(np.float16)
    b = np.array([FP16.zero(0), FP16.zero(1), FP16.parse("1"), FP16.nan], dtype=np.uint16).view(np.float16)
    got = mirror.evaluate(MAX(A, B), {"a": a, "b": b}, FP16).view(np.uint16).tolist()
    assert got[:2] == [FP16.zero(0), FP16.zero(0)] and all(FP16.decode(g).is_nan for g in got[2:])
    mask = mirror.evaluate(NOT(IS_NAN(MAX(A, B))), {"a": a, "b": b}, FP16)
    assert mask.tolist() == [True, True, False, False]

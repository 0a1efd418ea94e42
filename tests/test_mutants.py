"""The mutation suite: a semantic change to the document or to the mirror makes an obligation of the same
requirement fail.

A document mutant is a copy of proofs/spec/div.md (or of an accuracy note) with one statement changed;
the obligations it changes that trace to the mutated requirement are proved (SMT solvers, no Why3: a
filtered `divbridge prove`), and one of them must get a definite verdict other than the one it expects.
A mirror mutant replaces the executable reference's division by a wrong one (another rounding, another
sign, lost special values...); the cross-check of the committed document's obligations of the mutated
requirement must then find a failing vector.  A mutant that nothing kills means the obligations do not
pin their requirement.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from divbridge import cli, mirror, statements
from divbridge.crosscheck import predicates, vectors
from divbridge.formats import FloatFormat, IntFormat, get_format
from divbridge.obligations import DEFAULT_DOCUMENT
from divbridge.obligations.catalog import spec_obligations
from divbridge.operators.div.profiles import PROFILES

DIV = DEFAULT_DOCUMENT
NOTE = Path("tests/corpus_acc/reworded_fixed.md")
FLOAT = "E_DIV_FLOAT_DEF_0010"
INT = "E_DIV_INT_DEF_0010"
REAL = "E_DIV_REAL_DEF_0010"
TABLE_OTHERWISE = "\\frac{A[i]}{B[i]} & \\text{otherwise}"
FLOAT_EXAMPLE = "C = \\begin{bmatrix} 0.75 & -\\infty & -0 & -\\infty & \\text{nan} \\end{bmatrix}"
INT_EXAMPLE = ("A = \\begin{bmatrix} 7 & 9 & 0 & 100 & 127 \\end{bmatrix}",
               "C = \\begin{bmatrix} 3 & 2 & 0 & 14 & 127 \\end{bmatrix}")

# name: (document, [(text, its replacement)], the requirement an obligation of which must fail)
DOCUMENT_MUTANTS = {
    "float rounding RNE -> RTZ": (DIV, [("rounded to nearest, ties to even.", "rounded toward zero.")], FLOAT),
    "float rounding RNE -> RTP": (DIV, [("rounded to nearest, ties to even.", "rounded up.")], FLOAT),
    "float rounding RNE -> RTN": (DIV, [("rounded to nearest, ties to even.", "rounded down.")], FLOAT),
    "a ceil row": (DIV, [(TABLE_OTHERWISE, "\\lceil \\frac{A[i]}{B[i]} \\rceil & \\text{otherwise}")], FLOAT),
    "a floor row": (DIV, [(TABLE_OTHERWISE, "\\lfloor \\frac{A[i]}{B[i]} \\rfloor & \\text{otherwise}")], FLOAT),
    "a truncated row": (DIV, [(TABLE_OTHERWISE, "\\operatorname{trunc}(\\frac{A[i]}{B[i]}) & \\text{otherwise}")],
                        FLOAT),
    "a negated row": (DIV, [(TABLE_OTHERWISE, "-\\frac{A[i]}{B[i]} & \\text{otherwise}")], FLOAT),
    "x / 0: sign xor -> sign of A": (DIV, [("over a zero is an infinity carrying the product of the signs",
                                           "over a zero is an infinity carrying the sign of the numerator")],
                                     "E_DIV_FLOAT_DEF_0040"),
    "inf / x: sign xor -> sign of B": (DIV, [(
        "An infinity over a finite number (zero included) is an infinity carrying the product of the signs",
        "An infinity over a finite number (zero included) is an infinity carrying the sign of the denominator")],
        "E_DIV_FLOAT_DEF_0050"),
    "x / inf: sign xor -> sign of A": (DIV, [("over an infinity is a zero carrying the product of the signs",
                                             "over an infinity is a zero carrying the sign of the numerator")],
                                       "E_DIV_FLOAT_DEF_0060"),
    "0 / x: sign xor -> sign of B": (DIV, [("A zero over a finite non-zero number is a zero carrying the product of "
                                           "the signs", "A zero over a finite non-zero number is a zero carrying the "
                                           "sign of the denominator")], "E_DIV_FLOAT_DEF_0070"),
    "table 0 / 0 is 0": (DIV, [("\\text{nan} & \\text{if } A[i] = 0 \\text{ and } B[i] = 0",
                                "0 & \\text{if } A[i] = 0 \\text{ and } B[i] = 0")], FLOAT),
    "table inf / inf is inf": (DIV, [("\\text{nan} & \\text{if } A[i] \\text{ is infinite and } B[i] \\text{ is "
                                      "infinite}", "\\infty & \\text{if } A[i] \\text{ is infinite and } B[i] "
                                      "\\text{ is infinite}")], FLOAT),
    "table x / 0 row: sign of A": (DIV, [(
        "\\operatorname{sign}(A[i]) \\cdot \\operatorname{sign}(B[i]) \\cdot \\infty & \\text{if } A[i] \\neq 0",
        "\\operatorname{sign}(A[i]) \\cdot \\infty & \\text{if } A[i] \\neq 0")], FLOAT),
    "float example 3 / 4 = 0.5": (DIV, [(FLOAT_EXAMPLE, FLOAT_EXAMPLE.replace("0.75", "0.5"))], FLOAT),
    "float example 0 / -2 = +0": (DIV, [(FLOAT_EXAMPLE, FLOAT_EXAMPLE.replace("& -0 &", "& 0 &"))], FLOAT),
    "float example -1 / 0 = +inf": (DIV, [(FLOAT_EXAMPLE, FLOAT_EXAMPLE.replace("0.75 & -\\infty", "0.75 & \\infty"))],
                                    FLOAT),
    "int truncation -> floor": (DIV, [("rounded toward zero, as ONNX rounds it", "rounded down")], INT),
    "int truncation -> round to nearest": (DIV, [("rounded toward zero, as ONNX rounds it", "rounded to nearest")],
                                           INT),
    "int truncation -> ceil": (DIV, [("rounded toward zero, as ONNX rounds it", "rounded up")], INT),
    "a dropped INT_MIN / -1 exclusion": (DIV, [(
        "- No pair divides the smallest value of the type by $-1$, whose quotient does not fit; this is a "
        "precondition. `[E_DIV_INT_CONSTR_AB_0020]`\n", ""), (
        "\\frac{A[i]}{B[i]} & \\text{if } B[i] = -1 \\text{ and } A[i] \\neq \\mathrm{INT\\_MIN} \\\\",
        "\\frac{A[i]}{B[i]} & \\text{if } B[i] = -1 \\\\")], INT),
    "int example 7 / 2 = 4 (round away)": (DIV, [(INT_EXAMPLE[1], INT_EXAMPLE[1].replace("3 & 2", "4 & 2"))], INT),
    "int example -7 / 2 = -4 (floor)": (DIV, [(INT_EXAMPLE[0], INT_EXAMPLE[0].replace("7 & 9", "-7 & 9")),
                                              (INT_EXAMPLE[1], INT_EXAMPLE[1].replace("3 & 2", "-4 & 2"))], INT),
    "real example -7 / 2 = -3": (DIV, [("0.25 & -3.5 &", "0.25 & -3 &")], REAL),
    "real example swapped operands": (DIV, [("0.25 & -3.5 &", "4 & -3.5 &")], REAL),
    "accuracy bound divided by 4": (NOTE, [("\\leq \\textit{\\bf u}\\times\\max",
                                            "\\leq \\dfrac{\\textit{\\bf u}}{4}\\times\\max")],
                                    "reworded_fixed.md#error-introduction-float"),
}


def _content(o) -> tuple:
    return o.statement, json.dumps(o.params, sort_keys=True, default=str), o.expect


@pytest.mark.parametrize("name", DOCUMENT_MUTANTS)
def test_a_document_mutant_fails_an_obligation_of_its_requirement(name, tmp_path):
    document, edits, tag = DOCUMENT_MUTANTS[name]
    text = document.read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text, f"{name}: the text to mutate is not in {document}"
        text = text.replace(old, new)
    mutant = tmp_path / document.name
    mutant.write_text(text, encoding="utf-8")
    before = {o.id: _content(o) for o in spec_obligations(document)}
    changed = [o.id for o in spec_obligations(mutant)
               if tag in o.requirements and "smt" in o.backends and before.get(o.id) != _content(o)]
    assert changed, f"{name}: no obligation of {tag} changes"
    out = tmp_path / "out"
    cli.main(["prove", "--spec", str(mutant), "--provers", "z3,cvc5,bitwuzla", "--no-crosscheck", "--timeout", "300",
              "--out", str(out), *[arg for i in changed for arg in ("--only", i)]])
    results = json.loads((out / "results.json").read_text())["obligations"]
    failed = [r["id"] for r in results if r["verdict"] in ("proved", "refuted") and r["status"] == "not as expected"]
    assert failed, f"{name}: every changed obligation of {tag} holds: {[(r['id'], r['verdict']) for r in results]}"


# -- the mirror ------------------------------------------------------------------------------------

_COMPUTE = mirror.compute


def _float_mutant(change):
    """The mirror with its float quotients changed by ``change(fmt, a, b, q bits) -> bits``."""
    def compute(profiles, a, b, *, dtype, **options):
        q = _COMPUTE(profiles, a, b, dtype=dtype, **options)
        fmt = mirror.resolve_format(dtype)
        if not isinstance(fmt, FloatFormat):
            return q
        with np.errstate(all="ignore"):
            changed = change(fmt, np.asarray(a), np.asarray(b), np.asarray(q).view(fmt.uint_dtype).astype(np.int64))
        return changed.astype(fmt.uint_dtype).view(fmt.dtype)
    return compute


def _int_mutant(change):
    def compute(profiles, a, b, *, dtype, **options):
        fmt = mirror.resolve_format(dtype)
        q = _COMPUTE(profiles, a, b, dtype=dtype, **options)
        if not isinstance(fmt, IntFormat):
            return q
        x, y = np.asarray(a).astype(np.int64), np.asarray(b).astype(np.int64)
        return change(x, y, q.astype(np.int64)).astype(fmt.dtype)
    return compute


def _values(fmt, a, b, q):
    f = lambda v: v.astype(np.float64)   # noqa: E731 - the formats below fp64 hold their quotient's operands
    return f(a), f(b), q.astype(np.uint64).astype(fmt.uint_dtype).view(fmt.dtype).astype(np.float64)


def _toward_zero(fmt, a, b, q):
    x, y, v = _values(fmt, a, b, q)
    away = np.isfinite(v) & (v != 0) & (np.abs(v) > np.abs(x / y))
    overflow = np.isinf(v) & np.isfinite(x) & np.isfinite(y) & (y != 0)
    return np.where(away | overflow, q - 1, q)   # one step toward zero: the magnitude's bit pattern less one


def _upward(fmt, a, b, q):
    x, y, v = _values(fmt, a, b, q)
    below = np.isfinite(v) & (v != 0) & (v < x / y)
    return np.where(below, np.where(v > 0, q + 1, q - 1), q)


def _special(where, value):
    def change(fmt, a, b, q):
        x, y, v = _values(fmt, a, b, q)
        return np.where(where(x, y, v), value(fmt, x, y, q), q)
    return change


def _sign_of_a(fmt, a, b, q):
    x, y, v = _values(fmt, a, b, q)
    sign = np.int64(fmt.sign_mask)
    return np.where((v == 0) | np.isinf(v), (q & ~sign) | (a.view(fmt.uint_dtype).astype(np.int64) & sign), q)


def _flush_to_zero(fmt, a, b, q):
    x, y, v = _values(fmt, a, b, q)
    return np.where((v != 0) & (np.abs(v) < float(fmt.min_normal)), q & np.int64(fmt.sign_mask), q)


def _reciprocal(fmt, a, b, q):
    one = np.ones_like(b)
    r = _COMPUTE(PROFILES, one, b, dtype=fmt, profile="sonnx").astype(np.float64)
    product = (a.astype(np.float64) * r).astype(fmt.dtype)
    return np.asarray(product).view(fmt.uint_dtype).astype(np.int64)


def _swapped(fmt, a, b, q):
    return np.asarray(_COMPUTE(PROFILES, b, a, dtype=fmt, profile="sonnx")).view(fmt.uint_dtype).astype(np.int64)


def _nan(fmt, x, y, q):
    return np.int64(fmt.nan)


def _zero(fmt, x, y, q):
    return np.int64(0)


def _inf(fmt, x, y, q):
    return np.int64(fmt.inf(0))


def _int_floor(x, y, q):
    return np.floor_divide(x, np.where(y == 0, 1, y))


def _int_away(x, y, q):
    inexact = q * y != x
    return np.where(inexact, q + np.where((x < 0) != (y < 0), -1, 1), q)


def _int_sign_of_a(x, y, q):
    return np.where(x < 0, -np.abs(q), np.abs(q))


def _int_swapped(x, y, q):
    return np.where(x == 0, 0, np.trunc(y / np.where(x == 0, 1, x))).astype(np.int64)


def _real_rounded(profiles, a, b, *, dtype, **options):
    q = _COMPUTE(profiles, a, b, dtype=dtype, **options)
    fmt = mirror.resolve_format(dtype)
    return q if isinstance(fmt, (FloatFormat, IntFormat)) else np.array([type(v)(float(v)) for v in q], dtype=object)


def _real_swapped(profiles, a, b, *, dtype, **options):
    fmt = mirror.resolve_format(dtype)
    if isinstance(fmt, (FloatFormat, IntFormat)):
        return _COMPUTE(profiles, a, b, dtype=dtype, **options)
    return np.array([y / x if x else y for x, y in zip(a, b)], dtype=object)


# name: (the mirror's division, the requirement an obligation of which must fail, its formats)
MIRROR_MUTANTS = {
    "RNE -> RTZ": (_float_mutant(_toward_zero), FLOAT, ("fp16", "fp32")),
    "RNE -> RTP": (_float_mutant(_upward), FLOAT, ("fp16", "bf16")),
    "sign xor -> sign of A": (_float_mutant(_sign_of_a), "E_DIV_FLOAT_DEF_0040", ("fp16",)),
    "sign xor -> sign of A (x / inf)": (_float_mutant(_sign_of_a), "E_DIV_FLOAT_DEF_0060", ("fp32",)),
    "0 / 0 is 0": (_float_mutant(_special(lambda x, y, v: (x == 0) & (y == 0), _zero)), "E_DIV_FLOAT_DEF_0030",
                   ("fp16",)),
    "x / 0 is NaN": (_float_mutant(_special(lambda x, y, v: (x != 0) & np.isfinite(x) & (y == 0), _nan)),
                     "E_DIV_FLOAT_DEF_0040", ("fp16",)),
    "inf / inf is inf": (_float_mutant(_special(lambda x, y, v: np.isinf(x) & np.isinf(y), _inf)),
                         "E_DIV_FLOAT_DEF_0030", ("bf16",)),
    "a NaN operand gives 0": (_float_mutant(_special(lambda x, y, v: np.isnan(x) | np.isnan(y), _zero)),
                              "E_DIV_FLOAT_DEF_0020", ("fp64",)),
    "flush to zero": (_float_mutant(_flush_to_zero), FLOAT, ("fp32",)),
    "reciprocal rewrite": (_float_mutant(_reciprocal), FLOAT, ("fp32",)),
    "swapped operands": (_float_mutant(_swapped), FLOAT, ("fp16",)),
    "int truncation -> floor": (_int_mutant(_int_floor), INT, ("int8", "int32")),
    "int truncation -> round away": (_int_mutant(_int_away), INT, ("int16",)),
    "int sign xor -> sign of A": (_int_mutant(_int_sign_of_a), INT, ("int32",)),
    "int swapped operands": (_int_mutant(_int_swapped), INT, ("int8",)),
    "real quotient rounded to float64": (_real_rounded, REAL, ("real",)),
    "real swapped operands": (_real_swapped, REAL, ("real",)),
}


@pytest.fixture(scope="module")
def vector_sets():
    return {name: vectors.vector_sets(get_format(name), random_count=2000)
            for name in ("fp16", "bf16", "fp32", "fp64", "int8", "int16", "int32")}


@pytest.mark.parametrize("name", MIRROR_MUTANTS)
def test_a_mirror_mutant_fails_an_obligation_of_its_requirement(name, vector_sets, monkeypatch):
    division, tag, formats = MIRROR_MUTANTS[name]
    chosen = [o for o in spec_obligations(DIV) if tag in o.requirements and o.format in formats
              and o.expect == "valid"]
    assert chosen, f"{name}: no obligation of {tag} in {formats}"
    monkeypatch.setattr(mirror, "compute", division)
    failing = []
    for o in chosen:
        try:
            _, failures, first = predicates.evaluate(o, vector_sets.get(o.format, []))
        except statements.NotEncoded:
            continue
        if failures:
            failing.append((o.id, first))
    assert failing, f"{name}: no obligation of {tag} in {formats} fails on the mutated mirror"


def test_the_unmutated_mirror_fails_none_of_them(vector_sets):
    for name, (_, tag, formats) in MIRROR_MUTANTS.items():
        for o in spec_obligations(DIV):
            if tag in o.requirements and o.format in formats and o.expect == "valid" and statements.has(o, "predicate"):
                assert predicates.evaluate(o, vector_sets.get(o.format, []))[1] == 0, (name, o.id)


def test_the_suite_has_at_least_thirty_mutants():
    assert len(DOCUMENT_MUTANTS) + len(MIRROR_MUTANTS) >= 30

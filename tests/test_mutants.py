"""The mutation suite: a semantic change to the document or to the mirror makes an obligation of the same
requirement fail.

A document mutant is a copy of proofs/spec/div.md (or of an accuracy note) with one statement changed;
the obligations it changes that trace to the mutated requirement are proved (SMT solvers, no Why3: a
filtered `divbridge prove`), and one of them must get a definite verdict other than the one it expects.
A mirror mutant replaces the executable reference's division by a wrong one (another rounding, another
sign, lost special values...); the cross-check of the committed document's obligations of the mutated
requirement must then find a failing vector.  A mutant that nothing kills means the obligations do not
pin their requirement.

The mutants of proofs/spec/{mul,add,sub}.md (issue 42) are refuted at an obligation of their requirement
or of their lines, in the narrowest format of each family, or are unread: prove lists a mutated line
uncovered and exits 1.

Mutants of documents: div.md 25, Div's accuracy note 1, mul.md 23, add.md 22, sub.md 21; of Div's mirror: 17.
(`test_mul_add_and_sub_have_forty_document_mutants_and_the_counts_are_those_above` keeps these counts true.)
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from divbridge import cli, mirror, statements
from divbridge.crosscheck import predicates, vectors
from divbridge.formats import FloatFormat, IntFormat, get_format
from divbridge.obligations.catalog import spec_obligations
from divbridge.operators.div.profiles import PROFILES
from test_read_whole_examples import decided
from divbridge.operators.div import DIV as DIV_OP
from conftest import DIV_MD

DIV = DIV_MD
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
    return {name: vectors.vector_sets(get_format(name), random_count=2000, op=DIV_OP)
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


# -- Mul, Add and Sub ----------------------------------------------------------------------------------

MUL, ADD, SUB = (DIV.parent / f"{op}.md" for op in ("mul", "add", "sub"))
MUL_C = r"C = \begin{bmatrix} 0.75 & -3 & -0 & -0 & -\infty & \text{nan} & \text{nan} \end{bmatrix}"
ADD_C = r"C = \begin{bmatrix} 1.75 & -0 & 0 & 0 & 0 & \text{nan} & \infty \end{bmatrix}"
SUB_C = r"C = \begin{bmatrix} 1.25 & -0 & 0 & 0 & 0 & \text{nan} & -\infty \end{bmatrix}"
SUB_FLOAT_OTHERWISE = "A[i] - B[i] & \\text{otherwise}\n\\end{cases}\n$$\n\nwhere"


def _types(op: str) -> tuple[str, str]:
    heading = f"# `{op}` operator (FP16, BFLOAT16, FP32, FP64)"
    return heading, heading.replace("FP64)", "FP64, BOOL)")


# name: (document, [(text, its replacement)], the requirement an obligation of which must fail, unless the
# mutant is unread)
OPERATOR_MUTANTS = {
    "Mul float rounding RNE -> RTZ": (MUL, [("rounded to nearest, ties to even;", "rounded toward zero;")],
                                      "E_MUL_FLOAT_FUNC_0010"),
    "Mul float rounding RNE -> RTP": (MUL, [("rounded to nearest, ties to even;", "rounded up;")],
                                      "E_MUL_FLOAT_FUNC_0010"),
    "Mul float rounding ties away from zero": (MUL, [("ties to even;", "ties away from zero;")],
                                               "E_MUL_FLOAT_FUNC_0010"),
    "Mul a product that rounds to zero is +0": (MUL, [(
        "a product that rounds to zero is a zero carrying the product of the signs.",
        "a product that rounds to zero is $+0$.")], "E_MUL_FLOAT_FUNC_0010"),
    "Mul NaN operand gives zero": (MUL, [("- A NaN operand makes the result NaN.",
                                          "- A NaN operand makes the result zero.")], "E_MUL_FLOAT_FUNC_0020"),
    "Mul 0 x inf is zero": (MUL, [("infinity times zero are NaN, whatever", "infinity times zero are zero, whatever")],
                            "E_MUL_FLOAT_FUNC_0020"),
    "Mul inf x y: sign xor -> sign of A": (MUL, [("or an infinity is an infinity carrying the product of the signs.",
                                                 "or an infinity is an infinity carrying the sign of A.")],
                                           "E_MUL_FLOAT_FUNC_0020"),
    "Mul 0 x y: sign xor -> sign of B": (MUL, [("- A zero times a finite number is a zero carrying the product of the "
                                               "signs.", "- A zero times a finite number is a zero carrying the sign "
                                                         "of B.")], "E_MUL_FLOAT_FUNC_0020"),
    "Mul table 0 x inf is 0": (MUL, [(r"\text{nan} & \text{if } A[i] = 0 \text{ and } B[i] \text{ is infinite}",
                                      r"0 & \text{if } A[i] = 0 \text{ and } B[i] \text{ is infinite}")],
                               "E_MUL_FLOAT_FUNC_0010"),
    "Mul table inf x y row: sign of A": (MUL, [(
        r"\operatorname{sign}(A[i]) \cdot \operatorname{sign}(B[i]) \cdot \infty & \text{if } A[i] \text{ is infinite "
        r"and } B[i] \neq 0", r"\operatorname{sign}(A[i]) \cdot \infty & \text{if } A[i] \text{ is infinite and } B[i] "
                              r"\neq 0")], "E_MUL_FLOAT_FUNC_0010"),
    "Mul table inf x y row: the exclusion of B = 0 dropped": (MUL, [(
        r"\text{if } A[i] \text{ is infinite and } B[i] \neq 0 \text{ and } B[i] \text{ is finite}",
        r"\text{if } A[i] \text{ is infinite and } B[i] \text{ is finite}")], "E_MUL_FLOAT_FUNC_0010"),
    "Mul table otherwise row negated": (MUL, [(r"A[i] \times B[i] & \text{otherwise}" + "\n\\end{cases}\n$$\n\nA",
                                               r"-A[i] \times B[i] & \text{otherwise}" + "\n\\end{cases}\n$$\n\nA")],
                                        "E_MUL_FLOAT_FUNC_0010"),
    "Mul float example 3 x 0.25 = 0.5": (MUL, [(MUL_C, MUL_C.replace("0.75", "0.5"))], "E_MUL_FLOAT_FUNC_0010"),
    "Mul float example 0 x -5 = +0": (MUL, [(MUL_C, MUL_C.replace("-3 & -0", "-3 & 0.0"))], "E_MUL_FLOAT_FUNC_0010"),
    "Mul float example inf x -2 = +inf": (MUL, [(MUL_C, MUL_C.replace(r"& -\infty &", r"& \infty &"))],
                                          "E_MUL_FLOAT_FUNC_0010"),
    "Mul signed wrap-around row: a multiple of 2^(n-1)": (MUL, [(r"B[i] - k_1.2^{n} & \text{if }",
                                                                 r"B[i] - k_1.2^{n-1} & \text{if }")],
                                                          "E_MUL_INT_FUNC_0010"),
    "Mul unsigned wrap-around row: 2^n left unwrapped": (MUL, [(r"\text{if } A[i] \times B[i] > 2^{n} - 1",
                                                                r"\text{if } A[i] \times B[i] > 2^{n}")],
                                                         "E_MUL_INT_FUNC_0010"),
    "Mul the product saturates": (MUL, [(
        "The product wraps around: it is the exact product minus a multiple of $2^n$, for a type of $n$ bits, that "
        "brings it into the type's range.", "The product saturates: it is the value of the type's range nearest to "
                                            "the exact product.")], "E_MUL_INT_FUNC_0010"),
    "Mul INT8 example 100 x 2 = 127 (saturated)": (MUL, [("21 & -56 & 124", "21 & 127 & 124")],
                                                   "E_MUL_INT_FUNC_0010"),
    "Mul UINT8 example 200 x 2 = 255 (saturated)": (MUL, [("21 & 144 & 0 & 1", "21 & 255 & 0 & 1")],
                                                    "E_MUL_INT_FUNC_0010"),
    "Mul real example 6.1 x 3 = 18.4": (MUL, [("0 & 18.3", "0 & 18.4")], "E_MUL_REAL_FUNC_0010"),
    "Mul real definition: the sum": (MUL, [("is the exact product of the matching", "is the exact sum of the "
                                                                                     "matching")],
                                     "E_MUL_REAL_FUNC_0010"),
    "Mul float types: BOOL listed": (MUL, [_types("Mul")], "R2"),
    "Add float rounding RNE -> RTZ": (ADD, [("the exact sum rounded to nearest, ties to even.",
                                             "the exact sum rounded toward zero.")], "E_ADD_FLOAT_FUNC_0010"),
    "Add float rounding RNE -> RTN": (ADD, [("the exact sum rounded to nearest, ties to even.",
                                             "the exact sum rounded down.")], "E_ADD_FLOAT_FUNC_0010"),
    "Add an exact zero sum is -0": (ADD, [("An exact sum of zero is $+0$, except", "An exact sum of zero is $-0$, "
                                                                                  "except")],
                                    "E_ADD_FLOAT_FUNC_0010"),
    "Add x + (-x) is -0": (ADD, [("in particular $x + (-x)$ is $+0$.", "in particular $x + (-x)$ is $-0$.")],
                           "E_ADD_FLOAT_FUNC_0010"),
    "Add inf + -inf is zero": (ADD, [("opposite signs is NaN.", "opposite signs is zero.")],
                               "E_ADD_FLOAT_FUNC_0020"),
    "Add inf + inf of one sign is NaN": (ADD, [("of one sign is that infinity.", "of one sign is NaN.")],
                                         "E_ADD_FLOAT_FUNC_0020"),
    "Add inf + finite is NaN": (ADD, [("in either order, is that infinity.", "in either order, is NaN.")],
                                "E_ADD_FLOAT_FUNC_0020"),
    "Add table +inf + -inf is 0": (ADD, [(r"\text{nan} & \text{if } A[i] = \infty \text{ and } B[i] = -\infty",
                                          r"0 & \text{if } A[i] = \infty \text{ and } B[i] = -\infty")],
                                   "E_ADD_FLOAT_FUNC_0010"),
    "Add table -0 + -0 is +0": (ADD, [(r"-0 & \text{if } A[i] = -0 \text{ and } B[i] = -0",
                                       r"+0 & \text{if } A[i] = -0 \text{ and } B[i] = -0")],
                                "E_ADD_FLOAT_FUNC_0010"),
    "Add table finite + inf row gives A": (ADD, [(r"B[i] & \text{if } A[i] \text{ is finite and } B[i] \text{ is "
                                                  r"infinite}", r"A[i] & \text{if } A[i] \text{ is finite and } B[i] "
                                                                r"\text{ is infinite}")],
                                           "E_ADD_FLOAT_FUNC_0010"),
    "Add table inf + finite row: the exclusion of an infinite B dropped": (ADD, [(
        r"A[i] & \text{if } A[i] \text{ is infinite and } B[i] \text{ is finite} \\",
        r"A[i] & \text{if } A[i] \text{ is infinite} \\")], "E_ADD_FLOAT_FUNC_0010"),
    "Add float example 1.5 + 0.25 = 1.5": (ADD, [(ADD_C, ADD_C.replace("1.75", "1.5"))], "E_ADD_FLOAT_FUNC_0010"),
    "Add float example -0 + -0 = +0": (ADD, [(ADD_C, ADD_C.replace("1.75 & -0", "1.75 & 0.0"))],
                                       "E_ADD_FLOAT_FUNC_0010"),
    "Add float example 2 + -2 = -0": (ADD, [(ADD_C, ADD_C.replace(r"0 & \text{nan}", r"-0 & \text{nan}"))],
                                      "E_ADD_FLOAT_FUNC_0010"),
    "Add signed wrap-around row: 2^(n-1) subtracted": (ADD, [(
        r"A[i] + B[i] - 2^{n} & \text{if } A[i] + B[i] > 2^{n-1} - 1",
        r"A[i] + B[i] - 2^{n-1} & \text{if } A[i] + B[i] > 2^{n-1} - 1")], "E_ADD_INT_FUNC_0010"),
    "Add unsigned wrap-around row: 2^n added": (ADD, [(
        r"A[i] + B[i] - 2^{n} & \text{if } A[i] + B[i] > 2^{n} - 1",
        r"A[i] + B[i] + 2^{n} & \text{if } A[i] + B[i] > 2^{n} - 1")], "E_ADD_INT_FUNC_0010"),
    "Add wrap-around multiple: -2^n left out": (ADD, [("so the multiple is $-2^n$, $0$ or $2^n$.",
                                                       "so the multiple is $0$ or $2^n$.")],
                                                "E_ADD_INT_FUNC_0010"),
    "Add INT8 example 100 + 100 = 127 (saturated)": (ADD, [("10 & -56 & 56", "10 & 127 & 56")],
                                                     "E_ADD_INT_FUNC_0010"),
    "Add UINT8 example 200 + 100 = 255 (saturated)": (ADD, [("10 & 44 & 0 & 0", "10 & 255 & 0 & 0")],
                                                      "E_ADD_INT_FUNC_0010"),
    "Add real example 6.1 + 3 = 9.2": (ADD, [("-5 & 9.1", "-5 & 9.2")], "E_ADD_REAL_FUNC_0010"),
    "Add real definition: the product": (ADD, [("is the exact sum of the matching", "is the exact product of the "
                                                                                     "matching")],
                                         "E_ADD_REAL_FUNC_0010"),
    "Add float types: BOOL listed": (ADD, [_types("Add")], "R2"),
    "Sub float rounding RNE -> RTZ": (SUB, [("the exact difference rounded to nearest, ties to even. An",
                                             "the exact difference rounded toward zero. An")],
                                      "E_SUB_FLOAT_FUNC_0010"),
    "Sub float rounding RNE -> RTP": (SUB, [("the exact difference rounded to nearest, ties to even. An",
                                             "the exact difference rounded up. An")], "E_SUB_FLOAT_FUNC_0010"),
    "Sub x - x is -0": (SUB, [("in particular $x - x$ is $+0$.", "in particular $x - x$ is $-0$.")],
                        "E_SUB_FLOAT_FUNC_0010"),
    "Sub -0 - +0 is +0": (SUB, [("a negative zero minus a positive zero is $-0$",
                                 "a negative zero minus a positive zero is $+0$")], "E_SUB_FLOAT_FUNC_0010"),
    "Sub inf - inf of one sign is zero": (SUB, [("the same sign is NaN.", "the same sign is zero.")],
                                          "E_SUB_FLOAT_FUNC_0020"),
    "Sub inf - opposite inf is the second": (SUB, [("opposite sign is the first infinity.",
                                                    "opposite sign is the second infinity.")],
                                             "E_SUB_FLOAT_FUNC_0020"),
    "Sub finite - inf is that infinity": (SUB, [("minus an infinity is the opposite infinity.",
                                                 "minus an infinity is that infinity.")], "E_SUB_FLOAT_FUNC_0020"),
    "Sub table finite - inf row gives B": (SUB, [(r"-B[i] & \text{if } A[i] \text{ is finite",
                                                  r"B[i] & \text{if } A[i] \text{ is finite")],
                                           "E_SUB_FLOAT_FUNC_0010"),
    "Sub table inf - inf row is 0": (SUB, [(r"\text{nan} & \text{if } A[i] \text{ is infinite and } B[i] = A[i]",
                                            r"0 & \text{if } A[i] \text{ is infinite and } B[i] = A[i]")],
                                     "E_SUB_FLOAT_FUNC_0010"),
    "Sub table -0 - +0 row is +0": (SUB, [(r"-0 & \text{if } A[i] = -0 \text{ and } B[i] = +0",
                                           r"+0 & \text{if } A[i] = -0 \text{ and } B[i] = +0")],
                                    "E_SUB_FLOAT_FUNC_0010"),
    "Sub table otherwise row: swapped operands": (SUB, [(SUB_FLOAT_OTHERWISE,
                                                         SUB_FLOAT_OTHERWISE.replace("A[i] - B[i]", "B[i] - A[i]"))],
                                                  "E_SUB_FLOAT_FUNC_0010"),
    "Sub float example 1.5 - 0.25 = 1.75 (the sum)": (SUB, [(SUB_C, SUB_C.replace("1.25", "1.75"))],
                                                      "E_SUB_FLOAT_FUNC_0010"),
    "Sub float example -0 - 0 = +0": (SUB, [(SUB_C, SUB_C.replace("1.25 & -0", "1.25 & 0.0"))],
                                      "E_SUB_FLOAT_FUNC_0010"),
    "Sub float example 1 - inf = +inf": (SUB, [(SUB_C, SUB_C.replace(r"& -\infty", r"& \infty"))],
                                         "E_SUB_FLOAT_FUNC_0010"),
    "Sub unsigned wrap-around row: 2^n subtracted": (SUB, [(r"A[i] - B[i] + 2^{n} & \text{if } A[i] < B[i]",
                                                            r"A[i] - B[i] - 2^{n} & \text{if } A[i] < B[i]")],
                                                     "E_SUB_INT_FUNC_0010"),
    "Sub signed wrap-around row: 2^(n-1) added": (SUB, [(r"A[i] - B[i] + 2^{n} & \text{if } A[i] - B[i] < -2^{n-1}",
                                                         r"A[i] - B[i] + 2^{n-1} & \text{if } A[i] - B[i] < -2^{n-1}")],
                                                  "E_SUB_INT_FUNC_0010"),
    "Sub INT8 example 7 - 3 = -4 (swapped operands)": (SUB, [("C = \\begin{bmatrix} 4 & -56 &",
                                                              "C = \\begin{bmatrix} -4 & -56 &")],
                                                       "E_SUB_INT_FUNC_0010"),
    "Sub UINT8 example 100 - 200 = 44 (the sum)": (SUB, [("4 & 156 & 255", "4 & 44 & 255")],
                                                   "E_SUB_INT_FUNC_0010"),
    "Sub real example 1 - 4 = 3 (swapped operands)": (SUB, [("C = \\begin{bmatrix} -3 & -9", "C = \\begin{bmatrix} 3 "
                                                                                             "& -9")],
                                                      "E_SUB_REAL_FUNC_0010"),
    "Sub real definition: B minus A": (SUB, [("`A` minus `B`.", "`B` minus `A`.")], "E_SUB_REAL_FUNC_0010"),
    "Sub unsigned differences never below the range": (SUB, [(
        "never above the range, only below it.", "never below the range, only above it.")], "E_SUB_INT_FUNC_0010"),
}


def _write_mutant(document: Path, edits: list[tuple[str, str]], directory: Path) -> tuple[Path, set[int]]:
    """The mutant (each text once in the document) and the lines its replacements stand on."""
    text = document.read_text(encoding="utf-8")
    for old, new in edits:
        assert text.count(old) == 1, f"{document.name}: {text.count(old)} times {old!r}"
        text = text.replace(old, new)
    lines = set()
    for _, new in edits:
        start = text[:text.index(new)].count("\n") + 1
        lines |= set(range(start, start + new.count("\n") + 1))
    mutant = directory / document.name
    mutant.write_text(text, encoding="utf-8")
    return mutant, lines


@pytest.mark.parametrize("name", list(OPERATOR_MUTANTS))
def test_an_operator_mutant_is_refuted_at_an_obligation_of_its_requirement_or_unread(name, tmp_path):
    """The obligations of the requirement (or stated at the mutated lines) that the mutant changes, among those
    the SMT solvers decide in the narrowest format of each family, are proved: one must get a definite verdict
    other than the one it expects; or the mutant is unread: prove lists a mutated line uncovered and exits 1."""
    document, edits, tag = OPERATOR_MUTANTS[name]
    mutant, lines = _write_mutant(document, edits, tmp_path)
    before = {o.id: _content(o) for o in spec_obligations(document)}
    obligations = decided(mutant)
    changed = [o.id for o in obligations if (tag in o.requirements or lines & set(o.lines))
               and before.get(o.id) != _content(o)]
    out = tmp_path / "out"
    code = cli.main(["prove", "--spec", str(mutant), "--provers", "z3,cvc5,bitwuzla", "--no-crosscheck", "--timeout",
                     "60", "--out", str(out), *[arg for i in changed or [obligations[0].id] for arg in ("--only", i)]])
    results = json.loads((out / "results.json").read_text())
    failed = [r["id"] for r in results["obligations"] if r["id"] in changed
              and r["verdict"] in ("proved", "refuted") and r["status"] == "not as expected"]
    uncovered = [gap["line"] for gap in results["document"].get("uncovered", []) if gap["line"] in lines]
    assert failed or (code == 1 and uncovered), \
        f"{name}: neither refuted nor unread: {[(r['id'], r['verdict']) for r in results['obligations']]}"


def mutant_counts() -> str:
    """The mutants per operator, the docstring's line."""
    per: dict[str, int] = {}
    for document, *_ in [*DOCUMENT_MUTANTS.values(), *OPERATOR_MUTANTS.values()]:
        name = "Div's accuracy note" if document == NOTE else document.name
        per[name] = per.get(name, 0) + 1
    return ("Mutants of documents: " + ", ".join(f"{name} {n}" for name, n in per.items()) +
            f"; of Div's mirror: {len(MIRROR_MUTANTS)}.")


def test_mul_add_and_sub_have_forty_document_mutants_and_the_counts_are_those_above():
    assert len(OPERATOR_MUTANTS) >= 40
    assert {document for document, *_ in OPERATOR_MUTANTS.values()} == {MUL, ADD, SUB}
    assert mutant_counts() in " ".join(__doc__.split())

"""The reference algorithms of an accuracy note (`document.algorithm`) and the judge of their error models
(`checkspec.algorithm`).  `tests/corpus_acc/tanh_algorithms.md` is a note of ours in the style of the working group's
Tanh notes (versions 6 to 9): a table of exp's relative error (line 20), three bounds of one algorithm (lines 27-29:
27 true, 28 with the leading factor u/(1 + 2e^{2x}) false, 29 true), the algorithm (line 33) and a bound tied to a
code block divbridge does not read (line 45)."""

from __future__ import annotations

import functools
import re
from fractions import Fraction
from pathlib import Path

import ml_dtypes
import mpmath
import numpy as np
import pytest
import sympy

from divbridge.checkspec import algorithm
from divbridge.checkspec.accuracy import note_claims
from divbridge.document.accuracy import parse_note, read_note
from divbridge.document.algorithm import EPS, N, X, read_algorithms, read_code
from divbridge.formats import BF16, FP16
from divbridge.operators.tanh import TANH

NOTE = Path(__file__).parent / "corpus_acc" / "tanh_algorithms.md"


@functools.lru_cache(maxsize=1)
def _verdicts(text: str) -> tuple[dict[int, str], list]:
    note = parse_note(text, "tanh_acc.md")
    claims, findings = note_claims(note, text=text)
    return {c.line: c.verdict for c in claims}, findings


def test_the_code_the_table_and_the_bounds_are_read_and_each_bound_tied_to_its_algorithm():
    text = NOTE.read_text()
    reading = read_algorithms(read_note(NOTE), text)
    assert [(row.line, row.value) for row in reading.table] == [(21, 2 * EPS), (22, EPS * (N / 2 + 2))]
    assert reading.table[1].proviso.integer and reading.table[1].proviso.normal == (sympy.exp(X),)
    assert (reading.table[1].proviso.low, reading.table[1].proviso.high) == (-2 ** N, -1)
    assert {b.line: b.algorithm.line for b in reading.bounds} == {27: 33, 28: 33, 29: 33}
    # the last bound follows "For this algorithm, ... bound by" after a block beyond the grammar: it stays unread
    assert reading.unread == {45: "a bound tied to no algorithm the note writes in code divbridge reads"}
    assert 45 not in reading.read and reading.read[43].endswith("(a code block not read: they stay unread)")
    assert reading.assumed == ""
    # a note that does not say what x is: its bounds are read with x the element X[I], and that is said
    unbound = read_algorithms(read_note(NOTE), text.replace("$x = X[I]$", "$x$"))
    assert [b.line for b in unbound.bounds] == [27, 28, 29] and "x is not defined by the note" in unbound.assumed


def _as_rows(text: str) -> str:
    """The note with its bounds of lines 27-29 written as the rows of one array (lines 28-30), and x left unbound."""
    bounds = text.splitlines()[26:29]
    rows = [b.strip("$").replace(r"| \leq", r"| & \leq &", 1) for b in bounds]
    array = "$$\\begin{array}{rcl}\n" + " \\\\\n".join(rows) + "\n\\end{array}$$"
    return text.replace("\n".join(bounds), array).replace("$x = X[I]$", "$x$")


def test_bounds_written_as_the_rows_of_an_array_are_one_claim_each_row_judged_at_its_line():
    text = _as_rows(NOTE.read_text())
    reading = read_algorithms(parse_note(text, "tanh_acc.md"), text)
    assert reading.rows == {27: (28, 29, 30)} and {b.line: b.algorithm.line for b in reading.bounds} == {
        28: 35, 29: 35, 30: 35}
    verdicts, findings = _verdicts(text)
    assert verdicts[27] == "fails"      # its second row is line 28's false bound above
    kinds = {(f.line, f.kind) for f in findings if f.kind != "information"}
    assert {(27, "ambiguous"), (29, "incorrect")} <= kinds and (28, "incorrect") not in kinds
    # a row that is not a bound leaves the whole array unread
    broken = text.replace(r"\textit{ if } x\in [-1, 0] \\", r"\textit{ if } y\in [-1, 0] \\", 1)
    assert read_algorithms(parse_note(broken, "tanh_acc.md"), broken).rows == {}


def test_the_code_grammar_reads_a_block_whole_or_not_at_all():
    assert read_code("if X < 0\n    Y = (exp(2X) - 1) / (exp(2X) + 1)\nelse\n    Y = (1 - exp(-2X)) / (1 + exp(-2X))")
    assert read_code("Y = (exp(X) - exp(-X)) / (exp(X) + exp(-X))")
    assert read_code("Y = tanh_kernel(X)") is None
    assert read_code("Y = (exp(2X) - 1) / (exp(2X) + 1); Z = Y") is None


def test_check_spec_judges_each_bound_by_running_its_algorithm():
    verdicts, findings = _verdicts(NOTE.read_text())
    assert {line: verdicts[line] for line in (27, 28, 29, 45)} == {27: "checked", 28: "fails", 29: "checked",
                                                                    45: "unchecked"}
    assert 20 not in verdicts      # the table is a definition (a hypothesis), not a claim
    incorrect = [f for f in findings if f.kind == "incorrect"]
    assert [f.line for f in incorrect] == [28]
    assert "exp(" in incorrect[0].message and "the table allows 2.0 eps there" in incorrect[0].message
    checked = next(f.message for f in findings if f.line == 27)
    assert "fp16 (every one of the 15362 inputs where its proviso holds)" in checked
    # line 29's inputs x in [-2^n, -1] where exp(2x) is subnormal: the table says nothing of exp there
    assert re.search(r"not judged: \d+ inputs where the table bounds no error of exp", next(
        f.message for f in findings if f.line == 29))


def test_a_wider_band_of_exp_makes_the_true_bound_false():
    # the same bound with exp allowed 3 eps instead of 2 on [-2, 0]: exp's worse results exceed it
    text = NOTE.read_text()
    for allowed, verdict in (("2", "checked"), ("3", "refuted")):
        wider = text.replace(r"& 2\varepsilon \textit{ if } x\in [-2, 0]",
                             rf"& {allowed}\varepsilon \textit{{ if }} x\in [-2, 0]")
        reading = read_algorithms(parse_note(wider, "tanh_acc.md"), wider)
        reading.bounds = [b for b in reading.bounds if b.line == 27]
        assert algorithm.judge(reading, TANH, formats=("fp16",))[27][1] == verdict


def test_the_counterexample_replays_with_exact_arithmetic_of_this_test():
    """Line 28's counterexample, recomputed here with Fractions, FP16 rounding and mpmath, not with the judge."""
    _, findings = _verdicts(NOTE.read_text())
    message = next(f.message for f in findings if f.kind == "incorrect")
    x_bits = int(re.search(r"\((0x[0-9a-f]+)\): the algorithm", message).group(1), 16)
    exp_bits = int(re.search(r"= [0-9/]+ \((0x[0-9a-f]+); relative error", message).group(1), 16)
    x, e = FP16.decode(x_bits).value, FP16.decode(exp_bits).value
    assert -1 <= x <= 0
    mpmath.mp.prec = 300
    rnd = lambda v: FP16.decode(FP16.round(v)).value     # noqa: E731 - each operation rounded once
    exact_exp = mpmath.exp(2 * mpmath.mpf(x.numerator) / x.denominator)
    assert abs(mpmath.mpf(e.numerator) / e.denominator / exact_exp - 1) <= 2 * mpmath.mpf(2) ** -10
    y = rnd(rnd(e - 1) / rnd(e + 1))
    error = abs(mpmath.mpf(y.numerator) / y.denominator - mpmath.tanh(mpmath.mpf(x.numerator) / x.denominator))
    u, s = mpmath.mpf(2) ** -11, exact_exp
    bound = u / (1 + 2 * s) * ((2 + 8 * (1 + u) * s - 2 * s * s) / ((1 + s) * (1 - u) - 4 * u * (1 + u) * s) * (1 + u)
                               + 1 - s)
    assert error > bound


@pytest.mark.parametrize("fmt, dtype", [(FP16, np.float16), (BF16, ml_dtypes.bfloat16)])
def test_the_format_arithmetic_of_the_screen_is_correctly_rounded(fmt, dtype):
    """The screen computes in NumPy's float16 and ml_dtypes' bfloat16: each operation must be the exact result
    rounded once (what the docstring of `checkspec.algorithm` relies on)."""
    rng = np.random.default_rng(7)
    a = rng.integers(0, 1 << 16, 3000).astype(np.uint16).view(dtype)
    b = rng.integers(0, 1 << 16, 3000).astype(np.uint16).view(dtype)
    with np.errstate(invalid="ignore"):      # a NaN cast
        keep = np.isfinite(a.astype(np.float64)) & np.isfinite(b.astype(np.float64)) & (b.astype(np.float64) != 0)
    a, b = a[keep], b[keep]
    operation = algorithm._dtype_op(np.dtype(dtype))
    for kind, exact in (("plus", lambda p, q: p + q), ("minus", lambda p, q: p - q), ("times", lambda p, q: p * q),
                        ("over", lambda p, q: p / q)):
        got = operation(kind, a, b).view(np.uint16)
        for k in range(len(a)):
            p, q = Fraction(float(a[k])), Fraction(float(b[k]))
            want = fmt.round(exact(p, q), 0)
            if fmt.decode(want).is_finite and fmt.decode(want).value != 0:
                assert int(got[k]) == want, (kind, float(a[k]), float(b[k]))

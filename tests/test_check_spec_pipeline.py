"""check-spec is `prove --spec` restricted to the document's own statements: the same obligations, the same
provers and proof cache, findings instead of a proof report."""

from __future__ import annotations

import json
import shutil

import pytest

from divbridge.cli import main
from divbridge.obligations.catalog import spec_obligations
from divbridge.obligations.model import Obligation
from divbridge.provers.verdicts import ObligationResult, Outcome
from divbridge.checkspec.analysis import analyse
from divbridge.checkspec.proofcheck import finding_of
from conftest import DIV_MD

SIGN_RULE = "A zero over a finite non-zero number is a zero carrying the product of the signs."
WRONG_RULE = "A zero over a finite non-zero number is a zero carrying the sign of the numerator."
needs_solvers = pytest.mark.skipif(shutil.which("z3") is None, reason="z3 is not installed (scripts/setup.sh)")

# a small document of our own: one float section, one tag, one case table whose rows are each right on their own
TABLE_DOC = r"""# A small Div for the tests

# `Div` operator (FP16, FP32)

- Finite quotients are rounded to nearest, ties to even. `[T_DIV_0010]`

$$
C[i] =
\begin{cases}
\text{nan} & \text{if } A[i] \text{ is nan or } B[i] \text{ is nan} \\
\operatorname{sign}(A[i]) \cdot \operatorname{sign}(B[i]) \cdot 0 & \text{if } A[i] \text{ is finite and } B[i] \text{ is infinite} \\
\operatorname{sign}(A[i]) \cdot \operatorname{sign}(B[i]) \cdot \infty & \text{if } A[i] \text{ is infinite and } B[i] \text{ is finite} \\
\text{nan} & \text{if } A[i] \text{ is infinite and } B[i] \text{ is infinite} \\
\text{nan} & \text{if } A[i] = 0 \text{ and } B[i] = 0 \\
\operatorname{sign}(A[i]) \cdot \operatorname{sign}(B[i]) \cdot \infty & \text{if } B[i] = 0 \text{ and } A[i] \text{ is finite and } A[i] \neq 0 \\
\frac{A[i]}{B[i]} & \text{otherwise}
\end{cases}
$$
"""
RIGHT_ROW = r"\operatorname{sign}(A[i]) \cdot \operatorname{sign}(B[i]) \cdot 0 & \text{if } A[i] \text{ is finite"
WRONG_ROW = r"\operatorname{sign}(A[i]) \cdot 0 & \text{if } A[i] \text{ is finite"


def _line_of(text: str, fragment: str) -> int:
    return text[:text.index(fragment)].count("\n") + 1


@pytest.fixture
def wrong_sign(tmp_path):
    text = DIV_MD.read_text()
    copy = tmp_path / "div.md"
    copy.write_text(text.replace(SIGN_RULE, WRONG_RULE))
    return copy, _line_of(text, SIGN_RULE)


@needs_solvers
def test_a_wrong_sign_sentence_is_incorrect_at_its_line(wrong_sign, capsys):
    copy, line = wrong_sign
    assert main(["check-spec", str(copy)]) == 1
    out = capsys.readouterr().out
    assert f"div.md:{line}: incorrect: the sentence states " in out and "sign(a / b) = sign(a)" in out
    result = analyse(copy)
    [finding] = [f for f in result["findings"] if f["kind"] == "incorrect"]
    assert finding["line"] == line and "the mirror computes a / b = " in finding["message"]
    # a zero numerator over a non-zero divisor of the other sign, decoded in bits
    assert finding["counterexample"].startswith(("a = 0.0", "a = -0.0")) and "(fp16 0x" in finding["counterexample"]
    claim = next(c for c in result["claims"] if c["kind"] == "case-rule" and c["line"] == line)
    assert claim["verdict"] == "fails"


@needs_solvers
def test_div_md_has_no_incorrect_finding_and_its_statements_hold():
    result = analyse(DIV_MD)
    assert result["exit_code"] == 0 and result["findings"] == []
    rules = [c for c in result["claims"] if c["kind"] == "case-rule"]
    assert len(rules) == 8 and all(c["verdict"] == "holds" for c in rules)   # 6 sentences, one of them two rules


@needs_solvers
def test_check_spec_answers_from_the_proof_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("DIVBRIDGE_CACHE", str(tmp_path / "cache"))
    analyse(DIV_MD)
    entries = list((tmp_path / "cache" / "proofs").rglob("*.json"))
    ids = {json.loads(e.read_text())["obligation"] for e in entries}
    assert "float.fp16.special.zero_div_nonzero_sign" in ids and "float.fp64.table.no_earlier_row_applies" in ids
    assert "float.fp16.example.example_1" in ids
    assert not any(".generic." in i or ".accuracy." in i for i in ids)   # the document's own statements only
    stamps = {e: e.stat().st_mtime_ns for e in entries}
    assert analyse(DIV_MD)["findings"] == []
    assert {e: e.stat().st_mtime_ns for e in entries} == stamps     # every answer from the cache


@pytest.fixture
def table_docs(tmp_path):
    right = tmp_path / "right.md"
    right.write_text(TABLE_DOC)
    wrong = tmp_path / "wrong.md"
    wrong.write_text(TABLE_DOC.replace(RIGHT_ROW, WRONG_ROW))
    return right, wrong, _line_of(TABLE_DOC, RIGHT_ROW)


def test_a_table_binds_one_obligation_per_row_and_format(table_docs):
    right, _, line = table_docs
    rows = [o for o in spec_obligations(right) if o.kind == "table"]
    assert len(rows) == 2 * 7 and {o.format for o in rows} == {"fp16", "fp32"}
    second = next(o for o in rows if o.id == "float.fp16.table.a_isfinite_and_b_isinf")
    assert second.requirements == ("T_DIV_0010",) and second.lines == (line,) and second.backends == {"why3", "smt"}


@needs_solvers
def test_a_correct_table_gives_no_finding_and_prove_proves_its_rows(table_docs, tmp_path, capsys):
    right, _, _ = table_docs
    result = analyse(right)
    assert result["findings"] == [] and result["exit_code"] == 0
    code = main(["prove", "--spec", str(right), "--only", "float.*.table.*", "--provers", "z3,cvc5,bitwuzla",
                 "--out", str(tmp_path / "out"), "--cache-dir", str(tmp_path / "pc"), "--no-crosscheck"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "14 of 14 obligations as expected" in out


@needs_solvers
def test_a_wrong_row_is_incorrect_in_check_spec_and_refuted_in_prove(table_docs, tmp_path, capsys):
    _, wrong, line = table_docs
    result = analyse(wrong)
    assert result["exit_code"] == 1
    incorrect = [f for f in result["findings"] if f["kind"] == "incorrect"]
    assert incorrect and all(f["line"] == line for f in incorrect)
    assert any("B = -inf" in f["counterexample"] for f in incorrect)      # the divisor's sign is what is missing
    code = main(["prove", "--spec", str(wrong), "--only", "float.fp16.table.*", "--provers", "z3,bitwuzla",
                 "--out", str(tmp_path / "out"), "--cache-dir", str(tmp_path / "pc"), "--no-crosscheck"])
    out = capsys.readouterr().out
    assert code == 1
    assert "float.fp16.table.a_isfinite_and_b_isinf: expected valid, got refuted" in out
    assert f"stated at T_DIV_0010 line {line}" in out and "counterexample: b = " in out


def _result(verdict: str, message: str = "") -> ObligationResult:
    obligation = Obligation(id="float.fp16.special.x", title="t", family="float", format="fp16", kind="special",
                            prop="case_rule", requirements=("R",), statement="s")
    return ObligationResult(obligation, Outcome(verdict, "z3", 1.0, False, None, message=message))


def test_undecided_and_errors_are_never_incorrect():
    assert finding_of(_result("proved"), 3, "the sentence") is None
    timeout = finding_of(_result("timeout"), 3, "the sentence")
    assert timeout.kind == "ambiguous" and "could not decide" in timeout.message
    error = finding_of(_result("error", "tool bug"), 3, "the sentence")
    assert error.kind == "information" and "not checked" in error.message
    assert finding_of(None, 3, "the sentence", "no SMT solver is installed").kind == "information"


@needs_solvers
@pytest.mark.skipif(shutil.which("why3") is None, reason="why3 is not installed")
def test_check_spec_points_at_the_whyml_specification_prove_writes(table_docs, tmp_path, capsys):
    """check-spec names the modules of div_spec.mlw and the lines their clauses come from; they are the
    modules `prove --spec` writes for the same document, each clause labelled with its tag."""
    right, _, _ = table_docs
    rounding = _line_of(TABLE_DOC, "Finite quotients are rounded to nearest")
    result = analyse(right)
    assert [(e["module"], e["obligation"]) for e in result["specification"]] == [
        ("DivSpec_fp16", "spec.fp16.contract"), ("DivSpec_fp32", "spec.fp32.contract")]
    assert all(f"quotient nearest (T_DIV_0010 line {rounding})" in e["clauses"] for e in result["specification"])
    assert main(["check-spec", str(right)]) == 0
    assert "WhyML specification: div_spec.mlw DivSpec_fp16, DivSpec_fp32: " in capsys.readouterr().out
    code = main(["prove", "--spec", str(right), "--only", "spec.*", "--provers", "why3", "--out", str(tmp_path / "out"),
                 "--cache-dir", str(tmp_path / "pc"), "--no-crosscheck"])
    assert code == 0, capsys.readouterr().out
    written = (tmp_path / "out" / "why3" / "div_spec.mlw").read_text()
    assert "module DivSpec_fp16" in written and "module DivSpec_fp32" in written
    # each clause labelled by its tag; the line is the statement's (results.json), never the theory's
    assert "[@expl:T_DIV_0010]" in written and f"line {rounding}" not in written

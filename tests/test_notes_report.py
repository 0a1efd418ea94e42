"""The accuracy notes' report (`divbridge report --notes`): a page per note, each claim at its line with its verdict,
evidence and counterexample, a plot of the error against each introduced-error bound, and their index; the same
bytes from run to run."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import needs_coq
from divbridge.report import errorplot, notes

EXP_STYLE = Path(__file__).parent / "corpus_acc" / "exp_style.md"

# check-spec's answer on a note of three claims, as `checkspec.accuracy.analyse_note` gives it
ANALYSIS = {
    "document": "my_acc.md", "exit_code": 1,
    "claims": [
        {"line": 10, "text": r"|Y_err^intro| <= u max(|Y|, min-normal)", "verdict": "holds", "evidence": [
            {"obligation": "accuracy.fp16.intro.x.rounding", "format": "fp16", "statement": "for every real r ...",
             "verdict": "proved", "provers": [{"prover": "gappa", "verdict": "proved", "version": "1.4.1"},
                                              {"prover": "gappa+coq", "verdict": "proved"}]}]},
        {"line": 11, "text": r"|Y_err^intro| <= u/2 max(|Y|, min-normal)", "verdict": "fails"},
        {"line": 12, "text": r"\textit{err}_{\textit{rel}}(\exp(x)) = 2\varepsilon", "verdict": "unchecked"},
        {"line": 13, "text": "|Y_err^propag| <= |X_err| (1 + tanh|X|)", "verdict": "checked"}],
    "findings": [
        {"line": 11, "kind": "incorrect", "message": "false in fp16: x = 0.000244 (bits 0xc01) ...",
         "counterexample": "x = 0.000244"},
        {"line": 12, "kind": "unread", "message": "not understood: a condition inside the formula"},
        {"line": 13, "kind": "information", "message": "checked, not proved: it holds at every point of a grid"}]}


def test_a_note_s_page_shows_each_claim_with_its_verdict_evidence_and_counterexample():
    page = notes.page(ANALYSIS, "my_acc", {10: "my_acc-line10.svg"})
    rows = {row.line: row for row in page.claims}
    assert [(r.line, r.shown) for r in page.claims] == [(10, "proved"), (11, "false"), (12, "not read"),
                                                        (13, "checked, not proved")]
    assert rows[10].evidence == ["fp16: for every real r ... [gappa proved (1.4.1), gappa+coq proved; obligation "
                                 "accuracy.fp16.intro.x.rounding]"]
    assert rows[11].counterexample.startswith("false in fp16: x = 0.000244 (bits 0xc01)") and rows[11].evidence == []
    assert rows[12].counterexample == "not understood: a condition inside the formula"
    assert rows[13].evidence == ["checked, not proved: it holds at every point of a grid"]
    assert page.counts == {"checked, not proved": 1, "false": 1, "not read": 1, "proved": 1}
    rendered = notes.render([page])
    assert set(rendered) == {Path("my_acc.html"), Path("my_acc.md"), Path("index.html"), Path("index.md")}
    html = rendered[Path("my_acc.html")]
    assert 'href="#plot-10"' in html and '<img src="my_acc-line10.svg"' in html and "bits 0xc01" in html
    assert "| 11 | `\\|Y_err^intro\\| <= u/2 max(\\|Y\\|, min-normal)` | false |" in rendered[Path("my_acc.md")]
    # in a code span only the pipe is escaped (a table's cell): a backslash is the text's
    assert r"| 12 | `\textit{err}_{\textit{rel}}(\exp(x)) = 2\varepsilon` | not read |" in rendered[Path("my_acc.md")]
    assert "| [`my_acc.md`](my_acc.md) | 4 | 1 | 1 | 1 | 1 | 1 |" in rendered[Path("index.md")]
    assert notes.render([page]) == rendered          # no date: the same notes, the same bytes


def test_a_bound_s_plot_is_the_same_bytes_run_to_run(tmp_path):
    points = tuple((x / 8, abs(x) / 64, 1 / 8) for x in range(-40, 41))     # above the bound where |x| > 8
    first, second = tmp_path / "a.svg", tmp_path / "b.svg"
    errorplot.write_bound(first, "line 10", "fp16", "X", points)
    errorplot.write_bound(second, "line 10", "fp16", "X", points)
    assert first.read_bytes() == second.read_bytes()
    text = first.read_text()
    assert "<dc:date>" not in text and "above it: 64 inputs" in text


@pytest.mark.slow     # about 25 s on a loaded machine: check-spec on the note, every FP16 input for the plots
@needs_coq
@pytest.mark.skipif(shutil.which("gappa") is None, reason="gappa is not installed (apt-get install gappa)")
def test_report_notes_writes_a_page_and_plots_per_note_and_the_index(tmp_path):
    out = tmp_path / "reports"
    done = subprocess.run([sys.executable, "-m", "divbridge.cli", "report", "--notes", str(EXP_STYLE), "--out",
                           str(out)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    written = sorted(p.name for p in (out / "notes").iterdir())
    assert written == ["exp_style-line30.svg", "exp_style-line31.svg", "exp_style.html", "exp_style.md",
                       "index.html", "index.md"]
    page = (out / "notes" / "exp_style.md").read_text()
    assert "7 claims, 3 false; 4 proved" in page
    line30 = next(row for row in page.splitlines() if row.startswith("| 30 |"))
    assert "| proved |" in line30 and "gappa+coq proved" in line30 and "(exp_style-line30.svg)" in line30
    line31 = next(row for row in page.splitlines() if row.startswith("| 31 |"))
    assert "| false |" in line31 and "bits 0xc01" in line31
    assert "above it: 0 inputs" in (out / "notes" / "exp_style-line30.svg").read_text()
    assert "above it: 0 inputs" not in (out / "notes" / "exp_style-line31.svg").read_text()
    missing = subprocess.run([sys.executable, "-m", "divbridge.cli", "report", "--notes", str(tmp_path / "no.md"),
                              "--out", str(tmp_path / "other")], capture_output=True, text=True, timeout=600)
    assert missing.returncode == 2 and len(missing.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "other" / "notes").exists()

"""`divbridge prove` without --spec: every document of proofs/spec/ on one pool, each operator's evidence in its
own directory (Div's in the output root as before, Mul's in mul/ under it), a summary per document and one line
for all, exit 0 only when every document is as expected; the up-to-date check per document.

Each test works in a project of its own (a temporary working directory with proofs/spec/), on a few obligations
proved by Z3 alone: a filtered run, which never writes proofs/."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from divbridge.cli import main

ROOT = Path(__file__).resolve().parents[1]
ONLY = ["--only", "real.generic.div_by_one", "--only", "mul.float.fp16.example.*", "--provers", "z3",
        "--no-crosscheck", "--timeout", "300"]
UP_TO_DATE = "up to date: the document, divbridge"
# Mul's worked example in every float format, with its first product stated wrongly (3 x 0.25 is 0.75)
WRONG_PRODUCT = ("C = \\begin{bmatrix} 0.75 & -3", "C = \\begin{bmatrix} 0.5 & -3")


@pytest.fixture
def project(tmp_path, monkeypatch):
    """A project whose proofs/spec/ holds Div's and Mul's documents, its caches under it, as the working
    directory."""
    (tmp_path / "proofs" / "spec").mkdir(parents=True)
    for name in ("div.md", "mul.md"):
        shutil.copy(ROOT / "proofs" / "spec" / name, tmp_path / "proofs" / "spec" / name)
    monkeypatch.setenv("DIVBRIDGE_CACHE", str(tmp_path / "cache"))
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _run(capsys, *args: str) -> tuple[int, str]:
    code = main(["prove", *ONLY, *args])
    return code, capsys.readouterr().out


def _ids(path: Path) -> list[str]:
    return [entry["id"] for entry in json.loads(path.read_text())["obligations"]]


def _tree(root: Path) -> dict[str, bytes]:
    return {path.relative_to(root).as_posix(): path.read_bytes() for path in sorted(root.rglob("*")) if path.is_file()}


def test_each_operators_evidence_goes_to_its_directory_and_proofs_is_not_written(project, capsys):
    before = _tree(project / "proofs")
    code, printed = _run(capsys)
    assert _tree(project / "proofs") == before   # a filtered run: build/filtered/, never the baseline
    out = project / "build" / "filtered"
    assert _ids(out / "results.json") == ["real.generic.div_by_one"]
    mul = _ids(out / "mul" / "results.json")
    assert mul and all(oid.startswith("mul.float.fp16.example.") for oid in mul)
    assert sorted(p.name for p in (out / "mul" / "smt").iterdir()) == sorted(f"{oid}.smt2" for oid in mul)
    assert not (out / "smt" / f"{mul[0]}.smt2").exists()   # no operator's file in another's directory
    # one pool for both documents; a summary each, then one line for all
    assert f"the {1 + len(mul)} obligations of the 2 documents on one pool of" in printed
    assert printed.count("results written to") == 2
    assert "divbridge prove: 2 documents, " in printed
    assert "  proofs/spec/div.md: as expected (build/filtered/results.json)" in printed
    assert code == (0 if "  proofs/spec/mul.md: as expected" in printed else 1)


def test_one_document_not_as_expected_is_exit_1_and_named(project, capsys):
    spec = project / "proofs" / "spec" / "mul.md"
    spec.write_text(spec.read_text().replace(*WRONG_PRODUCT))
    code, printed = _run(capsys, "--out", "out")
    assert code == 1
    assert "divbridge prove: 2 documents, 1 as expected, 1 NOT as expected:" in printed
    assert "  proofs/spec/div.md: as expected (out/results.json)" in printed
    assert "  proofs/spec/mul.md: NOT as expected (out/mul/results.json)" in printed
    refuted = [entry for entry in json.loads((project / "out" / "mul" / "results.json").read_text())["obligations"]
               if entry["verdict"] == "refuted"]
    assert [entry["id"] for entry in refuted] == ["mul.float.fp16.example.example_1"]


def test_only_the_edited_document_is_proved_again(project, capsys):
    """Each document's run stands on its own stamp: Mul's evidence rewritten (in out/mul/, inside Div's out/)
    does not make Div's stand no longer."""
    _run(capsys, "--out", "out")
    code, warm = _run(capsys, "--out", "out")
    assert warm.count(UP_TO_DATE) == 2 and "] ok " not in warm
    spec = project / "proofs" / "spec" / "mul.md"
    spec.write_text(spec.read_text().replace(*WRONG_PRODUCT))
    code, edited = _run(capsys, "--out", "out")
    assert code == 1
    assert f"divbridge prove: proofs/spec/div.md: {UP_TO_DATE}" in edited
    assert f"proofs/spec/mul.md: {UP_TO_DATE}" not in edited and "mul.float.fp16.example.example_1" in edited
    code, again = _run(capsys, "--out", "out")
    assert code == 1 and again.count(UP_TO_DATE) == 2
    assert "  proofs/spec/mul.md: NOT as expected (out/mul/results.json)" in again


def test_a_documents_stamp_stands_on_its_own_cache_entries(project, capsys):
    """A cache entry of Mul's changed: Mul's results no longer stand (its entry is read again), Div's do."""
    _run(capsys, "--out", "out")
    entries = [path for path in (project / "cache" / "proofs").glob("??/*.json")
               if json.loads(path.read_text())["obligation"].startswith("mul.")]
    entries[0].write_text(json.dumps(json.loads(entries[0].read_text())))   # the same entry, other bytes
    code, printed = _run(capsys, "--out", "out")
    assert f"divbridge prove: proofs/spec/div.md: {UP_TO_DATE}" in printed
    assert f"proofs/spec/mul.md: {UP_TO_DATE}" not in printed and "(cached)" in printed


def test_a_document_only_selects_nothing_of_is_left_out(project, capsys):
    args = ["prove", "--only", "real.generic.div_by_one", "--provers", "z3", "--no-crosscheck", "--out", "out"]
    code = main(args)
    printed = capsys.readouterr().out
    assert code == 0 and "proofs/spec/mul.md: no obligation matches --only: left out" in printed
    assert not (project / "out" / "mul").exists() and "2 documents" not in printed
    assert main(args) == 0   # Div's results stand, Mul is left out again: nothing else is run
    again = capsys.readouterr().out
    assert UP_TO_DATE in again and "no obligation matches --only: left out" in again and "smoke tests: are the hypotheses" not in again


def test_replay_replays_each_documents_evidence(project, capsys):
    _run(capsys, "--out", "out")
    code = main(["prove", "--replay", *ONLY[:4], "--provers", "z3", "--out", "out"])
    printed = capsys.readouterr().out
    assert code == 0
    assert "replay: proofs/spec/mul.md: the evidence of out/mul/results.json" in printed
    assert "replay: 2 documents: proofs/spec/div.md replayed; proofs/spec/mul.md replayed" in printed


def test_two_documents_of_one_operator_are_one_line_exit_2(project, capsys):
    shutil.copy(project / "proofs" / "spec" / "div.md", project / "proofs" / "spec" / "div2.md")
    assert main(["prove", *ONLY, "--out", "out"]) == 2
    error = capsys.readouterr().err
    assert error.startswith("divbridge: error: proofs/spec/div2.md: a second document of Div") and error.count("\n") == 1
    assert not (project / "out").exists()


def test_a_second_document_of_an_operator_whose_results_stand_is_refused_too(project, capsys):
    _run(capsys, "--out", "out")
    results = (project / "out" / "results.json").read_bytes()
    shutil.copy(project / "proofs" / "spec" / "div.md", project / "proofs" / "spec" / "div2.md")
    assert main(["prove", *ONLY, "--out", "out"]) == 2   # Div's stands: div2.md would write over its evidence
    assert "proofs/spec/div2.md: a second document of Div (the first: proofs/spec/div.md)" in capsys.readouterr().err
    assert (project / "out" / "results.json").read_bytes() == results


def test_no_document_to_prove_is_one_line_exit_2(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["prove", *ONLY]) == 2
    assert "proofs/spec: no spec document (*.md) to prove" in capsys.readouterr().err

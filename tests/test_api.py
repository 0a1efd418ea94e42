"""The Python API (`divbridge.api`, re-exported by `divbridge`): each function does what its command does, and
the command line is built on it."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

import divbridge
from divbridge import api
from divbridge.cli import main

ROOT = Path(__file__).resolve().parents[1]
DIV = ROOT / "proofs" / "spec" / "div.md"
needs_z3 = pytest.mark.skipif(shutil.which("z3") is None, reason="z3 is not installed (apt-get install z3)")


def test_the_api_is_divbridges_and_importing_divbridge_loads_none_of_it():
    assert all(getattr(divbridge, name) is getattr(api, name) for name in api.__all__)
    assert set(api.__all__) <= set(dir(divbridge))
    loaded = subprocess.run([sys.executable, "-c", "import divbridge, sys; print('numpy' in sys.modules, "
                             "'divbridge.api' in sys.modules)"], capture_output=True, text=True, check=True)
    assert loaded.stdout.split() == ["False", "False"]   # a command's start-up does not pay for the API


def test_evaluate_is_ieee_division_in_fp16_and_the_exact_path_agrees_bit_for_bit():
    bits = np.arange(0, 1 << 16, 97, dtype=np.uint16)
    a, b = bits.view(np.float16), bits[::-1].copy().view(np.float16)
    fast = divbridge.evaluate("Div", a, b, dtype="fp16")
    exact = divbridge.evaluate("div", a, b, dtype="fp16", method="exact")
    with np.errstate(all="ignore"):   # binary32 holds the exact quotient's rounding to binary16 here (2p+2 <= 24)
        ieee = (a.astype(np.float32) / b.astype(np.float32)).astype(np.float16)
    same = lambda x, y: (x.view(np.uint16) == y.view(np.uint16)) | (np.isnan(x) & np.isnan(y))
    assert same(fast, ieee).all() and same(exact, fast).all()
    assert divbridge.evaluate("Div", [1.0], [-0.0], dtype="fp16")[0] == -np.inf


def test_evaluate_takes_every_operator_and_its_semantics():
    assert divbridge.evaluate("Mul", [100, -3], [2, 5], dtype="int8").tolist() == [-56, -15]   # wraps around
    assert divbridge.evaluate("Sub", [0], [1], dtype="uint8").tolist() == [255]
    assert divbridge.evaluate("Add", ["1/3"], ["1/6"], dtype="real").tolist() == [Fraction(1, 2)]
    assert divbridge.evaluate("Div", [-7], [2], dtype="int32").tolist() == [-3]                # truncates
    # the profiles of the operator's description: OpenVINO's Divide floors (m_pythondiv)
    assert divbridge.evaluate("Div", [-7], [2], dtype="int32", profile="openvino").tolist() == [-4]


@pytest.mark.parametrize("call, tag", [
    (lambda: divbridge.evaluate("Div", [7], [0], dtype="int8"), "E_DIV_INT_CONSTR_B_0010"),
    (lambda: divbridge.evaluate("Mul", [1, 2], [3], dtype="fp32"), "R1"),   # SONNX: one shape, no broadcast
    (lambda: divbridge.evaluate("Add", np.array([1], np.int16), np.array([1], np.int16), dtype="int8"), "R2"),
])
def test_evaluate_refuses_what_the_profile_leaves_undefined_naming_its_tag(call, tag):
    with pytest.raises(divbridge.SpecViolation) as refused:
        call()
    assert refused.value.tag == tag


def test_evaluate_names_an_unknown_operator():
    with pytest.raises(divbridge.InputError, match=r"unknown operator 'Power' \(known: Div, Mul, Add, Sub, Neg, .*Pow"):
        divbridge.evaluate("Power", [1], [2], dtype="fp32")


def test_read_is_what_read_json_writes(tmp_path):
    assert main(["read", str(DIV), "--json", str(tmp_path / "reading.json")]) == 0
    reading = divbridge.read(DIV)
    assert json.loads((tmp_path / "reading.json").read_text()) == json.loads(json.dumps(reading))
    tags = {r["tag"] for section in reading["sections"] for r in section["requirements"]}
    assert "E_DIV_INT_CONSTR_AB_0020" in tags and reading["parts"] > 40


def test_read_refuses_a_document_of_no_operator(tmp_path):
    other = tmp_path / "pow.md"
    other.write_text("# Pow\n\nNothing divbridge knows.\n")
    with pytest.raises(divbridge.InputError, match="pow.md"):
        divbridge.read(other)


def test_check_finds_a_wrong_example_at_its_line(tmp_path):
    wrong = tmp_path / "div.md"
    text = DIV.read_text()
    wrong.write_text(text.replace(r"C = \begin{bmatrix} 3 & 2 & 0 & 14 & 127", r"C = \begin{bmatrix} 3 & 2 & 0 & 15 & 127"))
    line = 1 + wrong.read_text().split(r"0 & 15 & 127")[0].count("\n")
    found = divbridge.check(wrong)
    assert found["exit_code"] == 1
    assert [(f["kind"], f["line"]) for f in found["findings"] if f["kind"] == "incorrect"] == [("incorrect", line)]
    assert divbridge.check(DIV)["exit_code"] == 0


def test_the_command_line_prints_what_the_api_returns(monkeypatch, capsys):
    """read, check-spec, eval and report call the API: what it returns is what they print and exit with."""
    made_up = {"document": "made-up.md", "sections": [], "parts": 7, "not_understood": 3, "findings": [],
               "notes": []}
    monkeypatch.setattr(api, "read", lambda document: made_up)
    assert main(["read", str(DIV)]) == 0
    assert capsys.readouterr().out.startswith("made-up.md: 7 parts read, 3 not understood")
    checked = divbridge.check(DIV)
    monkeypatch.setattr(api, "check", lambda document, strict=False, accepted=(): {**checked, "exit_code": 1})
    assert main(["check-spec", str(DIV)]) == 1
    monkeypatch.setattr(api, "evaluate", lambda *args, **kwargs: np.array([-3], np.int8))
    assert main(["eval", "int8", "7", "2"]) == 0
    assert capsys.readouterr().out.endswith("-3 (0xfd)\n")


def test_load_results_and_write_reports(tmp_path):
    results = divbridge.load_results(ROOT / "proofs" / "results.json")
    assert results.obligations and results.summary["total"] == len(results.obligations)
    written = divbridge.write_reports(ROOT / "proofs" / "results.json", tmp_path / "reports")
    assert sorted(p.name for p in written) == ["index.html", "junit.xml", "report.md", "results.json"]
    with pytest.raises(divbridge.InputError, match="missing.json"):
        divbridge.load_results(tmp_path / "missing.json")


@needs_z3
def test_prove_runs_the_command_and_returns_its_results(tmp_path, capsys):
    results = divbridge.prove(DIV, out=tmp_path / "out", only=["int.int8.truncation.*", "int.int8.probe.*"],
                              provers=["z3"], crosscheck=False, quiet=True)
    assert capsys.readouterr().out == ""
    assert {r.id for r in results.obligations} == {
        "int.int8.truncation.trunc_identity", "int.int8.truncation.trunc_magnitude",
        "int.int8.truncation.trunc_sign", "int.int8.truncation.trunc_toward_zero", "int.int8.probe.int_min_div_minus_one"}
    verdicts = {r.id: r.verdict for r in results.obligations}
    assert verdicts["int.int8.probe.int_min_div_minus_one"] == "refuted" and results.as_expected
    assert (tmp_path / "out" / "results.json").is_file()


def test_prove_raises_the_commands_one_line(tmp_path):
    untagged = tmp_path / "untagged.md"
    untagged.write_text("# `Div` operator (real)\n\nThe quotient is exact.\n")
    with pytest.raises(divbridge.InputError, match=r"untagged\.md: no requirement tag in the document"):
        divbridge.prove(untagged, out=tmp_path / "out", quiet=True)

"""A fifth operator through the whole pipeline (issue 37's test of "the operator is a parameter"): one
description in a temporary registry and one document, then read, check-spec, prove of every document of a
project and the reports, with nothing of the pipeline told about it."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from divbridge import operators
from divbridge.cli import main
from divbridge.operators.mul import MUL

ROOT = Path(__file__).resolve().parents[1]

# A throwaway operator: the element-wise product under a name no module knows, found by its own heading
# pattern and tag prefix (E_PROD_...); its semantics, names and kernels are Mul's.
PROD = dataclasses.replace(MUL, name="Prod", vocabulary=dataclasses.replace(MUL.vocabulary, heading=r"\bprod\b"))


def _document() -> str:
    """The project's Mul document renamed to Prod, in one float and two integer types (a quick proof run)."""
    text = (ROOT / "proofs" / "spec" / "mul.md").read_text(encoding="utf-8")
    return text.replace("Mul", "Prod").replace("E_MUL_", "E_PROD_") \
        .replace("(FP16, BFLOAT16, FP32, FP64)", "(FP16)") \
        .replace("(INT8, INT16, INT32, INT64, UINT8, UINT16, UINT32, UINT64)", "(INT8, UINT8)")


@pytest.fixture
def project(tmp_path, monkeypatch):
    """A project whose proofs/spec/ holds the fifth operator's document only, with Prod registered."""
    monkeypatch.setitem(operators.OPERATORS, PROD.name, PROD)
    spec = tmp_path / "proofs" / "spec"
    spec.mkdir(parents=True)
    (spec / "prod.md").write_text(_document(), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_fifth_operator_goes_through_read_check_spec_prove_and_the_reports(project, capsys):
    assert main(["read", "proofs/spec/prod.md"]) == 0
    read = capsys.readouterr().out
    assert "IEEE 754 multiplication" in read and "binds: prod.shape.tensor.elementwise" in read

    assert main(["check-spec", "proofs/spec/prod.md"]) == 0
    capsys.readouterr()

    assert main(["prove"]) == 0       # a complete run: every document of proofs/spec/, into its evidence
    printed = capsys.readouterr().out
    assert "results written to proofs/prod/results.json" in printed and "NOT as expected" not in printed
    results = json.loads((project / "proofs" / "prod" / "results.json").read_text(encoding="utf-8"))
    obligations = results["obligations"]
    assert obligations and all(o["id"].startswith("prod.") and o["operator"] == "Prod" for o in obligations)
    ids = {o["id"] for o in obligations}
    # its rules, probes, theorems, wrap-around rows and tensor goals, each in the types its document lists
    assert {"prod.float.fp16.special.zero_times_inf", "prod.float.fp16.generic.associative",
            "prod.float.fp16.theorem.relative_error", "prod.shape.tensor.elementwise"} <= ids
    assert any(i.startswith("prod.int.int8.wraparound.") for i in ids)
    assert not any(".bf16." in i or ".int16." in i for i in ids)
    assert {o["verdict"] for o in obligations if o["expect"] == "invalid"} == {"refuted"}
    # the rendered proofs are named after it
    assert (project / "proofs" / "prod" / "why3" / "prod_float_fp16.mlw").is_file()
    assert (project / "proofs" / "prod" / "why3" / "prod_shape.mlw").is_file()
    assert not (project / "proofs" / "results.json").exists()      # nothing written as the default operator's

    assert main(["report"]) == 0
    capsys.readouterr()
    report = (project / "reports" / "prod" / "report.md").read_text(encoding="utf-8")
    assert "ONNX Prod" in report and "E_PROD_INT_FUNC_0010" in report
    index = (project / "reports" / "index.md").read_text(encoding="utf-8")
    row = next(line for line in index.splitlines() if line.startswith("| Prod |"))
    assert "| as expected |" in row and "[report](prod/report.md)" in row

"""check-spec on the seed documents: the known defects are found, correct text passes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from divbridge.cli import main
from divbridge.checkspec.analysis import analyse, analyse_text

from conftest import SEEDS, needs_seeds

pytestmark = needs_seeds
SEED_000 = SEEDS / "000_16275cc1406d3c06.txt"
SEED_001 = SEEDS / "001_1a2e9c884dfd2130.txt"
SEED_003 = SEEDS / "003_12b73b737d51847e.txt"


@pytest.fixture(scope="module")
def seed000():
    return analyse(SEED_000)


@pytest.fixture(scope="module")
def seed001():
    return analyse(SEED_001)


def _at(result, line, kind=None):
    return [f for f in result["findings"] if f["line"] == line and (kind is None or f["kind"] == kind)]


def _claim(result, kind, line):
    return next(c for c in result["claims"] if c["kind"] == kind and c["line"] == line)


def test_seed000_float_table_leaves_zero_numerator_uncovered(seed000):
    uncovered = [f for f in _at(seed000, 131, "incomplete") if "no row covers" in f["message"]]
    assert len(uncovered) == 1
    cex = uncovered[0]["counterexample"]
    assert cex.startswith("A = 0.0") or cex.startswith("A = -0.0")
    assert "B = nan" not in cex and "B = 0.0" not in cex and "B = -0.0 " not in cex


def test_seed000_inf_row_wrong_for_sign_and_nan(seed000):
    wrong = [f["counterexample"] for f in _at(seed000, 133, "incorrect")]
    assert any(c.startswith("A = -1.0") and "B = 0.0" in c for c in wrong), wrong          # negative numerator
    assert any("B = -0.0 (fp16 0x8000)" in c and not c.startswith("A = nan") for c in wrong)  # -0 denominator
    assert any(c.startswith("A = nan") for c in wrong)                                    # NaN numerator
    assert all("(fp16 0x" in c for c in wrong)


def test_seed000_correct_parts_pass(seed000):
    assert not _at(seed000, 132) and not _at(seed000, 134)   # the quotient and nan rows are right
    real_table = _claim(seed000, "case-table", 33)
    assert real_table["verdict"] == "holds"
    for line in (44, 56, 143, 156):                          # real examples and the two float examples
        assert _claim(seed000, "example", line)["verdict"] == "holds"


def test_seed000_int_section_incomplete(seed000):
    found = _at(seed000, 208, "incomplete")
    assert found and "int8" in found[0]["counterexample"]
    assert seed000["exit_code"] == 1


def test_seed001_inf_claim_false(seed001):
    wrong = [f["counterexample"] for f in _at(seed001, 37, "incorrect")]
    assert any(c.startswith("A = 0.0") and "B = 0.0" in c for c in wrong)                 # 0/0 is NaN
    assert any(c.startswith("A = -1.0") and "B = 0.0" in c for c in wrong)                # -1/+0 is -inf
    assert any("gives nan" in f["message"] for f in _at(seed001, 37))
    assert any("gives -inf" in f["message"] for f in _at(seed001, 37))


def test_seed001_why3_does_not_type_check(seed001):
    messages = " | ".join(f["message"] for f in seed001["findings"] if 132 <= f["line"] <= 157)
    assert "unbound function or predicate symbol 'product'" in messages
    assert "syntax error at 'rec'" in messages
    assert "'C' is not bound" in messages
    assert _claim(seed001, "why3", 132)["verdict"] == "fails"


def test_seed001_postcondition_unsatisfiable_when_b_zero(seed001):
    found = [f for f in _at(seed001, 157, "incorrect") if "postcondition" in f["message"]]
    assert found and "B.data[0] = 0" in found[0]["counterexample"]


def test_seed003_onnx_examples_pass():
    result = analyse(SEED_003)
    examples = [c for c in result["claims"] if c["kind"] == "example"]
    assert len(examples) == 5 and all(c["verdict"] == "holds" for c in examples)
    assert result["exit_code"] == 0


def test_wrong_example_and_wrong_types_are_found():
    text = SEED_003.read_text().replace("[[5., 5., 6.],", "[[5., 5., 7.],").replace("tensor(int8)", "tensor(int4)")
    result = analyse_text(text, "doc.txt")
    assert any(f["kind"] == "incorrect" and "C = ≈7" in f["message"] for f in result["findings"])
    assert any(f["kind"] == "ill-formed" and "int4" in f["message"] for f in result["findings"])


SMALL = r"""# `Div` operator (FP16)
$$
C[i] = \begin{cases}
\frac{A[i]}{B[i]} & \text{if } B[i] \neq 0 \\
\operatorname{sign}(A[i]) \cdot \operatorname{sign}(B[i]) \cdot \infty & \text{if } B[i] = 0 \text{ and } A[i] \neq 0 \text{ and } A[i] \text{ is not nan} \\
\text{nan} & \text{otherwise}
\end{cases}
$$
"""


def test_a_complete_correct_table_passes():
    result = analyse_text(SMALL, "small.md")
    assert result["findings"] == [] and result["exit_code"] == 0


def test_pm_is_ambiguous_and_a_wrong_sign_rule_is_incorrect():
    pm = analyse_text(SMALL.replace(r"\operatorname{sign}(A[i]) \cdot \operatorname{sign}(B[i]) \cdot \infty",
                                    r"\pm\infty"), "pm.md")
    assert [f["kind"] for f in pm["findings"]] == ["ambiguous"] and pm["exit_code"] == 0
    wrong = analyse_text(SMALL.replace(r"\cdot \operatorname{sign}(B[i]) ", ""), "sign.md")
    assert wrong["exit_code"] == 1
    assert all("B = -0.0" in f["counterexample"] for f in wrong["findings"] if f["kind"] == "incorrect")


def test_cli_json_and_exit_codes(tmp_path, capsys):
    out = tmp_path / "r.json"
    assert main(["check-spec", str(SEED_000), "--json", str(out)]) == 1
    data = json.loads(out.read_text())
    assert set(data) == {"document", "requirements", "claims", "findings", "specification"}
    assert {"R1", "R2", "RG1"} <= {r["tag"] for r in data["requirements"]}
    assert "133: incorrect" in capsys.readouterr().out
    assert main(["check-spec", str(tmp_path / "missing.md")]) == 2
    bad = tmp_path / "bad.md"
    bad.write_bytes(b"\xff\xfe\x00")
    assert main(["check-spec", str(bad)]) == 2

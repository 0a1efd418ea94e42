"""Every case a document states is encoded exactly in every backend, or it is unread: never `true`."""

import numpy as np
import pytest

from divbridge.formats import get_format
from divbridge.obligations.document import read
from divbridge.statements import case_table
from divbridge.operators.div import DIV


FP16 = get_format("fp16")
OTHERWISE = ("atom", "B", "≠", ("number", "0", ""))


@pytest.mark.parametrize("result, gap", [
    (("quotient", "", "0", "ceil"), ""),
    (("quotient", "-", "0", "trunc"), ""),
    (("quotient", "", "0", "round"), ""),
    (("quotient", "", "0", "max"), "max(A/B)"),          # a rounding the reader may learn before the encoders
    (("quotient", "±", "0", ""), "sign '±'"),
    (("sign", "±", "zero", ""), "states no sign"),
    (("abs", "", "0", ""), "'abs'"),
    (("number", "±", "1", ""), "number ±1"),
    (("number", "±", "0", ""), ""),                      # ±0: a zero of either sign
])
def test_encoding_gap_names_what_no_backend_encodes(result, gap):
    found = case_table.encoding_gap(OTHERWISE, result)
    assert (gap in found and found) if gap else found == ""


def test_encoders_raise_on_a_gap_instead_of_writing_true():
    for encode in (lambda r: case_table.smt_result(r, FP16, DIV), lambda r: case_table._why3_result(r, FP16, DIV)):
        with pytest.raises(ValueError, match="no exact encoding"):
            encode(("quotient", "", "0", "max"))
    with pytest.raises(ValueError, match="no exact encoding"):
        case_table.smt_condition(("atom", "A", "≈", None), FP16)


def test_a_ceil_row_states_its_rounding_in_every_backend():
    row = ("quotient", "", "0", "ceil")
    assert case_table.smt_result(row, FP16, DIV) == "(= q (fp.roundToIntegral RTP (fp.div RNE a b)))"
    assert case_table._why3_result(row, FP16, DIV) == "q = roundToIntegral RTP (div a b)"
    a = np.array([1.0, -1.0, 4.0], dtype=np.float16)
    b = np.array([2.0, 2.0, 2.0], dtype=np.float16)
    params = {"condition": ("true",), "result": row}
    applies, holds = case_table._predicate(params, FP16, (a, b))
    assert applies.all() and list(holds) == [False, False, True]   # 0.5 -> 1, -0.5 -> -0 (not -0.5), 2 -> 2


def _ceil_copy(tmp_path):
    text = open("proofs/spec/div.md", encoding="utf-8").read()
    assert "\\frac{A[i]}{B[i]} & \\text{otherwise}" in text
    copy = tmp_path / "div.md"
    copy.write_text(text.replace("\\frac{A[i]}{B[i]} & \\text{otherwise}",
                                 "\\lceil \\frac{A[i]}{B[i]} \\rceil & \\text{otherwise}"), encoding="utf-8")
    return copy


def test_a_ceil_row_is_a_row_at_its_line(tmp_path):
    binding = read(_ceil_copy(tmp_path))
    otherwise = [row for table in binding.tables for row in table.rows if row.line == 81]
    assert [row.result for row in otherwise] == [("quotient", "", "0", "ceil")]
    assert not any(u.line == 81 for u in binding.unread)


def test_a_row_with_a_gap_is_unread_not_a_row(tmp_path, monkeypatch):
    from divbridge.obligations import document
    monkeypatch.setattr(document, "encoding_gap",
                        lambda condition, result, op=None: "no ceil" if result[3] == "ceil" else "")
    binding = read(_ceil_copy(tmp_path))
    assert not [row for table in binding.tables for row in table.rows if row.line == 81]
    assert [(u.line, u.why) for u in binding.unread if u.line == 81] == [(81, "no ceil")]



INT_ROW = ("\\frac{A[i]}{B[i]} & \\text{if } B[i] \\neq 0 \\text{ and } B[i] \\neq -1 \\\\", 116)
REAL_ROW = ("\\frac{A[i]}{B[i]} & \\text{if } B[i] \\neq 0 \\\\", 34)


@pytest.mark.parametrize("row, line", [INT_ROW, REAL_ROW])
def test_check_spec_reads_an_integer_and_a_real_row_exactly(row, line, tmp_path, capsys):
    from divbridge import cli
    text = open("proofs/spec/div.md", encoding="utf-8").read()
    assert row in text
    for written, holds in (("\\lceil \\frac{A[i]}{B[i]} \\rceil", False), ("-\\frac{A[i]}{B[i]}", False),
                           ("\\lfloor \\frac{A[i]}{B[i]} \\rfloor", False), ("\\frac{A[i]}{B[i]}", True)):
        copy = tmp_path / "div.md"
        copy.write_text(text.replace(row, row.replace("\\frac{A[i]}{B[i]}", written, 1)), encoding="utf-8")
        cli.main(["check-spec", str(copy)])
        out = capsys.readouterr().out
        assert (f"{copy}:{line}: incorrect" not in out) == holds, (written, out[-400:])

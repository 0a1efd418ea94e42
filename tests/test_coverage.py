"""Reading coverage as a result: an unread statement inside a requirement is a check-spec finding at its line
and column, makes `prove` not as expected (naming tag, line and text), shows in the traceability matrix, and is
lost in `audit`; a rewording read as the same rule keeps its obligations."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from divbridge import audit, operators
from divbridge.checkspec.analysis import analyse_text
from divbridge.cli import main
from divbridge.obligations import coverage, document
from divbridge.obligations.catalog import obligations_of
from divbridge.document.reader import parse_document
from divbridge.report.model import document_requirements

DIV = Path(__file__).parent.parent / "proofs" / "spec" / "div.md"
PRODUCT = "an infinity carrying the product of the signs. `[E_DIV_FLOAT_DEF_0040]`"
UNKNOWN = "- The quotient is computed by a dedicated hardware unit. `[E_DIV_HW_0010]`\n"


@pytest.fixture(autouse=True)
def _cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("DIVBRIDGE_CACHE", str(tmp_path_factory.getbasetemp() / "cache"))


def _div() -> str:
    return DIV.read_text()


def _with_unknown(text: str) -> tuple[str, int]:
    """div.md with a sentence divbridge does not know under a tag of its own, and that sentence's line."""
    anchor = "- Sparse tensors are out of scope. `[RG1]`\n"
    assert text.count(anchor) == 1
    text = text.replace(anchor, anchor + UNKNOWN)
    return text, text[:text.index(UNKNOWN)].count("\n") + 1


def _obligations(text: str) -> set[str]:
    return {o.id for o in obligations_of(document.bind(parse_document(text, "div.md")))}


def test_the_product_of_both_signs_is_the_product_of_the_signs():
    text = _div()
    assert text.count(PRODUCT) == 1
    reworded = text.replace(PRODUCT, PRODUCT.replace("the product of the signs", "the product of both signs"))
    before, after = _obligations(text), _obligations(reworded)
    assert after == before
    assert {f"float.{f}.special.finite_div_zero_sign" for f in ("fp16", "bf16", "fp32", "fp64")} <= after
    assert document.bind(parse_document(reworded, "div.md")).unread == []


def test_check_spec_reports_an_unread_statement_at_its_line_and_column():
    text, line = _with_unknown(_div())
    result = analyse_text(text, "div.md")
    [finding] = [f for f in result["findings"] if f["kind"] == "unread"]
    assert (finding["line"], finding["column"]) == (line, 3)
    assert "E_DIV_HW_0010" in finding["message"] and "dedicated hardware unit" in finding["message"]
    assert result["exit_code"] == 3   # nothing wrong, something not read
    assert analyse_text(_div(), "div.md")["exit_code"] == 0
    assert analyse_text(_div(), "div.md")["findings"] == []


def test_check_spec_strict_fails_on_unread_and_counts_it(tmp_path, capsys):
    text, line = _with_unknown(_div())
    path = tmp_path / "div.md"
    path.write_text(text)
    assert main(["check-spec", str(path)]) == 3
    assert main(["check-spec", "--strict", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"div.md:{line}:3: unread: E_DIV_HW_0010" in out
    assert out.rstrip().endswith("1 unread")


def test_a_requirement_with_an_unread_statement_is_uncovered():
    text, line = _with_unknown(_div())
    binding = document.bind(parse_document(text, "div.md"))
    gaps = coverage.gaps(binding, obligations_of(binding))
    # the gap names the words not read and the column where reading stopped (`document.grammar`)
    [gap] = [str(g) for g in gaps]
    assert gap.startswith(f"E_DIV_HW_0010 line {line}: «The quotient is computed by a dedicated hardware unit.» not "
                          f"understood («dedicated hardware unit» not read (from line {line}, column ")
    clean = document.bind(parse_document(_div(), "div.md"))
    assert coverage.gaps(clean, obligations_of(clean)) == []


def test_a_claim_that_binds_no_obligation_is_uncovered():
    binding = document.bind(parse_document(_div(), "div.md"))
    kept = [o for o in obligations_of(binding) if "E_DIV_FLOAT_DEF_0060" not in o.requirements]
    [gap] = coverage.gaps(binding, kept)
    assert (gap.tag, gap.why) == ("E_DIV_FLOAT_DEF_0060", "binds no obligation")
    assert gap.text.startswith("A finite number over an infinity")


def test_prove_exits_1_naming_tag_line_and_text(tmp_path, capsys):
    text, line = _with_unknown(_div())
    path = tmp_path / "div.md"
    path.write_text(text)
    code = main(["prove", "--spec", str(path), "--only", "float.fp32.special.finite_div_zero_sign", "--provers", "z3",
                 "--no-crosscheck", "--out", str(tmp_path / "out")])
    out = capsys.readouterr().out
    assert code == 1
    assert (f"uncovered: E_DIV_HW_0010 line {line}: «The quotient is computed by a dedicated hardware unit.» not "
            "understood") in out
    recorded = json.loads((tmp_path / "out" / "results.json").read_text())["document"]
    [requirement] = [r for r in document_requirements(recorded, operators.get("Div")) if r.tag == "E_DIV_HW_0010"]
    [uncovered] = requirement.uncovered
    assert uncovered.startswith(f"uncovered: E_DIV_HW_0010 line {line}: «The quotient is computed by a dedicated "
                                "hardware unit.» not understood («dedicated hardware unit» not read")


def test_audit_reports_a_statement_that_becomes_unread_as_lost_at_its_line():
    old = _div()
    new = old.replace(PRODUCT, PRODUCT.replace("the product of the signs", "the signs multiplied in some way"))
    line = new[:new.index("the signs multiplied")].count("\n") + 1
    result = audit.audit(old, "old.md", new, "new.md")
    assert [(g["tag"], g["line"]) for g in result["lost"]] == [("E_DIV_FLOAT_DEF_0040", line)]
    assert result["exit_code"] == 1
    assert f"E_DIV_FLOAT_DEF_0040 line {line}" in result["worse"]
    assert "WORSE (lost)" in audit.render_text(result)
    assert [c["line"] for c in result["claims"]["removed"]] == [line]
    assert [c["id"] for c in result["claims"]["changed"]] == ["tag/E_DIV_FLOAT_DEF_0040"]
    assert result["tags"]["lines"] == {"E_DIV_FLOAT_DEF_0040": line}
    assert f"    E_DIV_FLOAT_DEF_0040 (line {line})" in audit.render_text(result).splitlines()
    same = audit.audit(old, "old.md", old.replace("the product of the signs. `[E_DIV_FLOAT_DEF_0040]`",
                                                  "the product of both signs. `[E_DIV_FLOAT_DEF_0040]`"), "new.md")
    assert same["lost"] == [] and same["exit_code"] == 0


SIGN_EVERYWHERE = """# `Div` operator (FP16, FP32)

### Requirements

- A quotient of two finite numbers is the exact quotient rounded to nearest, ties to even. `[E_DIV_FLOAT_DEF_0010]`
- A zero or infinite result carries {rule}. `[E_DIV_FLOAT_DEF_0020]`
"""


@pytest.mark.parametrize("rule, holds", [("the product of the signs of A and B", True), ("the sign of A", False)])
def test_a_sign_rule_with_no_condition_binds_an_obligation_everywhere(tmp_path, capsys, rule, holds):
    """Not uncovered (a false failure), and judged: the product of the signs is proved, A's sign refuted."""
    spec = tmp_path / "sign.md"
    spec.write_text(SIGN_EVERYWHERE.format(rule=rule))
    binding = document.bind(parse_document(spec.read_text(), str(spec)))
    signs = [t for t in binding.tables if t.kind == "sign"]
    assert {(r.condition, r.result[2]) for t in signs for r in t.rows} == {(("true",), "zero"), (("true",), "inf")}
    assert coverage.gaps(binding, obligations_of(binding)) == []
    code = main(["prove", "--spec", str(spec), "--out", str(tmp_path / "out"), "--provers", "z3",
                 "--only", "float.fp16.sign.*", "--no-crosscheck"])
    out = capsys.readouterr().out
    assert ("refuted  float.fp16.sign.everywhere_zero" in out) != holds
    assert code == (0 if holds else 1)


TWO_CASES = """# `Div` operator (FP16)

### Requirements

- A quotient of two finite numbers is the exact quotient rounded to nearest, ties to even. `[E_DIV_FLOAT_DEF_0010]`
- C[i] is NaN if A[i] and B[i] are both 0. `[E_DIV_FLOAT_DEF_0020]`
- C[i] is {result} if A[i] and B[i] are both 0. `[E_DIV_FLOAT_DEF_0030]`
"""


def test_two_cases_of_one_condition_that_differ_are_two_obligations_each_traced_to_its_own_tag():
    """Named alike by their condition, a second case stating something else is not merged into the first (its tag
    traced to the first's statement, its own claim never proved); a restatement is one obligation for both."""
    def cases(result):
        binding = document.bind(parse_document(TWO_CASES.format(result=result), "two.md"))
        return {o.id: (o.requirements, o.params["result"][0]) for o in obligations_of(binding) if ".case." in o.id}
    assert cases("0") == {"float.fp16.case.a_eq_0_and_b_eq_0": (("E_DIV_FLOAT_DEF_0020",), "nan"),
                          "float.fp16.case.a_eq_0_and_b_eq_0_2": (("E_DIV_FLOAT_DEF_0030",), "number")}
    assert cases("NaN") == {"float.fp16.case.a_eq_0_and_b_eq_0": (("E_DIV_FLOAT_DEF_0020", "E_DIV_FLOAT_DEF_0030"),
                                                                   "nan")}

"""A reading said back with the document's own names (`document.naming`): `read` and check-spec's claims name the
tensors as the section's signature does (``Z = Where(condition, X, Y)``), else as its formulas write them
(``Y[i] = |X[i]|``), else as the description does; never by the statements' positions (A, B, C), which for an
operator of three inputs would say its third input and its result with one letter."""

from pathlib import Path

from divbridge import api
from divbridge.document.formula import Atom, Literal, Result
from divbridge.document.meaning import Case

SPEC = Path(__file__).resolve().parent.parent / "proofs" / "spec"


def _said(document: Path) -> dict[int, dict]:
    """Each part of a document's typed sections, by line."""
    read = api.read(document)
    return {p["line"]: p for s in read["sections"] if s["types"]
            for p in [*s["outside"], *(q for r in s["requirements"] for q in r["parts"])]}


def _line(document: Path, text: str, after: int = 0) -> int:
    lines = document.read_text(encoding="utf-8").splitlines()
    return next(k for k, line in enumerate(lines, 1) if k > after and text in line)


def test_three_inputs_and_the_result_each_have_their_own_name():
    where = SPEC / "where.md"
    parts = _said(where)
    float_section = _line(where, "operator (FP16")
    row = parts[_line(where, r"X[i] & \text{if } condition[i]", float_section)]
    assert row["statements"] == ["condition = True → Z = X"]
    assert row["words"] == ["if condition[i] = True, Z[i] is X[i]"]
    assert parts[_line(where, r"Y[i] & \text{otherwise}", float_section)]["statements"] == ["otherwise → Z = Y"]
    shape = parts[_line(where, "All tensors have the same shape", float_section)]
    assert shape["statements"] == ["shape(condition) = shape(X) = shape(Y) = shape(Z)"]     # the result too
    semantics = parts[_line(where, "Selection follows IEEE 754 semantics")]
    # a selection is exact: nothing is rounded, and it is said as the call on its three inputs
    assert semantics["statements"] == ["Z[i] = Where(condition[i], X[i], Y[i]): IEEE 754 selection, exact"]
    assert semantics["per_type"][0].startswith("fp16: Z = Where(condition, X, Y) with p = 11")
    assert "RNE" not in " ".join(semantics["per_type"])


def test_an_unsigned_section_is_said_with_the_names_its_formulas_write():
    abs_document = SPEC / "abs.md"
    parts = _said(abs_document)
    row = parts[_line(abs_document, r"\text{nan} & \text{if } X[i] \text{ is nan}")]
    assert row["statements"] == ["X isnan → Y = nan"] and row["words"] == ["if X[i] is NaN, Y[i] is NaN"]
    shape = parts[_line(abs_document, "have one and the same shape", _line(abs_document, "# `Abs` operator (FP16"))]
    assert shape["statements"] == ["shape(X) = shape(Y)"]


def test_a_rounded_operation_keeps_its_rounding_and_its_own_names():
    div = SPEC / "div.md"
    said = [s for p in _said(div).values() for s in p["statements"]]
    assert "C[i] = A[i] ⊘ B[i]: IEEE 754 division, rounded to nearest even" in said
    assert "B ≠ 0 → C = A/B" in said


def test_check_spec_says_its_claims_with_the_document_s_names():
    claims = api.check(SPEC / "where.md")["claims"]
    tables = [c["words"] for c in claims if c["kind"] == "case-table"]
    assert tables and all(w == "if condition[i] = True, Z[i] is X[i]\nif no earlier case applies, Z[i] is Y[i]"
                          for w in tables)


def test_outside_a_document_a_statement_names_the_operands_by_position():
    case = Case(Atom("A", "<", Literal("operand", operand="B")), Result("operand", operand="B"))
    assert str(case) == "A < B → C = B"     # as the statements hold them: no section names them
    assert case.words() == "if A[i] < B[i], C[i] is B[i]"

"""check-spec and audit on the working group's layouts of Add, Sub and Mul (`tests/corpus_ops/README.md`):
the correct documents get no finding that fails or warns, the defects of `tests/corpus_ops/defects/` are
found at their lines, and nothing else is."""

from __future__ import annotations

from pathlib import Path

import pytest

from divbridge import audit, operators
from divbridge.checkspec.analysis import analyse
from divbridge.checkspec.smt import encoding, find
from divbridge.document.formula import Result
from divbridge.document.reader import read_document
from divbridge.formats import FORMATS
from divbridge.operators.model import OPERATION_RESULT

CORPUS = Path(__file__).resolve().parent / "corpus_ops"
LAYOUTS = sorted(CORPUS.glob("layout_*.md"))
WARNS = ("incorrect", "incomplete", "ill-formed", "ambiguous")


def _found(path: Path, kinds=WARNS) -> list[tuple]:
    return sorted((f["kind"], f["line"], f.get("column")) for f in analyse(path)["findings"] if f["kind"] in kinds)


@pytest.mark.parametrize("path", LAYOUTS, ids=lambda p: p.name)
def test_a_correct_document_in_each_layout_gets_no_finding(path):
    assert _found(path) == []


def test_a_tag_on_the_line_after_its_span_opens_the_requirement_that_its_end_closes():
    path = CORPUS / "layout_2026_cases.md"
    lines = path.read_text(encoding="utf-8").splitlines()
    doc = read_document(path)
    func = {t.tag: t for t in doc.tags if "_FUNC_" in t.tag}
    assert sorted(func) == ["E_SUB_FLOAT_FUNC_0010", "E_SUB_INT_FUNC_0010", "E_SUB_REAL_FUNC_0010"]
    real = func["E_SUB_REAL_FUNC_0010"]
    assert lines[real.line - 1].startswith("[E_SUB_REAL_FUNC_0010]") and real.column == 1
    assert lines[real.line - 2].startswith("<span") and lines[real.end - 1].endswith("[END]</br></span>")
    assert "subtracts each element of $B$" in real.text
    assert not [f for f in doc.findings if "[END]" in f.message]


def test_a_sentence_right_below_the_span_is_read_as_the_requirement_s_text():
    """`<span ...>` alone on its line makes CommonMark read the tag and the sentence under it as one HTML
    block; the sentence is the requirement's (Mul fef33d3, line 227)."""
    doc = read_document(CORPUS / "defects" / "add_2026_renamed.md")
    [part] = [p for p in doc.parts if p.line == 55]
    assert part.tag == "E_ADD_FLOAT_FUNC_0010" and part.reading.understood
    assert part.text.startswith("Operator Add adds $A$ and $B$ element by element")


def test_a_heading_left_from_another_operator_and_a_formula_naming_another_result_are_found_at_their_lines():
    path = CORPUS / "defects" / "add_2026_renamed.md"
    found = analyse(path)["findings"]
    warned = [(f["kind"], f["line"], f["message"]) for f in found if f["kind"] in WARNS]
    assert warned == [
        ("ambiguous", 7, "the heading names Div, but the document's other headings specify Add: its section is "
                         "read as Add's"),
        ("ambiguous", 24, "the formula defines C, but the section names its result Y"),
        ("ambiguous", 58, "the formula defines Y, but the section names its result C")]
    doc = read_document(path)
    assert [s.title for s in doc.sections][1:] == ["Div (real, real)", "Add (float, float)", "Add (int, int)"]
    assert {e.section for e in doc.examples} == {"Div (real, real)", "Add (float, float)", "Add (int, int)"}
    # Y[i] = ... under a signature naming C states nothing of C: unread, never judged
    assert [f["kind"] for f in found if f["line"] == 58] == ["ambiguous", "unread"]
    # a three-digit tag (Add 9678f28 to 55b00f0): information at its line, the tag still read
    assert [(f["kind"], f["message"]) for f in found if f["line"] == 20] == [
        ("information", "tag E_ADD_REAL_FUNC_010 does not end in the four-digit number of the scheme "
                        "E_<OP>_<FAMILY>_<KIND>_nnnn")]
    assert "E_ADD_REAL_FUNC_010" in {t.tag for t in doc.tags}


def test_the_2025_layout_s_wrong_examples_and_labels_are_found_and_its_unfinished_parts_are_information():
    path = CORPUS / "defects" / "sub_2025_examples.md"
    result = analyse(path)
    assert _found(path) == [("ambiguous", 39, 1), ("incorrect", 92, 25), ("incorrect", 103, 28)]
    assert "writes its result as A + B (Add's), but the document specifies Sub" in \
        next(f["message"] for f in result["findings"] if f["line"] == 39)
    messages = {f["line"]: f["message"] for f in result["findings"]}
    assert "A = 100 (uint8 0x64), B = 200 (uint8 0xc8): C = 44, subtraction modulo 2^8 gives 156" in messages[92]
    assert "A = -8 (int8 0xf8), B = -2 (int8 0xfe): C = -10, subtraction modulo 2^8 gives -6" in messages[103]
    unfinished = [(f["kind"], f["line"]) for f in result["findings"] if "marked unfinished" in f["message"]]
    assert unfinished == [("information", 43), ("information", 74), ("information", 107)]
    assert not [f for f in result["findings"] if "defines no result" in f["message"] or "tag FP" in f["message"]]
    doc = read_document(path)
    assert [s.types for s in doc.sections][1:] == [("real",), ("fp16", "fp32", "fp64"), ("int8", "uint8")]


def test_a_section_with_nothing_but_an_unfinished_mark_still_defines_no_result(tmp_path):
    """The control: the marker beside no definition, no example and no unread formula is incomplete."""
    text = (CORPUS / "defects" / "sub_2025_examples.md").read_text(encoding="utf-8")
    head = text.split('<a id="int"></a>')[0]
    bare = head + '<a id="int"></a>\n# $\\text{Sub}$ (int, int)\nwhere int is in {INT8, UINT8}\n\n' \
        "#### Numerical Accuracy\n*(To be completed.)*\n"
    line = bare.splitlines().index("*(To be completed.)*") + 1
    path = tmp_path / "sub.md"
    path.write_text(bare, encoding="utf-8")
    assert [(kind, at) for kind, at, _ in _found(path)] == [("ambiguous", 39), ("incomplete", line)]


def test_another_operator_s_own_operation_is_checked_as_that_operation_not_as_division():
    enc = encoding(FORMATS["fp16"], operators.get("Mul"))
    assert find(enc, enc.ok(Result(OPERATION_RESULT, infix="*")) == False).witnesses == ()   # noqa: E712 (a z3 term)
    wrong = find(enc, enc.ok(Result(OPERATION_RESULT, infix="/")) == False, limit=1)   # noqa: E712 (Div's fp.div, not fp.mul)
    assert wrong.status == "sat" and wrong.witnesses


def _version(text: str, old: str, new: str) -> str:
    assert old in text
    return text.replace(old, new)


def test_audit_loses_nothing_when_an_unread_statement_is_reworded_or_when_the_old_version_was_empty():
    text = (CORPUS / "layout_2026_cases.md").read_text(encoding="utf-8")
    reworded = _version(text, r"A[i] - B[i] + 2^{n} & \quad \textrm{if } A[i] < B[i]",
                        r"A[i] - B[i] + 2^{n} & \quad \textrm{if } B[i] > A[i]")
    result = audit.audit(text, "old.md", reworded, "new.md")
    assert result["lost"] == [] and result["exit_code"] == 0
    first = audit.audit("", "old.md", text, "new.md")
    assert first["lost"] == [] and first["exit_code"] == 0 and "E_SUB_INT_FUNC_0010" in first["tags"]["added"]
    # the tensor goals are Why3's: the audit's quick provers skip them, and says so, without calling them worse
    assert "obligation(s) not proved by the audit's provers" in audit.render_text(first)


def test_audit_still_loses_a_statement_that_was_read_and_is_not_any_more():
    text = (CORPUS / "layout_2026_cases.md").read_text(encoding="utf-8")
    real, rest = text.split("# **Sub** (float, float)")
    broken = real + "# **Sub** (float, float)" + _version(rest, "C[i] = A[i] - B[i]", r"C[i] = A[i] \ominus B[i]")
    line = broken.splitlines().index(r"C[i] = A[i] \ominus B[i]") + 1
    result = audit.audit(text, "old.md", broken, "new.md")
    assert [(g["tag"], g["line"]) for g in result["lost"]] == [("E_SUB_FLOAT_FUNC_0010", line)]
    assert result["exit_code"] == 1


def test_a_definition_in_another_operator_s_words_is_unread_at_its_line_not_read_as_the_section_s(tmp_path):
    """"Operator ADD divides A by B" over `A[i] + B[i]` (the words left from Div's page): which operation does
    the sentence define? Not read as Add's (it was, silently), reported unread at its line; Add's own words are."""
    text = (CORPUS / "defects" / "add_2026_renamed.md").read_text(encoding="utf-8")
    old = "Operator **Add** adds $A$ and $B$ element by element"
    assert old in text
    path = tmp_path / "add.md"
    path.write_text(text.replace(old, "Operator **ADD** divides $A$ by $B$ element by element"), encoding="utf-8")
    [part] = [p for p in read_document(path).parts if p.line == 55]
    assert not part.reading.understood and "another operation («divides»: Div's)" in part.reading.why
    assert ("unread", 55) in {(f["kind"], f["line"]) for f in analyse(path)["findings"]}

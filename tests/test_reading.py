"""The reader on documents in the styles of the SONNX working group's history (tests/corpus_wg, our own
words): the correct ones read clean, each planted defect gives exactly its finding at its line, what each
requirement binds in every type it lists, and `divbridge read`."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from divbridge import operators
from divbridge.checkspec.analysis import analyse_text
from divbridge.cli import main
from divbridge.document import meaning
from divbridge.document.formula import Atom, Or
from divbridge.document.latex import text_tokens, tokens
from divbridge.document.prose import read
from divbridge.document.reader import parse_document
from divbridge.obligations import document
from divbridge.obligations.catalog import obligations_of

CORPUS = Path(__file__).parent / "corpus_wg"
STYLES = sorted(CORPUS.glob("style_*.md"))
DEFECTS = ("incorrect", "incomplete", "ambiguous", "ill-formed")
needs_solvers = pytest.mark.skipif(shutil.which("z3") is None, reason="z3 is not installed (scripts/setup.sh)")


@pytest.fixture(autouse=True)
def _cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("DIVBRIDGE_CACHE", str(tmp_path_factory.getbasetemp() / "cache"))


def _text(name: str) -> str:
    return (CORPUS / name).read_text()


def _line(text: str, fragment: str) -> int:
    assert text.count(fragment) == 1, fragment
    return text[:text.index(fragment)].count("\n") + 1


def _serious(result: dict) -> list[tuple[str, int]]:
    return sorted({(f["kind"], f["line"]) for f in result["findings"] if f["kind"] in DEFECTS})


# what the styles state in their operator sections that divbridge does not read yet: the 2025 style's sentence on
# the output's special values (its restriction table rows, "statement | origin", are read as the general
# restrictions of the profile they cite)
UNREAD = {"style_2025": [143]}


@needs_solvers
@pytest.mark.parametrize("path", STYLES, ids=[p.stem for p in STYLES])
def test_each_style_reads_clean(path):
    result = analyse_text(path.read_text(), path.name)
    unread = [f["line"] for f in result["findings"] if f["kind"] == "unread"]
    assert unread == UNREAD.get(path.stem, [])
    assert result["exit_code"] == (3 if unread else 0) and _serious(result) == []
    doc = parse_document(path.read_text(), path.name)
    # every requirement the document defines is read, and every part of its text has a reading
    assert {u.tag for u in doc.tags} >= {r["tag"] for r in result["requirements"]}
    tagged = [p for p in doc.parts if p.tag]
    assert tagged and all(p.reading.understood for p in tagged if p.kind != "sentence" or len(p.text) > 30)


# (document, text replaced, replacement, the findings (kind, line of this fragment of the new text), cex fragment)
PLANTED = [
    ("style_2026.md", "the sign of $\\pm \\text{0}$ is determined from the signs of $A[i]$ and $B[i]$",
     "the sign of $\\pm \\text{0}$ is determined from the sign of $B[i]$",
     [("incorrect", "the sign of $\\pm \\text{0}$")], "A = -0.0"),
    ("style_2026.md", "\\pm\\text{inf} & \\text{if } A[i] \\neq 0 \\text{ and } A[i] \\text{ is not NaN and } B[i]= 0",
     "\\pm\\text{inf} & \\text{if } A[i] \\neq 0 \\text{ and } B[i]= 0",
     # the row now overlaps the NaN row too, with another result
     [("ambiguous", "\\pm\\text{inf} & \\text{if } A[i] \\neq 0"), ("incorrect", "\\pm\\text{inf} & \\text{if } A[i] \\neq 0")],
     "A = nan"),
    ("style_2026.md", "- `[E_DIV_I_CONSTR_B_0040]` No overflow\n  - Statement: for a signed type, the smallest value of "
     "the type divided by $-1$ is not allowed.\n", "",
     [("incomplete", "Operator **Div** divides tensor $A$ by tensor $B$ element by element and puts")],
     "A = -128 (int8 0x80), B = -1 (int8 0xff)"),
    ("style_2026.md", "its fractional part discarded", "rounded toward negative infinity",
     [("incorrect", "rounded toward negative infinity")], "A = -7 (int8 0xf9), B = 2 (int8 0x02)"),
    ("style_2026.md", "$\\forall i, B[i]\\neq 0$.", "$\\forall i, B|i]\\neq 0$.",
     [("ill-formed", "B|i]")], None),
    ("style_2025.md", "The sign of inf is determined according to the IEEE754 rules.\n", "",
     [("incorrect", "\\text{inf} & \\text{if } A[i] \\text{ is infinite"),
      ("incorrect", "\\text{inf} & \\text{if } A[i] \\neq 0")], "B = -"),
    ("style_2025.md", "4.2/2 & 3 & 3.1", "4.2/2 & 3 & 3.2", [("incorrect", "4.2/2 & 3 & 3.2")], "B = 4: C = 3.2"),
    ("style_spec1.md", "The quotient is rounded toward zero.", "The quotient is rounded to the nearest integer.",
     [("incorrect", "The quotient is rounded to the nearest integer.")], "(int16 0x"),
    ("style_spec1.md", "is negative exactly when the exclusive or of the signs of $A[i]$ and $B[i]$ is set",
     "takes the sign of $A[i]$", [("incorrect", "takes the sign of $A[i]$")], "B = -"),
]


@needs_solvers
@pytest.mark.parametrize("name,old,new,expected,cex", PLANTED, ids=[f"{p[0]}:{i}" for i, p in enumerate(PLANTED)])
def test_a_planted_defect_gives_exactly_its_finding(name, old, new, expected, cex):
    text = _text(name)
    assert text.count(old) == 1
    planted = text.replace(old, new)
    result = analyse_text(planted, name)
    assert _serious(result) == sorted((kind, _line(planted, fragment)) for kind, fragment in expected)
    if cex is not None:
        assert any(cex in (f["counterexample"] or "") for f in result["findings"] if f["kind"] in DEFECTS)
    # an ill-formed formula's sentence is unread too: nothing wrong is found, something is not read (3)
    assert result["exit_code"] == (1 if any(kind in ("incorrect", "incomplete") for kind, _ in expected) else
                                   3 if any(kind == "ill-formed" for kind, _ in expected) else 0)


def _sentence_tokens(sentence: str) -> list:
    """A sentence's tokens as the reader gives them: its words, and its inline math parsed as LaTeX."""
    pieces = sentence.split("$")
    return [t for k, piece in enumerate(pieces) for t in (tokens(piece) if k % 2 else text_tokens(piece))]


@pytest.mark.parametrize("sentence, sign, applies", [
    ("the sign of $\\pm\\text{inf}$ is determined from the signs of $A[i]$ and $B[i]$", "xor:AB", ("inf",)),
    ("The sign of $\\pm 0$ is determined from the sign of $B[i]$ according to the IEEE754 rules.", "xor:B", ("zero",)),
    ("The sign of inf is determined according to the IEEE 754 rules.", "xor:AB", ("inf",)),
    ("A zero or infinite result carries the sign of the numerator.", "xor:A", ("zero", "inf")),
    ("The sign of the result is the exclusive or of the signs of $A[i]$ and $B[i]$.", "xor:AB", ("zero", "inf")),
    ("A zero result is always positive.", "+", ("zero",)),
])
def test_sign_phrases_are_read_by_meaning(sentence, sign, applies):
    [rule] = [s for s in read(_sentence_tokens(sentence), sentence, "float").statements
              if isinstance(s, meaning.SignRule)]
    assert (rule.sign, rule.applies) == (sign, applies)


@pytest.mark.parametrize("name, infix", [("Div", "/"), ("Mul", "*"), ("Add", "+"), ("Sub", "-")])
def test_an_accuracy_sentence_reads_as_the_bound_on_the_document_s_own_operation(name, infix):
    sentence = "The rounding error is bounded as IEEE 754 bounds it."
    [accuracy] = read(text_tokens(sentence), sentence, "float", op=operators.get(name)).statements
    assert str(accuracy) == f"|C - A {infix} B| bounded as IEEE 754 rounding bounds it"


def test_the_zero_and_the_nth_case_are_resolved_against_the_table():
    doc = parse_document(_text("style_2026.md"))
    rules = {p.line: s for p, s in doc.statements(kind=meaning.SignRule)}
    third = rules[_line(_text("style_2026.md"), "In the third case")]
    fourth = rules[_line(_text("style_2026.md"), "In the fourth case")]
    assert third.sign == "xor:AB" and third.applies == ("zero",) and "A = 0" in str(third.condition)
    assert fourth.sign == "xor:AB" and fourth.applies == ("inf",) and "B = 0" in str(fourth.condition)


@pytest.mark.parametrize("sentence, expected", [
    ("NaN if $A[i]$ or $B[i]$ is NaN", "A isnan or B isnan"),
    ("if neither $A[i]$ nor $B[i]$ is NaN", "A notnan and B notnan"),
    ("if $A[i]$ is not NaN and $B[i]$ is finite and different from 0", "A notnan and B isfinite and B ≠ 0"),
])
def test_conditions_in_words(sentence, expected):
    from divbridge.document.formula import parse_condition
    assert str(parse_condition(sentence.split(" if ", 1)[-1].replace("NaN if", "").replace("$", ""))) == expected


def test_a_requirement_binds_its_meaning_in_every_type_it_lists():
    binding = document.bind(parse_document(_text("style_2026.md"), "style_2026.md"))
    ids = {o.id: o for o in obligations_of(binding)}
    function = _line(_text("style_2026.md"), "[E_DIV_F_FUNC_0010]")
    for fmt in ("fp16", "fp32", "fp64"):   # IEEE 754 semantics: the generic properties, the special values, the signs
        for oid in (f"float.{fmt}.generic.monotone_numerator", f"float.{fmt}.ieee.zero_div_nonzero_sign",
                    f"float.{fmt}.ieee.nan_numerator"):
            assert ids[oid].requirements == ("E_DIV_F_FUNC_0010",) and ids[oid].lines[0] > function
    ints = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64")
    for fmt in ints:                     # truncation in every integer type listed, unsigned ones included
        assert "E_DIV_I_FUNC_0010" in ids[f"int.{fmt}.truncation.trunc_identity"].requirements
    # the example binds where its values fit: -17 is no unsigned value
    assert {o.format for o in ids.values() if o.kind == "example" and o.family == "int"} == set(ints[:4])
    # every case of the table carries its tag and its own line, and is named by what it states
    row = ids["float.fp16.table.a_eq_0_and_b_isfinite_and_b_ne_0"] if "float.fp16.table.a_eq_0_and_b_isfinite_and_b_ne_0" in ids \
        else ids["float.fp16.table.a_eq_0_and_b_notnan_and_b_ne_0"]
    assert row.requirements == ("E_DIV_F_FUNC_0010",) and row.lines == (_line(_text("style_2026.md"), "\\pm\\text{0} & "),)


def test_inserting_a_row_adds_one_obligation_and_moves_none_of_the_others():
    text = _text("style_2026.md")
    row = "\\text{NaN} & \\text{if } A[i]=0 \\text{ and } B[i]=0\n"
    inserted = text.replace(row, "\\text{NaN} & \\text{if } A[i] \\text{ and } B[i] \\text{ are both infinite} \\\\\n" + row)
    before = {o.id: o for o in obligations_of(document.bind(parse_document(text)))}
    after = {o.id: o for o in obligations_of(document.bind(parse_document(inserted)))}
    assert sorted(after.keys() - before.keys()) == [f"float.{f}.table.a_isinf_and_b_isinf" for f in ("fp16", "fp32", "fp64")]
    assert before.keys() <= after.keys()
    assert all(before[i].params == after[i].params for i in before if ".table." in i)


def test_a_signed_type_left_with_int_min_over_minus_one_binds_an_obligation_that_fails():
    text = _text("style_2026.md").replace("- `[E_DIV_I_CONSTR_B_0040]` No overflow\n  - Statement: for a signed type, "
                                          "the smallest value of the type divided by $-1$ is not allowed.\n", "")
    ids = {o.id: o for o in obligations_of(document.bind(parse_document(text)))}
    unguarded = ids["int.int8.range.result_in_range"]
    assert unguarded.expect == "valid" and unguarded.params["excludes_int_min"] is False
    assert "E_DIV_I_FUNC_0010" in unguarded.requirements and "int.int8.probe.int_min_div_minus_one" not in ids
    assert "int.uint8.range.result_in_range" not in ids           # unsigned types have no INT_MIN / -1


def test_statements_outside_every_tag_trace_to_the_function_or_say_so():
    ids = {o.id: o for o in obligations_of(document.bind(parse_document(_text("style_2025.md"))))}
    # the 2025 style tags no function: its statements bind with their own line and no tag
    trunc = ids["int.int16.truncation.trunc_identity"]
    assert "" in trunc.requirements and _line(_text("style_2025.md"), "is truncated toward zero") in trunc.lines
    assert "line" in trunc.traced_to and "outside every tag" in trunc.traced_to


def test_a_domain_formula_with_a_typo_is_ill_formed_once():
    text = _text("style_2026.md").replace("$\\forall i, B[i]\\neq 0$.", "$\\forall i, B|i]\\neq 0$.")
    doc = parse_document(text)
    [finding] = [f for f in doc.findings if f.kind == "ill-formed"]
    assert finding.line == _line(text, "B|i]") and text.splitlines()[finding.line - 1][finding.column - 1] == "]"


def test_restated_constraints_are_references_not_duplicates():
    doc = parse_document(_text("style_2025.md"))
    uses = [u for u in doc.tags if u.tag == "C1" and u.section == "div (real)"]
    assert [u.defines for u in uses] == [True, False, False] and {u.refers_to for u in uses[1:]} == {"C1"}


def test_read_shows_every_part_and_what_it_is_read_as(tmp_path, capsys):
    path = tmp_path / "doc.md"
    path.write_text(_text("style_2026.md") + "\nThe operator is fast on every machine.\n")
    out = tmp_path / "reading.json"
    assert main(["read", str(path), "--json", str(out)]) == 0
    shown = capsys.readouterr().out
    assert "[E_DIV_F_FUNC_0010]" in shown and "read as: A = 0 and B notnan and B ≠ 0 → C = ±0" in shown
    assert "fp16: C = RNE(A / B) with p = 11" in shown and "binds: float.fp16.sign." in shown
    last = len(path.read_text().splitlines())
    assert f"not understood: «The operator is fast on every machine.» (line {last}" in shown
    data = json.loads(out.read_text())
    parts = [p for s in data["sections"] for r in s["requirements"] for p in r["parts"]] + \
        [p for s in data["sections"] for p in s["outside"]]
    assert len(parts) == data["parts"] and sum(not p["understood"] for p in parts) == data["not_understood"]


def test_read_refuses_a_document_without_div(tmp_path, capsys):
    other = tmp_path / "tanh.md"
    other.write_text("# **Tanh** (float)\n\nEach output is the hyperbolic tangent of the input.\n")
    assert main(["read", str(other)]) == 2
    names = list(operators.in_pipeline())
    assert f"no {', '.join(names[:-1])} or {names[-1]} section" in capsys.readouterr().err


def test_an_unknown_phrasing_is_unread_never_incorrect():
    text = _text("style_2026.md").replace("following IEEE 754 floating-point semantics", "the way the hardware likes")
    line = _line(text, "the way the hardware likes")
    result = analyse_text(text, "x.md")
    # nothing wrong, something not read: check-spec's distinct exit code (docs/exit-codes.md)
    assert result["exit_code"] == 3 and not [f for f in result["findings"] if f["kind"] in ("incorrect", "incomplete")]
    assert any(f["kind"] == "unread" and f["line"] == line for f in result["findings"])


def test_domain_exclusions_are_read_as_preconditions():
    [domain] = [s for s in read(text_tokens("for a signed type, the smallest value of the type divided by -1 is not "
                                            "allowed."), "", "int").statements if isinstance(s, meaning.Domain)]
    assert isinstance(domain.condition, Or) and Atom("B", "≠") != domain.condition.parts[1]


@needs_solvers
def test_a_linked_accuracy_note_joins_the_documents_proof_run(tmp_path, capsys):
    """A div.md that links its accuracy note: the note's bounds are obligations of the document, in the
    document's own types, traced to the note's sections and lines; check-spec names the note's file."""
    note = Path(__file__).parent / "corpus_acc" / "aug_style.md"
    (tmp_path / "div_acc.md").write_text(note.read_text())
    doc = tmp_path / "div.md"
    doc.write_text(_text("style_2026.md") + "\n## Numeric accuracy\n\n[The accuracy note](./div_acc.md).\n")
    ids = {o.id: o for o in obligations_of(document.read(doc))}
    bounds = [o for o in ids.values() if o.id.startswith("accuracy.")]
    assert bounds and {o.format for o in bounds if o.family == "float"} == {"fp16", "fp32", "fp64"}   # no bf16 here
    assert all(tag.startswith("div_acc.md#") for o in bounds for tag in o.requirements)
    assert main(["check-spec", str(doc)]) == 1
    shown = capsys.readouterr().out
    assert f"{tmp_path / 'div_acc.md'}:" in shown and "incorrect" in shown
    assert main(["read", str(doc)]) == 0
    assert f"# accuracy: {tmp_path / 'div_acc.md'}" in capsys.readouterr().out


@needs_solvers
def test_audit_of_a_change_that_adds_a_wrong_sentence_shows_it_worse_at_its_line():
    """The working group's June change in our own words: a row for ±0 and a sentence giving its sign as
    the sign of B[i] (−0 / 1 is −0): the new sentence's obligations are added, refuted, at its line."""
    from divbridge.audit import audit
    new = _text("style_2026.md")
    old = new.replace("In the third case, the sign of $\\pm \\text{0}$ is determined from the signs of $A[i]$ and "
                      "$B[i]$.\n\n", "")
    wrong = new.replace("from the signs of $A[i]$ and $B[i]$.", "from the sign of $B[i]$.")
    line = _line(wrong, "from the sign of $B[i]$.")
    result = audit(old, "old.md", wrong, "new.md")
    worse = [v for v in result["obligations"]["verdicts"] if v["worse"]]
    assert worse and all(".sign." in v["id"] and v["lines"] == [f"E_DIV_F_FUNC_0010 line {line}"] for v in worse)
    assert all(v["change"] == "added" and v["after"]["verdict"] == "refuted" for v in worse)
    assert any(v["after"]["counterexample"]["a"].startswith("-0.0") for v in worse)
    claims = [c for c in result["claims"]["added"] + result["claims"]["changed"]
              if line in (c.get("line"), c.get("line_after"))]
    assert claims and all(c.get("verdict", c.get("verdict_after")) == "fails" for c in claims)
    assert result["exit_code"] == 1

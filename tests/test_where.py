"""Where through the pipeline (issue 45, item 4): an operator of three inputs, its first a bool condition.  Rows,
signatures and worked examples read over the inputs as the document names them (``Z = Where(condition, X, Y)``),
our document read whole and proved, defects planted in a copy found at their lines, a condition compared with a
number unread, the working group's 2026 layout (tests/corpus_select/) with its defects at their lines."""

from pathlib import Path

import pytest

from divbridge import api, operators
from divbridge.document.formula import Atom, Literal, condition_of, positional, result_of
from divbridge.document.latex import tokens
from divbridge.obligations.catalog import spec_obligations

ROOT = Path(__file__).resolve().parent.parent
WHERE = ROOT / "proofs" / "spec" / "where.md"
CORPUS = Path(__file__).resolve().parent / "corpus_select"
FAST = ("z3", "bitwuzla")
INPUTS = ("condition", "X", "Y")

pytestmark = pytest.mark.usefixtures("own_cache")   # each test its own cache (conftest)


def _planted(tmp_path: Path, old: str, new: str) -> tuple[Path, int]:
    """A copy of our document with ``old`` (said once) replaced: the copy and the line of the replacement."""
    text = WHERE.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    copy = tmp_path / WHERE.name
    copy.write_text(text.replace(old, new), encoding="utf-8")
    return copy, text[:text.index(old)].count("\n") + 1


def test_a_row_is_read_over_the_inputs_by_their_position():
    condition = condition_of(positional(tokens(r"\text{if } condition[i] = \text{True}"), INPUTS))
    assert condition == Atom("A", "=", Literal("bool", 1))
    # X is Where's second input, B (not A, as it is of an operator of one input), and Y its third, C
    assert (result_of(positional(tokens("X[i]"), INPUTS)).operand,
            result_of(positional(tokens("Y[i]"), INPUTS)).operand) == ("B", "C")
    assert result_of(positional(tokens("X[i]"), ("X",))).operand == "A"     # the default names: unchanged
    assert operators.get("Where").input_of("C").name == "Y" and operators.get("Where").input_of("D") is None


def test_our_document_is_read_whole_and_holds():
    result = api.check(WHERE)
    assert result["exit_code"] == 0
    assert not [f for f in result["findings"] if f["kind"] != "information"]
    read = api.read(WHERE)
    parts = [p for s in read["sections"] if s["types"]
             for p in [*s["outside"], *(q for r in s["requirements"] for q in r["parts"])]]
    assert len(parts) > 25 and all(p["understood"] for p in parts)
    ids = {o.id for o in spec_obligations(WHERE)}
    assert {"where.float.fp16.ieee.minus_zero_selected", "where.float.bf16.generic.always_first",
            "where.float.fp32.table.a_eq_true", "where.float.fp64.table.no_earlier_row_applies",
            "where.float.fp64.example.example_1", "where.int.uint8.example.example_2",
            "where.int.int64.wraparound.cases_1.a_eq_true", "where.real.example.example_1",
            "where.shape.tensor.elementwise"} <= ids


# (text replaced, replacement, the finding's kind at the replacement's line, a word of its message)
PLANTED = [
    # the rows' results swapped: each row refuted
    ("X[i] & \\text{if } condition[i] = \\text{True} \\\\\nY[i] & \\text{otherwise}\n\\end{cases}\n$$\n\n"
     "<span style=\"background: red; color: white; font-size:0.7em;\">[END]</br></span>\n\nA worked example, exact",
     "Y[i] & \\text{if } condition[i] = \\text{True} \\\\\nX[i] & \\text{otherwise}\n\\end{cases}\n$$\n\n"
     "<span style=\"background: red; color: white; font-size:0.7em;\">[END]</br></span>\n\nA worked example, exact",
     "incorrect", "the row gives Y for condition = True"),
    # a selected -0 written as +0 (the example writes -0 elsewhere: its 0 is +0)
    (r"Z = \begin{bmatrix} -1.5 & -0 & -0 &", r"Z = \begin{bmatrix} -1.5 & -0 & 0 &", "incorrect",
     "X = -0.0"),
    # a condition compared with a number: unread, never read as a truth value
    ("X[i] & \\text{if } condition[i] = \\text{True} \\\\\nY[i] & \\text{otherwise}\n\\end{cases}\n$$\n\n"
     "<span style=\"background: red; color: white; font-size:0.7em;\">[END]</br></span>\n\nA worked example:",
     "X[i] & \\text{if } condition[i] > 0 \\\\\nY[i] & \\text{otherwise}\n\\end{cases}\n$$\n\n"
     "<span style=\"background: red; color: white; font-size:0.7em;\">[END]</br></span>\n\nA worked example:",
     "unread", "condition"),
]


@pytest.mark.parametrize("old, new, kind, said", PLANTED, ids=[f"{p[2]}-{n}" for n, p in enumerate(PLANTED)])
def test_a_defect_planted_in_where_s_document_is_found_at_its_line(tmp_path, old, new, kind, said):
    copy, line = _planted(tmp_path, old, new)
    result = api.check(copy)
    found = [f for f in result["findings"] if f["kind"] == kind and f["line"] in (line, line + 1)]
    assert found and any(said in f["message"] for f in found), result["findings"]
    assert not [f for f in result["findings"] if f["kind"] in ("incorrect", "incomplete")
                and f["line"] not in (line, line + 1)]


def test_the_working_group_s_layout_of_where_has_its_defects_found_at_their_lines():
    findings = api.check(CORPUS / "where_2026_layout.md")["findings"]
    expected = [(24, "incorrect", "the row gives Y for condition = True"),
                (25, "incorrect", "the row gives X for condition = False"),
                (48, "incorrect", "condition = True, X = -0.0"),
                (77, "ill-formed", "needs matrices condition, X, Y and Z in that order, found X, Y, Z"),
                (107, "incorrect", "condition = True, X = -128")]
    for line, kind, said in expected:
        assert [f for f in findings if f["line"] == line and f["kind"] == kind and said in f["message"]], \
            (line, findings)
    assert {f["line"] for f in findings if f["kind"] in ("incorrect", "incomplete")} == {24, 25, 48, 107}
    # the signature after its label names the result Z: no matrix of it is 'not assigned'
    assert not [f for f in findings if "not assigned" in f["message"]]


def test_the_rows_are_proved_and_the_probes_refuted_with_their_counterexamples(tmp_path):
    only = tuple(f"where.float.fp16.{kind}.*" for kind in ("table", "ieee", "generic", "example")) + \
        ("where.int.int8.*", "where.int.uint8.*", "where.real.*")
    results = api.prove(WHERE, out=tmp_path / "out", only=only, provers=FAST, crosscheck=False, quiet=True)
    verdicts = {o.id: o for o in results.obligations}
    assert all(o.as_expected for o in results.obligations) and len(verdicts) > 15
    assert verdicts["where.float.fp16.table.a_eq_true"].verdict == "proved"
    assert verdicts["where.int.uint8.wraparound.cases_1.otherwise"].verdict == "proved"
    first = verdicts["where.float.fp16.generic.always_first"]     # where(cond, x, y) = x: false where cond fails
    assert first.verdict == "refuted" and first.counterexample.replayed
    assert first.counterexample.values["cond"] in (0, False)
    second = verdicts["where.int.int8.generic.int_always_second"]
    assert second.verdict == "refuted" and second.counterexample.values["cond"] in (1, True)

"""Read whole or not at all, and nothing outside the count (issue 42, items 2 to 5).

Each case plants one edit in one of our own documents (proofs/spec/*.md) and asserts what check-spec and
`prove`'s obligations say of it: the finding's kind and line, the exit code, the obligation refuted at the same
line.  A table is checked row by row: a row divbridge cannot read is unread at its line and its neighbours are
still refuted at theirs; an unread part anywhere in a section of the operator's types counts (check-spec exits
3, prove lists it uncovered) unless its line is accepted; check-spec judges what prove binds (wrap-around rows,
worked examples in a Markdown table, type lists against ONNX's schema).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from divbridge import statements
from divbridge.checkspec.analysis import analyse
from divbridge.cli import main
from divbridge.obligations import coverage, document, why3render
from divbridge.obligations.catalog import obligations_of, spec_obligations
from divbridge.provers.cache import shared_cache
from divbridge.provers.portfolio import SMT_SOLVERS, TIMEOUT_S, available, prove_obligations

SPEC = Path(__file__).resolve().parents[1] / "proofs" / "spec"
FAILING = ("incorrect", "incomplete")
needs_solvers = pytest.mark.skipif(shutil.which("z3") is None, reason="z3 is not installed (scripts/setup.sh)")


def _planted(tmp_path: Path, name: str, *edits: tuple[str, str]) -> tuple[Path, list[int]]:
    """Our document ``name`` with each (old, new) edit made once; the lines of the new texts."""
    text = (SPEC / name).read_text(encoding="utf-8")
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    lines = [text[:text.index(new)].count("\n") + 1 for _, new in edits]
    return path, lines


def _findings(path: Path, *accepted: int) -> tuple[dict, list[tuple[str, int]]]:
    result = analyse(path, accepted=frozenset(accepted))
    return result, sorted({(f["kind"], f["line"]) for f in result["findings"] if f["kind"] != "information"})


def _refuted(path: Path) -> set[int]:
    """The lines of the obligations `prove` binds from the document's own statements that the SMT solvers refute."""
    own = [o for o in spec_obligations(path) if statements.of(o).kind in ("case_rule", "case_table", "example",
                                                                            "wraparound", "rounding_rule", "definition")]
    results = prove_obligations(own, available(set(SMT_SOLVERS)), shared_cache(), TIMEOUT_S)
    return {line for r in results if r.verdict == "refuted" and r.expect == "valid" for line in r.obligation.lines}


ADD_ROWS = {
    "inf_minus_inf": (r"\text{nan} & \text{if } A[i] = \infty \text{ and } B[i] = -\infty \\",
                      r"0 & \text{if } A[i] = \infty \text{ and } B[i] = -\infty \\"),
    "minus_zeros": (r"-0 & \text{if } A[i] = -0 \text{ and } B[i] = -0 \\",
                    r"+0 & \text{if } A[i] = -0 \text{ and } B[i] = -0 \\"),
    # an operation no operator of the registry writes: its result is not read, its condition is
    "unreadable": (r"B[i] & \text{if } A[i] \text{ is finite and } B[i] \text{ is infinite} \\",
                   r"A[i] \oplus B[i] & \text{if } A[i] \text{ is finite and } B[i] \text{ is infinite} \\"),
}
MUL_ROWS = {
    "zero_times_inf": (r"\text{nan} & \text{if } A[i] = 0 \text{ and } B[i] \text{ is infinite} \\",
                       r"0 & \text{if } A[i] = 0 \text{ and } B[i] \text{ is infinite} \\"),
    "inf_times_nonzero_sign": (
        r"\operatorname{sign}(A[i]) \cdot \operatorname{sign}(B[i]) \cdot \infty & \text{if } A[i] \text{ is "
        r"infinite and } B[i] \neq 0",
        r"\operatorname{sign}(A[i]) \cdot \infty & \text{if } A[i] \text{ is infinite and } B[i] \neq 0"),
}


@needs_solvers
@pytest.mark.parametrize("name, edit", [("add.md", ADD_ROWS["inf_minus_inf"]), ("add.md", ADD_ROWS["minus_zeros"]),
                                        ("mul.md", MUL_ROWS["zero_times_inf"]),
                                        ("mul.md", MUL_ROWS["inf_times_nonzero_sign"])],
                         ids=["inf+-inf->0", "-0+-0->+0", "0xinf->0", "inf x nonzero -> sign(A)"])
def test_a_wrong_row_of_a_float_table_is_refuted_at_its_line(tmp_path, name, edit):
    path, [line] = _planted(tmp_path, name, edit)
    result, found = _findings(path)
    assert found == [("incorrect", line)] and result["exit_code"] == 1
    assert _refuted(path) == {line}


@needs_solvers
def test_an_unread_row_between_two_wrong_rows_leaves_both_refuted_at_their_lines(tmp_path):
    path, [wrong, unread, other] = _planted(tmp_path, "add.md", ADD_ROWS["inf_minus_inf"], ADD_ROWS["unreadable"],
                                            ADD_ROWS["minus_zeros"])
    result, found = _findings(path)
    assert ("incorrect", wrong) in found and ("incorrect", other) in found and ("unread", unread) in found
    assert [kind for kind, _ in found if kind in FAILING] == ["incorrect", "incorrect"]
    assert result["exit_code"] == 1
    assert _refuted(path) == {wrong, other}
    message = next(f["message"] for f in result["findings"] if f["line"] == unread)
    assert "cannot read the result at '⊕B[i]'" in message
    # prove: the unread row is a gap (outside every tag, so it counted for nothing before)
    binding = document.bind(document.read_document(path))
    assert [(g.tag, g.line) for g in coverage.gaps(binding, obligations_of(binding))] == [("", unread)]


@needs_solvers
def test_inputs_only_an_unread_row_covers_are_said_to_be_unchecked_not_uncovered(tmp_path):
    path, [unread] = _planted(tmp_path, "add.md", ADD_ROWS["unreadable"])
    result, found = _findings(path)
    assert found == [("unread", unread)] and result["exit_code"] == 3
    table = next(f for f in result["findings"] if "covered only by" in f["message"])
    assert table["kind"] == "information" and f"the unread row at line {unread}" in table["message"]


@needs_solvers
def test_a_gap_an_unread_condition_may_fill_is_undecided_not_incomplete(tmp_path):
    condition = (r"B[i] & \text{if } A[i] \text{ is finite and } B[i] \text{ is infinite} \\",
                 r"B[i] & \text{if } A[i] \text{ is finite and } B[i] \text{ is quite infinite} \\")
    path, [unread] = _planted(tmp_path, "add.md", condition)
    text = path.read_text(encoding="utf-8").splitlines()
    table = next(k for k, line in enumerate(text, 1) if line == r"\begin{cases}" and k > unread - 10)
    otherwise = next(k for k, line in enumerate(text, 1) if k > unread and line.endswith(r"\text{otherwise}"))
    notation = next(k for k, line in enumerate(text, 1) if k > otherwise and line.startswith("where "))
    result, found = _findings(path)
    # the 'otherwise' row applies where no row above does, and one row above is not read: it is unread too; and
    # so is the sentence that gives that last row its rounding and its zero's sign ("where A[i] + B[i] is ...")
    assert found == [("unread", table), ("unread", unread), ("unread", otherwise), ("unread", notation)] and \
        result["exit_code"] == 3
    undecided = next(f["message"] for f in result["findings"] if f["line"] == table)
    assert undecided.startswith("whether the rows cover every input is undecided")
    assert f"the unread rows at lines {unread}, {otherwise} may" in undecided


@needs_solvers
def test_a_wrong_wrap_around_row_is_incorrect_at_its_line_in_check_spec_as_in_prove(tmp_path):
    path, [line] = _planted(tmp_path, "add.md", (r"A[i] + B[i] + 2^{n} & \text{if } A[i] + B[i] < -2^{n-1} \\",
                                                 r"A[i] + B[i] + 2^{n+1} & \text{if } A[i] + B[i] < -2^{n-1} \\"))
    result, found = _findings(path)
    assert found == [("incorrect", line)] and result["exit_code"] == 1
    assert "not judged here" not in next(f["message"] for f in result["findings"] if f["line"] == line)
    assert _refuted(path) == {line}


@needs_solvers
def test_a_wrap_around_analysis_is_bound_row_by_row_around_an_unread_row(tmp_path):
    path, [wrong, unread] = _planted(
        tmp_path, "add.md", (r"A[i] + B[i] - 2^{n} & \text{if } A[i] + B[i] > 2^{n-1} - 1 \\",
                             r"A[i] + B[i] - 2^{n+1} & \text{if } A[i] + B[i] > 2^{n-1} - 1 \\"),
        (r"A[i] + B[i] + 2^{n} & \text{if } A[i] + B[i] < -2^{n-1} \\",
         r"A[i] \oplus B[i] & \text{if } A[i] + B[i] < -2^{n-1} \\"))
    result, found = _findings(path)
    # the 'otherwise' row after the unread one applies where that row does not, which is not known: unread too
    assert found == [("incorrect", wrong), ("unread", unread), ("unread", unread + 1)] and result["exit_code"] == 1
    assert _refuted(path) == {wrong}


@needs_solvers
def test_a_worked_example_in_a_markdown_table_is_judged_entry_by_entry(tmp_path):
    table = ("\nA worked example in FP32, as a table:\n\n| A | B | C |\n|---|---|---|\n| 2 | 3 | 6 |\n"
             "| 0.5 | 0.5 | 0.5 |\n| $-1.5$ | 2 | $-3$ |\n")
    path, [line] = _planted(tmp_path, "mul.md", ("### Constraints\n\n- `[E_MUL_FLOAT_CONSTR_A_0010]`",
                                                 table + "\n### Constraints\n\n- `[E_MUL_FLOAT_CONSTR_A_0010]`"))
    wrong = line + 6   # | 0.5 | 0.5 | 0.5 |: the product is 0.25
    result, found = _findings(path)
    assert found == [("incorrect", wrong)] and result["exit_code"] == 1
    [finding] = [f for f in result["findings"] if f["line"] == wrong]
    assert finding["column"] == len("| 0.5 | 0.5 | ") + 1 and "gives 0.25" in finding["message"]
    assert _refuted(path) == {line + 5}   # prove's obligation: the example, at its first row


@needs_solvers
def test_a_definition_with_the_operands_the_other_way_is_refuted_by_both_commands(tmp_path):
    """"C is B minus A" in a real section: C = -(A - B), refuted by check-spec and by an obligation of prove's."""
    path, [line] = _planted(tmp_path, "sub.md", (
        "Each element of `C` is the exact difference of the matching elements of `A` and `B`: `A` minus `B`.",
        "`C` is `B` minus `A`."))
    result, found = _findings(path)
    assert found == [("incorrect", line)] and result["exit_code"] == 1
    assert _refuted(path) == {line}


@needs_solvers
def test_a_precondition_other_than_the_domain_is_incorrect_and_binds_no_obligation(tmp_path):
    """"A[i] ≠ 0" where "B[i] ≠ 0" was: it excludes inputs that have a quotient and not those that have none
    (check-spec: incorrect at its line); the domain's obligations state B ≠ 0, so prove binds none to it."""
    path, [line] = _planted(tmp_path, "div.md", ("No element of `B` is zero; this is a precondition.",
                                                 "For every index, $A[i] \\neq 0$."))
    result, found = _findings(path)
    # incorrect, and unread for proving: no obligation of prove's states it
    assert found == [("incorrect", line), ("unread", line)] and result["exit_code"] == 1
    binding = document.bind(document.read_document(path))
    assert [g.why for g in coverage.gaps(binding, obligations_of(binding)) if g.line == line] == \
        ["not understood (a precondition (A ≠ 0) other than B ≠ 0: no obligation states it)", "binds no obligation"]


def test_a_type_the_operator_s_onnx_schema_does_not_accept_is_incorrect_at_the_type_list(tmp_path):
    path, [line] = _planted(tmp_path, "add.md", ("# `Add` operator (FP16, BFLOAT16, FP32, FP64)",
                                                 "# `Add` operator (FP16, BFLOAT16, FP32, FP64, BOOL)"))
    result, found = _findings(path)
    assert found == [("incorrect", line)] and result["exit_code"] == 1
    assert any(f["message"].startswith("type bool (tensor(bool)) is not a type of ONNX Add-14, whose inputs are")
               for f in result["findings"] if f["line"] == line)
    binding = document.bind(document.read_document(path))
    [gap] = coverage.gaps(binding, obligations_of(binding))
    assert gap.line == line and gap.why.startswith("type bool (tensor(bool)) is not a type of ONNX Add-14")


@needs_solvers
def test_a_sentence_contradicting_a_rule_of_the_operator_is_a_claim_refuted_at_its_line_never_a_crash(tmp_path):
    """Its obligation was named as the operator's same-sign rule ("inf_plus_inf"), which the next sentence
    states: two goals of one name, and a ValueError instead of any result."""
    path, [line] = _planted(tmp_path, "add.md", ("- The sum of two infinities of opposite signs is NaN.",
                                                 "- The sum of two infinities of opposite signs is zero."))
    own = spec_obligations(path)
    ids = [o.id for o in own if o.kind == "special" and o.format == "fp16"]
    assert "add.float.fp16.special.inf_minus_inf" in ids and "add.float.fp16.special.inf_plus_inf" in ids
    why3render.render(own, tmp_path / "why3")    # no two obligations share a goal
    result, found = _findings(path)
    assert found == [("incorrect", line)] and result["exit_code"] == 1
    assert _refuted(path) == {line}


@pytest.mark.parametrize("old, new", [
    (r"\frac{A[i]}{B[i]} & \text{otherwise}", r"A[i] ÷ B[i] & \text{otherwise}"),
    (r"\frac{A[i]}{B[i]} & \text{otherwise}", r"A[i] \div B[i] & \text{otherwise}"),
    (r"\text{if } A[i] \neq 0 \text{ and } A[i] \text{ is finite and } B[i] = 0",
     r"\text{if } A[i] ≠ 0 \text{ and } A[i] \text{ is finite and } B[i] = 0"),
])
def test_unicode_operators_read_as_their_latex_macros(tmp_path, old, new):
    path, [line] = _planted(tmp_path, "div.md", (old, new))
    doc = document.read_document(path)
    [row] = [p for p in doc.parts if p.line == line]
    assert row.reading.understood and not doc.findings
    before = {o.id: o.params for o in spec_obligations(SPEC / "div.md")}
    assert {o.id: o.params for o in spec_obligations(path)} == before   # the same rows, the same obligations


def test_a_product_row_reads_the_unicode_times_and_dot():
    from divbridge.document.formula import parse_result
    assert {str(parse_result(text)) for text in ("A[i] × B[i]", "A[i] · B[i]", "A[i] ⋅ B[i]", r"A[i] \cdot B[i]")} \
        == {"A*B"}
    assert str(parse_result("-(A[i] − B[i])")) == "-(A-B)"


def _with_untagged_unread(tmp_path: Path) -> tuple[Path, int]:
    """div.md with a sentence divbridge does not read, outside every tag, in the float section."""
    anchor = "A worked example, exact in every listed format:"
    return _planted(tmp_path, "div.md", (anchor, "The quotient is computed by a dedicated hardware unit.\n\n" + anchor))


@needs_solvers
def test_an_unread_sentence_outside_every_tag_counts_and_check_spec_exits_3(tmp_path, capsys):
    path, [line] = _with_untagged_unread(tmp_path)
    result, found = _findings(path)
    assert found == [("unread", line)] and result["exit_code"] == 3
    assert main(["check-spec", str(path)]) == 3
    assert main(["check-spec", "--strict", str(path)]) == 1
    assert main(["check-spec", str(SPEC / "div.md")]) == 0
    binding = document.bind(document.read_document(path))
    assert [(g.tag, g.line) for g in coverage.gaps(binding, obligations_of(binding))] == [("", line)]


@needs_solvers
def test_an_accepted_unread_line_is_listed_marked_and_recorded_and_a_stale_one_is_an_error(tmp_path, capsys):
    path, [line] = _with_untagged_unread(tmp_path)
    report = tmp_path / "found.json"
    assert main(["check-spec", str(path), "--accept-unread", str(line), "--json", str(report)]) == 0
    out = capsys.readouterr().out
    assert f"div.md:{line}:1: unread (accepted): «The quotient is computed" in out
    [accepted] = [f for f in json.loads(report.read_text())["findings"] if f["kind"] == "unread"]
    assert accepted["accepted"] is True and accepted["line"] == line
    # a line that is not unread: one line, exit 2, nothing written
    stale = tmp_path / "stale.json"
    assert main(["check-spec", str(path), "--accept-unread", f"{line},{line + 1}", "--json", str(stale)]) == 2
    err = capsys.readouterr().err
    assert f"div.md:{line + 1}: --accept-unread: line {line + 1} is not unread (a stale acceptance" in err
    assert not stale.exists()
    lines = tmp_path / "accepted.txt"
    lines.write_text(f"# exploring the hardware sentence\n{path}:{line}\n", encoding="utf-8")
    assert main(["check-spec", str(path), f"--accept-unread=@{lines}"]) == 0
    # prove: the gap is recorded, marked accepted, and the run is as expected
    out_dir = tmp_path / "out"
    code = main(["prove", "--spec", str(path), "--only", "float.fp32.special.finite_div_zero_sign", "--provers", "z3",
                 "--no-crosscheck", "--out", str(out_dir), "--accept-unread", str(line)])
    printed = capsys.readouterr().out
    assert code == 0 and f"accepted: line {line}: «The quotient is computed by a dedicated hardware unit.»" in printed
    [gap] = json.loads((out_dir / "results.json").read_text())["document"]["uncovered"]
    assert (gap["line"], gap["accepted"]) == (line, True)
    assert main(["prove", "--spec", str(path), "--only", "float.fp32.special.finite_div_zero_sign", "--provers", "z3",
                 "--no-crosscheck", "--out", str(out_dir)]) == 1
    capsys.readouterr()
    assert main(["prove", "--spec", str(path), "--only", "float.fp32.special.finite_div_zero_sign", "--provers", "z3",
                 "--no-crosscheck", "--out", str(out_dir), "--accept-unread", str(line + 1)]) == 2


@needs_solvers
def test_audit_loses_a_statement_outside_every_tag_that_becomes_unread():
    from divbridge import audit
    old = (SPEC / "div.md").read_text(encoding="utf-8")
    row = r"\frac{A[i]}{B[i]} & \text{otherwise}"
    new = old.replace(row, r"A[i] \oplus B[i] & \text{otherwise}")
    line = old[:old.index(row)].count("\n") + 1
    result = audit.audit(old, "old.md", new, "new.md")
    assert [(g["tag"], g["line"]) for g in result["lost"]] == [("", line)] and result["exit_code"] == 1


def test_the_reports_show_an_uncovered_statement_outside_every_tag_and_an_accepted_one_as_such():
    from divbridge import operators
    from divbridge.report.model import document_requirements
    recorded = {"path": "x.md", "requirements": [{"tag": "T1", "line": 3, "lines": [3], "text": "t", "section": "s",
                                                  "roles": ["float.ieee"]}],
                "uncovered": [{"tag": "", "line": 9, "text": "hw", "why": "not understood (x)", "accepted": True},
                              {"tag": "", "line": 12, "text": "sw", "why": "not understood (y)"}]}
    rows = {r.tag: r.uncovered for r in document_requirements(recorded, operators.get("Div"))}
    assert rows["(no tag)"] == ("uncovered: line 9: «hw» not understood (x) (accepted by --accept-unread: nothing "
                                "of it is proved)", "uncovered: line 12: «sw» not understood (y)")
    assert rows["T1"] == ()


@needs_solvers
@pytest.mark.parametrize("heading, kind", [("(float, float)\n\nwhere float is in {FP16, FP32}", "incorrect"),
                                           ("(real, real)", "unread")])
def test_a_definition_by_another_operator_s_operation_is_refuted_or_unread_in_both(tmp_path, heading, kind):
    """`C[i] = A[i] \\times B[i]` in a document of Div: a float section's is a case everywhere, refuted by prove
    as check-spec refutes it (it bound Div's IEEE obligations, all proved); a real section's states nothing
    any obligation proves: unread in both."""
    path = tmp_path / "div.md"
    path.write_text(f"# Div {heading}\n\n## Function\n\n[E_DIV_FUNC_0010] For every index $i$:\n\n$$\n"
                    "C[i] = A[i] \\times B[i]\n$$\n", encoding="utf-8")
    line = path.read_text(encoding="utf-8").splitlines().index("C[i] = A[i] \\times B[i]") + 1
    result, found = _findings(path)
    assert {found_kind for found_kind, at in found if at == line} == {kind}
    assert result["exit_code"] == (1 if kind == "incorrect" else 3)
    assert _refuted(path) == ({line} if kind == "incorrect" else set())
    binding = document.bind(document.read_document(path))
    assert [g.line for g in coverage.gaps(binding, obligations_of(binding)) if g.unread] == \
        ([] if kind == "incorrect" else [line])

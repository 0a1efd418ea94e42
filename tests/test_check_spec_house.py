"""check-spec on documents in the SONNX working group's house style (tests/corpus_sonnx).

The correct corpus must give no finding above information level; each document of the defect corpus
(a correct document with one planted defect) must give exactly that defect, at its line, with a
counterexample in decimal and bits.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from divbridge import operators
from divbridge.cli import main
from divbridge.checkspec.analysis import analyse, analyse_text

CORPUS = Path(__file__).parent / "corpus_sonnx"
CORRECT = sorted((CORPUS / "correct").glob("*.md"))
FAILING = ("incorrect", "incomplete")
DEFECTS = ("incorrect", "incomplete", "ambiguous", "ill-formed")


@pytest.fixture(autouse=True)
def _no_cache(monkeypatch):
    monkeypatch.setenv("DIVBRIDGE_CACHE", "off")


# what the correct documents state that divbridge does not read yet (the lines of each)
UNREAD: dict[str, list[int]] = {}


@pytest.mark.parametrize("path", CORRECT, ids=[p.stem for p in CORRECT])
def test_correct_documents_pass(path):
    result = analyse(path)
    unread = [f["line"] for f in result["findings"] if f["kind"] == "unread"]
    assert unread == UNREAD.get(path.stem, [])
    assert result["exit_code"] == (3 if unread else 0)   # 3: nothing wrong, something not read
    assert [f for f in result["findings"] if f["kind"] in DEFECTS] == []
    assert all(c["verdict"] == "holds" for c in result["claims"]), [c for c in result["claims"]
                                                                    if c["verdict"] != "holds"]
    text = path.read_text()
    # every worked example is read: one example claim per matrix C
    assert len([c for c in result["claims"] if c["kind"] == "example"]) == len(
        re.findall(r"\bC\s*(?:=\s*\\frac\{A\}\{B\}\s*)?(?:=|\\approx)\s*\\begin\{bmatrix\}", text))
    # every tag is read, whatever its name
    assert {r["tag"] for r in result["requirements"]} == set(re.findall(r"\[([A-Z][A-Z0-9_]*\d)\]", text))
    assert all(r["class"] != "informal" for r in result["requirements"])


def test_house_a_reads_every_style_feature():
    result = analyse(CORPUS / "correct" / "house_a.md")
    kinds = [c["kind"] for c in result["claims"]]
    for kind in ("definition", "sign", "rounding", "domain", "error-condition", "case-table", "example", "tag"):
        assert kind in kinds, kind
    types = {c["section"]: c["formats"] for c in result["claims"] if c["kind"] == "types"}
    assert types["Div (float, float)"] == ["fp16", "bf16", "fp32", "fp64"]   # float is FP32, double FP64
    classes = {r["tag"]: r["class"] for r in result["requirements"]}
    assert classes["E_DIV_INT_RESTR_0020"] == "overflow" and classes["E_DIV_REAL_CONSTR_A_0010"] == "shape consistency"
    assert classes["E_DIV_INT_RESTR_0010"] == "definition domain"
    info = [f for f in result["findings"] if f["kind"] == "information"]
    assert len(info) == 1 and "uint8" in info[0]["message"]   # -7 is no uint8: said once, as information


A = (CORPUS / "correct" / "house_a.md").read_text()
B = (CORPUS / "correct" / "house_b.md").read_text()
C = (CORPUS / "correct" / "house_c.md").read_text()
D = (CORPUS / "correct" / "house_d.md").read_text()

# (name, document, text replaced, replacement, kind, counterexample fragments)
PLANTED = [
    ("infinity-sign-in-table-row", C,
     r"\operatorname{sign}(A[i]) \cdot \operatorname{sign}(B[i]) \cdot \infty & \text{if } A[i] \text{ is infinite",
     r"\operatorname{sign}(A[i]) \cdot \infty & \text{if } A[i] \text{ is infinite", "incorrect",
     ["B = -1.0 (fp16 0xbc00)"]),
    ("zero-carries-sign-of-b", A,
     "The sign of a zero or infinite result is negative if and only if exactly one of $A[i]$ and $B[i]$ has "
     "its sign bit set.", "A zero or infinite result carries the sign of $B[i]$.", "incorrect", ["(fp16 0x"]),
    ("wrong-approximate-example", A, r"C \approx \begin{bmatrix} 1.0833 & 0.6667",
     r"C \approx \begin{bmatrix} 1.0823 & 0.6667", "incorrect",
     ["A = 13.0 (fp16 0x4a80)", "B = 12.0", "C = ≈1.0823", "(fp16 0x3c55)"]),
    ("floor-division-example", A, r"C = \begin{bmatrix} -3 & -3 \end{bmatrix}",
     r"C = \begin{bmatrix} -4 & -3 \end{bmatrix}", "incorrect", ["A = -7 (int8 0xf9)", "B = 2 (int8 0x02)"]),
    ("missing-int-min-exclusion", A,
     "For a signed type, the pair where $A[i]$ is the smallest value of the type and $B[i] = -1$ is not allowed: "
     "its quotient does not fit.", "Both operands have the same integer type.", "incomplete",
     ["A = -128 (int8 0x80)", "B = -1 (int8 0xff)"]),
    # the example writes -0.0 elsewhere, so its plain 0.0 is +0.0: a wrong sign
    ("zero-sign-in-float-example", A, r"-\text{inf} & -0.0 & \text{NaN}", r"-\text{inf} & 0.0 & \text{NaN}",
     "incorrect", ["A = 5.0 (fp16 0x4500)", "B = -inf (fp16 0xfc00)", "-0.0 (fp16 0x8000)"]),
    # no signed zero written anywhere in the example's results: a bare 0 stands for either zero (a float 0.0 is +0)
    ("unsigned-zeros-in-float-example", A, r"\infty & -1.5 & -0.0 \\ -\text{inf} & -0.0 & \text{NaN}",
     r"\infty & -1.5 & 0 \\ -\text{inf} & 0 & \text{NaN}", None, None),
    ("float-zeros-in-float-example", A, r"\infty & -1.5 & -0.0 \\ -\text{inf} & -0.0 & \text{NaN}",
     r"\infty & -1.5 & 0.0 \\ -\text{inf} & 0.0 & \text{NaN}", "incorrect",
     ["A = 0.0 (fp16 0x0000)", "B = -2.0 (fp16 0xc000)", "-0.0 (fp16 0x8000)"]),
    ("negative-zero-in-float-example", A, r"\infty & -1.5 & -0.0", r"\infty & -1.5 & +0.0", "incorrect",
     ["A = 0.0 (fp16 0x0000)", "B = -2.0 (fp16 0xc000)", "-0.0 (fp16 0x8000)"]),
    ("floor-rounding-sentence", B, "The quotient is truncated toward zero.",
     "The quotient is rounded toward negative infinity.", "incorrect", ["A = -7 (int8 0xf9)", "B = 2 (int8 0x02)"]),
    ("wrong-real-example", B, r"0.125 & -1/3", r"0.125 & -1/4", "incorrect", ["A = -1, B = 3", "-0.333333333333…"]),
    ("nan-operands-left-without-result", C,
     r"\text{NaN} & \text{if } A[i] \text{ is NaN or } B[i] \text{ is NaN} \\" + "\n", "", "incomplete",
     ["nan (fp16 0x7e00)"]),
    ("no-error-condition-with-zero-divisors-allowed", D,
     "  - Statement: an implementation dependent error may be raised when $B[i] = 0$.",
     "  - Statement: there is no error condition.", "incomplete", ["B = 0 (uint8 0x00)"]),
    ("nan-row-made-infinite", C, r"\text{NaN} & \text{if } A[i] \text{ and } B[i] \text{ are both infinite}",
     r"\infty & \text{if } A[i] \text{ and } B[i] \text{ are both infinite}", "incorrect", ["A = inf (fp16 0x7c00)"]),
]


@pytest.mark.parametrize("name,doc,old,new,kind,fragments", PLANTED, ids=[p[0] for p in PLANTED])
def test_planted_defect_is_found_exactly(name, doc, old, new, kind, fragments):
    assert doc.count(old) == 1
    text = doc.replace(old, new)
    result = analyse_text(text, f"{name}.md")
    serious = [f for f in result["findings"] if f["kind"] in DEFECTS]
    if kind is None:   # not a defect after all
        assert serious == [] and result["exit_code"] == 0
        return
    # one defect: one finding, or for a table row one per class of operands it is wrong for, all at one line
    assert len({(f["line"], f["kind"]) for f in serious}) == 1, serious
    finding = next(f for f in serious if all(fragment in f["counterexample"] for fragment in fragments))
    assert finding["kind"] == kind and result["exit_code"] == 1
    if kind == "incorrect" or "error condition" in new:   # at the line of the wrong entry, row or sentence
        start = text.index(new)
        changed = text.count("\n", 0, start) + 1, text.count("\n", 0, start + len(new)) + 1
        assert changed[0] <= finding["line"] <= changed[1], (finding, changed)
    elif not new:             # a deleted row: at the table
        assert text.splitlines()[finding["line"] - 1].strip().startswith("C[i] = \\begin{cases}"), finding
    else:                     # a forgotten exclusion shows at the definition it leaves open
        assert re.fullmatch(r"\$\$C\[i\] = A\[i\] / B\[i\]\$\$|C\[i\] = \\frac\{A\[i\]\}\{B\[i\]\}",
                            text.splitlines()[finding["line"] - 1].strip()), finding
    for fragment in fragments:
        assert fragment in finding["counterexample"], (fragment, finding)


def test_missing_exclusion_points_at_the_definition():
    text = A.replace(PLANTED[4][2], PLANTED[4][3])
    result = analyse_text(text, "x.md")
    [finding] = [f for f in result["findings"] if f["kind"] == "incomplete"]
    assert text.splitlines()[finding["line"] - 1].strip() == "$$C[i] = A[i] / B[i]$$"
    assert "does not fit int8" in finding["message"]


def test_wrong_entry_has_its_column():
    text = A.replace(r"C \approx \begin{bmatrix} 1.0833 & 0.6667", r"C \approx \begin{bmatrix} 1.0833 & 0.6767")
    [finding] = [f for f in analyse_text(text, "x.md")["findings"] if f["kind"] == "incorrect"]
    line = text.splitlines()[finding["line"] - 1]
    assert line[finding["column"] - 1:].startswith("0.6767")


def test_no_div_section_is_bad_input(tmp_path, capsys):
    empty = tmp_path / "empty.md"
    empty.write_text("")
    other = tmp_path / "tanh.md"
    other.write_text("# **Tanh** (float)\n\n$$Y[i] = \\tanh(X[i])$$\n")
    for path in (empty, other):
        assert main(["check-spec", str(path)]) == 2
        err = capsys.readouterr().err.strip()
        names = list(operators.in_pipeline())
        assert f"no {', '.join(names[:-1])} or {names[-1]} section" in err and str(path) in err and "\n" not in err


def test_floor_sentence_is_wrong_only_for_signed_types():
    text = D.replace("where int is in {uint16, uint8}", "where int is in {uint8, int16}")
    result = analyse_text(text, "d.md")
    [finding] = [f for f in result["findings"] if f["kind"] == "incorrect"]
    assert "rounded toward negative infinity" in text.splitlines()[finding["line"] - 1]
    assert "A = -7 (int16 0xfff9), B = 2 (int16 0x0002)" == finding["counterexample"]
    assert "[in int16]" in finding["message"]
    assert [f["kind"] for f in analyse(CORPUS / "correct" / "house_d.md")["findings"]] == []


def test_exact_example_whose_format_result_differs_is_information():
    text = """# **Div** (float, float)

where float is in {float16, double}

$$C[i] = A[i] / B[i]$$

$$A = \\begin{bmatrix} 1.2 \\end{bmatrix} \\quad B = \\begin{bmatrix} 3 \\end{bmatrix} \\quad
C = \\begin{bmatrix} 0.4 \\end{bmatrix}$$
"""
    result = analyse_text(text, "x.md")
    assert result["exit_code"] == 0
    # 1.2 is rounded before the division: the format's quotient is not the written 0.4's value, in either format
    fp16, fp64 = sorted(result["findings"], key=lambda f: "fp64" in f["message"])
    assert {fp16["kind"], fp64["kind"]} == {"information"} and fp16["line"] == 8 and fp16["column"] == 21
    assert "fp16 gives 0.400146484375 (fp16 0x3667)" in fp16["message"] and "[in fp16]" in fp16["message"]
    assert "fp64 gives 0.39999999999999997 (fp64 0x3fd9999999999999)" in fp64["message"]


def test_tag_with_no_formal_reading_is_informal_information():
    text = B.replace("[E_DIV_I_FN_0001]", "[E_DIV_I_FN_0001]\n\n- Sparse tensors are out of scope. [E_DIV_I_SCOPE_0001]")
    result = analyse_text(text, "b.md")
    [info] = [f for f in result["findings"] if "E_DIV_I_SCOPE_0001" in f["message"]]
    assert info["kind"] == "information" and "informal" in info["message"]
    assert info["line"] == text.splitlines().index("- Sparse tensors are out of scope. [E_DIV_I_SCOPE_0001]") + 1
    entry = next(r for r in result["requirements"] if r["tag"] == "E_DIV_I_SCOPE_0001")
    assert entry["class"] == "informal" and entry["traces"] == []
    assert result["exit_code"] == 0


def test_json_carries_the_column_of_a_wrong_entry(tmp_path):
    doc = tmp_path / "wrong.md"
    doc.write_text(A.replace(r"\infty & -1.5 & -0.0", r"\infty & -1.6 & -0.0"))
    out = tmp_path / "r.json"
    assert main(["check-spec", str(doc), "--json", str(out)]) == 1
    [finding] = [f for f in json.loads(out.read_text())["findings"] if f["kind"] == "incorrect"]
    line = doc.read_text().splitlines()[finding["line"] - 1]
    assert line[finding["column"] - 1:].startswith("-1.6")
    assert "A = -6.0 (fp16 0xc600), B = 4.0 (fp16 0x4400)" in finding["counterexample"]


def test_plain_headings_latex_type_lists_and_tags_in_headings():
    text = r"""# Div (float, float)

where float is in $\{\text{float16}, \text{double}\}$.

### [E_DIV_V_0010] Definition

$$C[i] = \operatorname{round}(A[i]/B[i])$$

The sign of a zero or infinite result is the XOR of the signs of $A[i]$ and $B[i]$.
"""
    result = analyse_text(text, "v.md")
    assert result["findings"] == [] and result["exit_code"] == 0
    assert {c["kind"] for c in result["claims"]} == {"types", "definition", "sign", "tag"}
    assert all(c["formats"] == ["fp16", "fp64"] for c in result["claims"] if c["kind"] != "tag")
    [tag] = result["requirements"]
    assert tag["tag"] == "E_DIV_V_0010" and tag["line"] == 5 and tag["class"] == "function"


def test_definition_in_words_and_its_domain():
    text = """# **Div** (real, real)

## Function

Each element of $C$ is $A[i]$ divided by $B[i]$.

Division by zero is undefined.
"""
    result = analyse_text(text, "w.md")
    assert result["findings"] == [] and {c["kind"] for c in result["claims"]} == {"types", "definition", "domain"}
    unguarded = analyse_text(text.replace("Division by zero is undefined.", "Any value is accepted."), "w.md")
    # one finding for the forgotten exclusion, at the defining sentence; the sentence divbridge does not read
    # (in a section of the operator's types) is unread at its line
    [finding, unread] = unguarded["findings"]
    assert finding["kind"] == "incomplete" and finding["line"] == 5 and "B = 0" in finding["counterexample"]
    assert (unread["kind"], unread["line"]) == ("unread", 7)


def test_rows_on_the_signs_of_both_operands():
    text = (CORPUS / "correct" / "house_e.md").read_text()
    floor_everywhere = text.replace(r"\text{if } A[i] \text{ and } B[i] \text{ have the same sign} \\",
                                    r"\text{if } A[i] \text{ and } B[i] \text{ have different signs} \\", 1)
    result = analyse_text(floor_everywhere, "e.md")
    wrong = [f for f in result["findings"] if f["kind"] == "incorrect"]
    row = floor_everywhere.splitlines().index(
        r"\lfloor A[i]/B[i] \rfloor & \text{if } A[i] \text{ and } B[i] \text{ have different signs} \\") + 1
    assert wrong and all(f["line"] == row and "[in int8]" in f["message"] for f in wrong)   # uint8 has no signs
    assert any(f["counterexample"] == "A = -1 (int8 0xff), B = 2 (int8 0x02)" for f in wrong)

"""The paraphrase corpus: for each kind of statement the reader knows, phrasings that are right and phrasings
that are wrong (our own words, in the working group's styles and others), each put into the project's own
`proofs/spec/div.md` at one requirement, with the exact findings (kind, line) check-spec must give.  A right
phrasing gives none; a wrong one gives its `incorrect` finding at its line, or, where the document states the
rule elsewhere too, is left `unread` at its line: never read as the right rule.  A misreading fails the test.

`KINDS` counts the kinds and phrasings; docs/reading.md quotes the counts."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conftest import sampled
from divbridge.checkspec.analysis import analyse_text
from divbridge.document import signs

DIV = Path(__file__).parent.parent / "proofs" / "spec" / "div.md"
needs_solvers = pytest.mark.skipif(shutil.which("z3") is None, reason="z3 is not installed (scripts/setup.sh)")

# the lines of proofs/spec/div.md each kind rewrites (asserted against the file: a moved line fails loudly)
LINES = {"E_DIV_FLOAT_DEF_0040": 64, "E_DIV_FLOAT_DEF_0060": 66, "E_DIV_FLOAT_DEF_0010": 61,
         "E_DIV_INT_DEF_0010": 107, "E_DIV_INT_CONSTR_B_0010": 108, "E_DIV_INT_CONSTR_AB_0020": 109, "R1": 102,
         "R2": 103}
SIGN_LINE = 68        # a sign sentence is added after this line, under a tag of its own
NEW = SIGN_LINE + 1

Z, I = "A finite non-zero numerator over a zero is", "A finite number over an infinity is"

# kind -> (the tag it rewrites, or "" for a sentence added after SIGN_LINE; right phrasings; wrong phrasings with
# the finding each must give)
KINDS = {
    "special-value sign": ("E_DIV_FLOAT_DEF_0040", [
        f"{Z} an infinity carrying the product of both signs.",
        f"{Z} an infinity whose sign is the exclusive or of the signs of the numerator and the denominator.",
        f"{Z} an infinity, with the signs of $A[i]$ and $B[i]$ multiplied.",
        f"{Z} an infinity carrying the XOR of the operands' signs.",
        f"{Z} an infinity with sign equal to the product of the signs of the two operands.",
        f"{Z} an infinity, its sign being the product of the signs.",
        f"{Z} an infinity whose sign is the product of B's and A's signs.",
    ], [
        (f"{Z} an infinity carrying the sign of the numerator.", "incorrect"),
        (f"{Z} a positive infinity.", "incorrect"),
        (f"{Z} an infinity with the same sign as the denominator.", "incorrect"),
        (f"{Z} an infinity whose sign is that of the zero.", "incorrect"),
        (f"{Z} a negative infinity.", "incorrect"),
        (f"{Z} an infinity carrying that of the dividend.", "incorrect"),
        (f"{Z} an infinity carrying B's sign.", "incorrect"),
        (f"{Z} an infinity carrying the opposite of the product of the signs.", "unread"),
    ]),
    "special-value case": ("E_DIV_FLOAT_DEF_0060", [
        f"{I} a zero carrying the product of the signs.",
        "A finite value over an infinity gives a zero, with the product of the signs.",
        "A finite operand over an infinity yields a zero whose sign is the XOR of both signs.",
        f"{I} a zero, carrying the exclusive or of the signs of A and B.",
        "A finite numerator over an infinite denominator is a zero carrying the product of the signs.",
    ], [
        (f"{I} an infinity carrying the product of the signs.", "incorrect"),
        (f"{I} NaN.", "incorrect"),
        (f"{I} a positive zero.", "incorrect"),
        (f"{I} a zero carrying the sign of the numerator.", "incorrect"),
        (f"{I} a zero carrying the sign of the infinity.", "incorrect"),
    ]),
    "float rounding": ("E_DIV_FLOAT_DEF_0010", [
        "A quotient of two finite numbers is the exact quotient rounded to nearest, ties to even.",
        "The division follows IEEE 754 semantics.",
        "The result is correctly rounded.",
        "The quotient is IEEE 754 division.",
        "Each quotient is rounded to the nearest representable value, ties to even.",
    ], [
        ("A quotient of two finite numbers is the exact quotient rounded toward zero.", "incorrect"),
        ("The quotient is rounded toward negative infinity.", "incorrect"),
        ("The quotient is rounded up.", "incorrect"),
        ("The quotient is rounded down.", "incorrect"),
        ("The quotient is truncated.", "incorrect"),
    ]),
    "integer rounding": ("E_DIV_INT_DEF_0010", [
        "The quotient is rounded toward zero, as ONNX rounds it.",
        "The fractional part of the quotient is discarded.",
        "The quotient is truncated toward zero.",
        "$C[i]$ is the algebraic quotient of $A[i]$ and $B[i]$ with any fractional part discarded.",
        "The division truncates: the quotient is rounded towards zero.",
    ], [
        ("The quotient is rounded down.", "incorrect"),
        ("The quotient is rounded to the nearest integer.", "incorrect"),
        ("The quotient is rounded toward positive infinity.", "incorrect"),
        ("The quotient is the floor of the exact quotient.", "incorrect"),
        ("The quotient is rounded toward negative infinity.", "incorrect"),
    ]),
    "divisor exclusion": ("E_DIV_INT_CONSTR_B_0010", [
        "No element of `B` is zero; this is a precondition.",
        "B must not contain zero.",
        "Division by zero is not allowed.",
        "The divisor shall not be zero.",
        "Every element of $B$ is non-zero.",
    ], [
        ("No element of A is zero.", "unread"),
        ("B may be zero.", "unread"),
        ("The dividend shall not be zero.", "unread"),
        ("No element of B is negative.", "unread"),
        ("Division by one is not allowed.", "unread"),
    ]),
    "overflow exclusion": ("E_DIV_INT_CONSTR_AB_0020", [
        "The smallest value of the type divided by -1 is not allowed.",
        "Dividing INT_MIN by -1 is excluded; this is a precondition.",
        "$A[i] = INT\\_MIN$ together with $B[i] = -1$ is forbidden.",
        "Dividing $-2^{n-1}$ by $-1$ is not allowed if the type is signed.",
        "Dividing the lowest value of the type by minus one is undefined.",
        "The least value of the type over -1 is excluded.",
        "Division is defined except when A[i] is the smallest value of the type and B[i] = -1.",
        "For every index, $\\neg(A[i] = INT\\_MIN \\wedge B[i] = -1)$.",
        "For all i, not (A[i] = INT_MIN and B[i] = -1).",
        "The pair $(A[i], B[i]) = (\\mathrm{INT\\_MIN}, -1)$ is not allowed.",
        "Overflow of INT_MIN / -1 is excluded: such inputs shall not be given.",
    ], [
        ("The largest value of the type divided by -1 is not allowed.", "incorrect"),
        ("Dividing the greatest value of the type by $-1$ is forbidden; this is a precondition.", "incorrect"),
        ("$A[i] = INT\\_MAX$ together with $B[i] = -1$ is excluded.", "incorrect"),
        ("Dividing -1 by the smallest value is not allowed.", "unread"),
        ("The smallest value of the type divided by 1 is not allowed.", "unread"),
        ("Overflow may happen.", "unread"),
        ("Nothing is excluded.", "unread"),
    ]),
    "same shape": ("R1", [
        "All three tensors have the same shape.",
        "A, B and C share one shape.",
        "Broadcasting is not allowed: A, B and C have identical shapes.",
        "The shapes of A, B and C must be equal.",
        "No broadcast: the three tensors have a single shape.",
    ], [
        ("A and B are broadcast to a common shape.", "unread"),
        ("A and B may have different shapes.", "unread"),
        ("C has the shape of A.", "unread"),
        ("The shape of C is the broadcast of the shapes of A and B.", "unread"),
        ("Shapes are not checked.", "unread"),
    ]),
    "same type": ("R2", [
        "A, B and C have the same type.",
        "The three tensors have the same element type.",
        "A, B and C must be of one and the same data type.",
        "The element types of A, B and C are identical.",
        "A, B and C share a common type.",
    ], [
        ("A and B may have different types, C the same type as A.", "unread"),
        ("C may have another type than A and B.", "unread"),
        ("C is of type FP32 whatever the types of A and B.", "unread"),
        ("The type of C is wider than that of A.", "unread"),
        ("Types are not checked.", "unread"),
    ]),
    "sign sentence": ("", [
        "The sign of a zero or infinite result is the product of the signs of A and B.",
        "The sign of the result is determined by the signs of the operands.",
        "A zero or infinite quotient is negative exactly when the exclusive or of the signs of $A[i]$ and $B[i]$ is set.",
        "The sign of $\\pm 0$ and $\\pm\\infty$ is given by the exclusive or of the sign bits of A and B.",
        "A zero or infinite result carries the sign given by the product of the signs.",
    ], [
        ("The sign of a zero or infinite result is the sign of A.", "incorrect"),
        ("A zero result is always positive.", "incorrect"),
        ("The sign of an infinite result is that of the denominator.", "incorrect"),
        ("The sign of a zero result is the same as the numerator.", "incorrect"),
        ("The sign of an infinite result is always negative.", "incorrect"),
    ]),
}


# a worked example's entry in every notation: the float example's 3 / 4 (line EXAMPLE_LINE, column EXAMPLE_COLUMN)
ENTRY = r"C = \begin{bmatrix} 0.75 & -\infty"
EXAMPLE_LINE, EXAMPLE_COLUMN = 94, 21
NUMBERS = ([r"7.5 \times 10^{-1}", "7.5e-1", r"3 \cdot 2^{-2}", r"\frac{3}{4}", r"\approx 7.5 \times 10^{-1}", "6/8",
            r"(1 - 2^{-2})"],
           [r"7.4 \times 10^{-1}", "7.6e-1", r"2^{-2}", r"\frac{3}{5}", r"\approx 7.6 \times 10^{-1}", "0.7"])


# the sentence before the float example names the types it is stated in: 1/3 written as float16 gives it
EXAMPLE_TITLE = "A worked example, exact in every listed format:"
THIRD = ((r"A = \begin{bmatrix} 3 & -1", r"A = \begin{bmatrix} 1 & -1"),
         (r"B = \begin{bmatrix} 4 & 0", r"B = \begin{bmatrix} 3 & 0"), (ENTRY, ENTRY.replace("0.75", "0.333251953125")))
TYPED = (["A worked example in FP16:", "For FP16 only:", "Example (float16):", "In half precision (FP16), for instance:",
          "An example whose values are FP16 ones:"],
         ["A worked example in FP32:", "A worked example, exact in every listed format:", "For FP16 and FP32:",
          "Example (float32, float64):", "In every format, for instance:"])


# a case analysis written as a Markdown table, in a document of its own (the float rows of div.md's cases)
PIPE_TABLE = """# `Div` operator (FP16, FP32)

- The quotient is correctly rounded, as IEEE 754 division gives it. `[E_F_0010]`
- A zero or infinite result carries the product of the signs of A and B. `[E_F_0020]`

The cases:

| {condition} | {result} |
|---|---|
| $A[i]$ is NaN or $B[i]$ is NaN | NaN |
| $A[i] = 0$ and $B[i] = 0$ | NaN |
| $A[i]$ is infinite and $B[i]$ is infinite | NaN |
| $A[i]$ is infinite and $B[i]$ is finite | $\\pm\\infty$ |
| $A[i]$ is finite and $B[i]$ is infinite | $\\pm 0$ |
| $A[i] \\neq 0$ and $A[i]$ is finite and $B[i] = 0$ | $\\pm\\infty$ |
| otherwise | $A[i]/B[i]$ |
"""
PIPE_HEADERS = [("Condition", "Result"), ("Case", "$C[i]$"), ("When", "Value"), ("If", "Output"), ("Inputs", "Quotient")]
PIPE_WRONG = [("| NaN |\n| $A[i]$ is infinite and $B[i]$ is infinite", "| $\\pm 0$ |\n| $A[i]$ is infinite and $B[i]$ is infinite", 11),
              ("is infinite | $\\pm 0$", "is infinite | $\\pm\\infty$", 14),
              ("is infinite and $B[i]$ is infinite | NaN", "is infinite and $B[i]$ is infinite | $\\pm\\infty$", 12),
              ("is finite | $\\pm\\infty$", "is finite | NaN", 13),
              ("otherwise | $A[i]/B[i]$", "otherwise | NaN", 16),
              ("$B[i] = 0$ | $\\pm\\infty$", "$B[i] = 0$ | $\\pm 0$", 15)]


# the first row's condition (line 10 of PIPE_TABLE) in words and symbols: a wrong one is incorrect at its row, and the
# rows it now overlaps are ambiguous at theirs
NAN_ROW = "| $A[i]$ is NaN or $B[i]$ is NaN | NaN |"
CONDITIONS = (["$A[i]$ is not a number or $B[i]$ is not a number", "$A[i]$ or $B[i]$ is NaN",
               "either $A[i]$ or $B[i]$ is a NaN", "not ($A[i]$ is a number and $B[i]$ is a number)",
               "$A[i]$ is NaN and $B[i]$ is NaN"],
              [("$A[i]$ is NaN or $B[i]$ is a number", {("incorrect", 10), ("ambiguous", 13), ("ambiguous", 14),
                                                         ("ambiguous", 15)}),
               ("$A[i]$ is infinite or $B[i]$ is not a number", {("incorrect", 10), ("ambiguous", 13)}),
               ("$A[i] = 0$ or $B[i]$ is NaN", {("incorrect", 10), ("ambiguous", 14)}),
               ("$A[i]$ is NaN or $B[i]$ is positive infinity", {("incorrect", 10), ("ambiguous", 14)}),
               ("neither $A[i]$ nor $B[i]$ is NaN", {("incorrect", 10), ("ambiguous", 13), ("ambiguous", 14),
                                                    ("ambiguous", 15)})])


# a worked example written inline in a sentence, put before the float example (the wrong entry's column given)
INLINE = (["For instance, with $A = [1, -6]$ and $B = [4, 3]$, $C = [0.25, -2]$.",
           "In FP16, $A = [1]$ and $B = [3]$ give $C = [0.333251953125]$.",
           r"With $A = \begin{bmatrix} 1 & 0 \end{bmatrix}$ and $B = \begin{bmatrix} 2 & -4 \end{bmatrix}$, "
           r"$C = \begin{bmatrix} 0.5 & -0 \end{bmatrix}$.",
           r"Take $A = [3, -1]$, $B = [4, 0]$: then $C = [0.75, -\infty]$.",
           r"So $A = [6.5]$ over $B = [2]$ is $C = [3.25]$ in every listed format."],
          [("For instance, with $A = [1, -6]$ and $B = [4, 3]$, $C = [0.25, -3]$.", 64),
           ("In FP32, $A = [1]$ and $B = [3]$ give $C = [0.333251953125]$.", 45),
           (r"With $A = \begin{bmatrix} 1 & 0 \end{bmatrix}$ and $B = \begin{bmatrix} 2 & -4 \end{bmatrix}$, "
            r"$C = \begin{bmatrix} 0.5 & 0.25 \end{bmatrix}$.", 123),
           (r"Take $A = [3, -1]$, $B = [4, 0]$: then $C = [0.75, \infty]$.", 52),
           (r"So $A = [6.5]$ over $B = [2]$ is $C = [3.5]$ in every listed format.", 40)])


# the float example's 0 / -2 (column ZERO_COLUMN): a zero written as a float is +0, wrong in IEEE 754
ZERO_ENTRY = r"C = \begin{bmatrix} 0.75 & -\infty & -0 &"
ZERO_COLUMN = 38
ZEROS = (["-0", "-0.0", "-0.00", "- 0", r"-\text{0}"], ["0.0", "+0", "+0.0", "0.00", "0."])


def _document(tag: str, phrasing: str) -> tuple[str, int]:
    lines = DIV.read_text().split("\n")
    if not tag:
        lines.insert(SIGN_LINE, f"- {phrasing} `[E_DIV_FLOAT_SIGN_0010]`")
        return "\n".join(lines), NEW
    line = LINES[tag]
    assert lines[line - 1].endswith(f"`[{tag}]`"), (tag, line)
    lines[line - 1] = f"- {phrasing} `[{tag}]`"
    return "\n".join(lines), line


CASES = [pytest.param(tag, phrasing, "", id=f"{kind}: right: {phrasing[:60]}")
         for kind, (tag, right, _) in KINDS.items() for phrasing in right] + \
        [pytest.param(tag, phrasing, finding, id=f"{kind}: wrong: {phrasing[:60]}")
         for kind, (tag, _, wrong) in KINDS.items() for phrasing, finding in wrong]


@pytest.fixture(autouse=True)
def _cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("DIVBRIDGE_CACHE", str(tmp_path_factory.getbasetemp() / "cache"))


def test_the_corpus_has_five_right_and_five_wrong_phrasings_of_each_kind():
    assert len(KINDS) >= 9  # and six kinds more below: numbers, typed examples, tables, conditions, inline, zeros
    assert all(len(right) >= 5 and len(wrong) >= 5 for _, right, wrong in [*KINDS.values(), ("", *NUMBERS),
                                                                             ("", *TYPED), ("", PIPE_HEADERS, PIPE_WRONG),
                                                                             ("", *CONDITIONS), ("", *INLINE),
                                                                             ("", *ZEROS)])


@needs_solvers
@pytest.mark.parametrize("tag, phrasing, finding", sampled(CASES, every=2))
def test_each_phrasing_gives_exactly_its_finding(tag, phrasing, finding):
    text, line = _document(tag, phrasing)
    result = analyse_text(text, "div.md")
    found = [(f["kind"], f["line"]) for f in result["findings"] if f["kind"] != "information"]
    assert sorted(set(found)) == ([(finding, line)] if finding else []), result["findings"]


@needs_solvers
@pytest.mark.parametrize("entry, wrong", [(e, False) for e in NUMBERS[0]] + [(e, True) for e in NUMBERS[1]])
def test_each_number_notation_is_judged_at_its_entry(entry, wrong):
    text = DIV.read_text()
    assert text.count(ENTRY) == 1
    result = analyse_text(text.replace(ENTRY, ENTRY.replace("0.75", entry)), "div.md")
    found = [(f["kind"], f["line"], f.get("column")) for f in result["findings"] if f["kind"] != "information"]
    assert found == ([("incorrect", EXAMPLE_LINE, EXAMPLE_COLUMN)] if wrong else []), result["findings"]


@needs_solvers
@pytest.mark.parametrize("title, wrong", [(t, False) for t in TYPED[0]] + [(t, True) for t in TYPED[1]])
def test_an_example_is_judged_in_the_types_it_names(title, wrong):
    text = DIV.read_text()
    assert text.count(EXAMPLE_TITLE) == 1
    text = text.replace(EXAMPLE_TITLE, title)
    for old, new in THIRD:
        assert text.count(old) == 1
        text = text.replace(old, new)
    result = analyse_text(text, "div.md")
    found = [(f["kind"], f["line"], f.get("column")) for f in result["findings"] if f["kind"] != "information"]
    assert found == ([("incorrect", EXAMPLE_LINE, EXAMPLE_COLUMN)] if wrong else []), result["findings"]


@needs_solvers
@pytest.mark.parametrize("condition, result", PIPE_HEADERS)
def test_a_case_table_in_a_markdown_table_is_read(condition, result):
    result_ = analyse_text(PIPE_TABLE.format(condition=condition, result=result), "pipe.md")
    assert [f for f in result_["findings"] if f["kind"] != "information"] == []
    assert any(c["kind"] == "case-table" and c["verdict"] == "holds" for c in result_["claims"])


@needs_solvers
@pytest.mark.parametrize("old, new, line", PIPE_WRONG)
def test_a_wrong_row_of_a_markdown_case_table_is_found_at_its_line(old, new, line):
    text = PIPE_TABLE.format(condition="Condition", result="Result")
    assert text.count(old) == 1
    result = analyse_text(text.replace(old, new), "pipe.md")
    assert {(f["kind"], f["line"]) for f in result["findings"] if f["kind"] != "information"} == {("incorrect", line)}


@needs_solvers
@pytest.mark.parametrize("condition, findings", [(c, set()) for c in CONDITIONS[0]] + CONDITIONS[1])
def test_a_condition_in_words_has_its_ieee_meaning(condition, findings):
    text = PIPE_TABLE.format(condition="Condition", result="Result")
    assert text.count(NAN_ROW) == 1
    result = analyse_text(text.replace(NAN_ROW, f"| {condition} | NaN |"), "pipe.md")
    assert {(f["kind"], f["line"]) for f in result["findings"] if f["kind"] != "information"} == findings


@needs_solvers
@pytest.mark.parametrize("sentence, column", [(t, None) for t in INLINE[0]] + INLINE[1])
def test_an_example_inline_in_a_sentence_is_judged_at_its_entry(sentence, column):
    text = DIV.read_text()
    assert text.count(EXAMPLE_TITLE) == 1
    text = text.replace(EXAMPLE_TITLE, f"{sentence}\n\n{EXAMPLE_TITLE}")
    line = text[:text.index(sentence)].count("\n") + 1
    result = analyse_text(text, "div.md")
    found = [(f["kind"], f["line"], f.get("column")) for f in result["findings"] if f["kind"] != "information"]
    assert found == ([("incorrect", line, column)] if column else []), result["findings"]
    assert sum(c["kind"] == "example" and c["line"] == line for c in result["claims"]) == 1


@needs_solvers
@pytest.mark.parametrize("zero, wrong", [(z, False) for z in ZEROS[0]] + [(z, True) for z in ZEROS[1]])
def test_the_sign_of_a_zero_in_an_example_is_judged(zero, wrong):
    text = DIV.read_text()
    assert text.count(ZERO_ENTRY) == 1
    result = analyse_text(text.replace(ZERO_ENTRY, ZERO_ENTRY.replace("& -0 &", f"& {zero} &")), "div.md")
    found = [(f["kind"], f["line"], f.get("column")) for f in result["findings"] if f["kind"] != "information"]
    assert found == ([("incorrect", EXAMPLE_LINE, ZERO_COLUMN)] if wrong else []), result["findings"]


@pytest.mark.parametrize("phrase, code", [
    ("carrying the product of both signs", "xor:AB"), ("whose sign is the exclusive or of the signs of a and b", "xor:AB"),
    ("the signs multiplied", "xor:AB"), ("b 's and a 's signs", "xor:AB"), ("that of the numerator", "xor:A"),
    ("the same sign as the divisor", "xor:B"), ("with the sign of b", "xor:B"), ("a negative sign", "-"),
    ("positive", "+"), ("the opposite of the sign of a", ""), ("the sign of the zero", ""), ("the colour of a", None)])
def test_the_sign_grammar_composes_its_parts(phrase, code):
    sign = signs.sign_of(phrase)
    assert (None if sign is None else sign.code) == code


def test_the_zero_and_the_infinity_are_the_operands_of_the_case():
    sign = signs.sign_of("the exclusive or of the signs of a and the zero")
    assert sign.resolved(zero="B").code == "xor:AB"
    assert sign.resolved(zero="A").code == "xor:A"     # A named twice: its sign
    assert isinstance(sign.resolved(), str)

"""The statement grammar (`document/statements.lark`): every kind reads its example back in canonical words, a
sentence is read whole or not at all (the words not read and the column where reading stopped are named), a
qualifier appended to an accepted sentence leaves it unread, and the examples of issue 42 are refuted at their
lines or unread, for Div, Mul, Add and Sub alike."""

from __future__ import annotations

import importlib.util
import json
import shutil
from pathlib import Path

import pytest

from divbridge import operators
from divbridge.checkspec.analysis import analyse_text
from divbridge.cli import main
from divbridge.document import grammar, meaning, prose, reference
from divbridge.document.caserule import CaseRule
from divbridge.document.reader import parse_document

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "proofs" / "spec"
needs_solvers = pytest.mark.skipif(shutil.which("z3") is None, reason="z3 is not installed (scripts/setup.sh)")


def _script():
    spec = importlib.util.spec_from_file_location("reading_reference", ROOT / "scripts" / "reading_reference.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


REFERENCE = _script()


@pytest.fixture(autouse=True)
def _cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("DIVBRIDGE_CACHE", str(tmp_path_factory.getbasetemp() / "cache"))


def _read(sentence: str, family: str = "float", op=operators.get("Div")) -> meaning.Reading:
    return prose.read(REFERENCE.sentence_tokens(sentence), sentence, family, "C", op)


# -- every kind, read back ----------------------------------------------------------------------------------------

# kind -> the statements its example is read as (their classes)
EXPECTED = {
    "definition": {meaning.Case}, "rounding": {meaning.Semantics}, "sign": {meaning.SignRule},
    "special": {CaseRule}, "special_symbols": {meaning.Case}, "exact_zero": {CaseRule},
    "row_notation": {meaning.Semantics, meaning.SignRule}, "case": {meaning.Case},
    "domain_of_definition": {meaning.Case}, "precondition": {meaning.Domain}, "exclusion": {meaning.Domain},
    "error_condition": {meaning.ErrorCondition}, "shape": {meaning.Constraint}, "scalar": {meaning.Constraint},
    "type": {meaning.Constraint},
    "accuracy": {meaning.Accuracy}, "wrap": {meaning.Wrap}, "reference": {meaning.Reference},
    "section_reference": {meaning.SectionReference},
    "noclaim": {meaning.NoClaim},
}


def test_every_kind_of_the_grammar_has_an_example_and_an_expected_reading():
    assert [k.name for k in reference.kinds()] == list(EXPECTED)


@pytest.mark.parametrize("kind", reference.kinds(), ids=lambda k: k.name)
def test_each_kind_reads_its_example_back_in_words(kind):
    example, reading = REFERENCE.read_back(kind)
    assert reading.understood, reading.why
    assert {type(s) for s in reading.statements} == EXPECTED[kind.name]
    assert all(s.words() and s.words() != str(s) for s in reading.statements)


def test_the_reference_page_is_the_grammars():
    assert (ROOT / "docs" / "reading-reference.md").read_text(encoding="utf-8") == REFERENCE.page(), \
        "docs/reading-reference.md is stale: run scripts/reading_reference.py"


@pytest.mark.parametrize("sentence, words", [
    ("A quotient of two finite numbers is the exact quotient rounded to nearest, ties to even.",
     "C[i] is A[i] / B[i] rounded to nearest, ties to even (IEEE 754 division)"),
    ("A quotient of two finite numbers is the exact quotient rounded to the nearest representable value, ties being "
     "rounded away from zero.", "C[i] is A[i] / B[i] rounded to nearest, ties away from zero"),
    ("The quotient is truncated toward zero.", "C[i] is A[i] / B[i] rounded toward zero"),
    ("The quotient is rounded down.", "C[i] is A[i] / B[i] rounded toward negative infinity"),
    ("A zero result is always positive.", "a zero result is positive"),
    ("$A$, $B$ and $C$ have the same shape.", "A, B and C have the same shape"),
])
def test_a_reading_is_said_back_in_canonical_words(sentence, words):
    assert _read(sentence).words() == words


# -- whole or not at all ------------------------------------------------------------------------------------------

QUALIFIERS = (", except for subnormal results", ", unless $B[i]$ is zero", ", only for FP16", " in most cases")


@pytest.mark.parametrize("kind", [k for k in reference.kinds() if k.name != "noclaim"], ids=lambda k: k.name)
@pytest.mark.parametrize("qualifier", QUALIFIERS)
def test_a_qualifier_appended_to_an_accepted_sentence_leaves_it_unread(kind, qualifier):
    example = reference.fill(kind.example, kind.operator).rstrip(".") + qualifier + "."
    reading = _read(example, kind.family, kind.operator)
    assert not reading.understood and "not read" in reading.why


@pytest.mark.parametrize("sentence", [
    "Each quotient is rounded to the nearest representable value, ties to odd.",
    "The quotient is rounded to nearest, ties toward zero.",
    "The quotient is rounded stochastically.",
])
def test_a_rounding_the_grammar_does_not_know_is_unread_never_ieee(sentence):
    assert not _read(sentence).understood


def test_an_unread_sentence_names_the_words_not_read_the_column_and_the_nearest_phrasing():
    text = (SPEC / "div.md").read_text(encoding="utf-8")
    old = "- The quotient is rounded toward zero, as ONNX rounds it. `[E_DIV_INT_DEF_0010]`"
    new = "- The quotient is rounded toward zero, except for negative quotients. `[E_DIV_INT_DEF_0010]`"
    assert text.count(old) == 1
    planted = text.replace(old, new)
    line = planted[:planted.index(new)].count("\n") + 1
    [part] = [p for p in parse_document(planted).parts if p.line == line and p.kind == "sentence"]
    column = new.index("except") + 1
    assert not part.reading.understood
    assert f"«except for negative quotients» not read (from line {line}, column {column})" in part.reading.why
    assert "the nearest phrasing divbridge reads: «" in part.reading.why


def test_the_words_that_carry_no_meaning_are_the_grammars_own_list():
    assert _read("The the quotient is truncated toward zero.", "int").understood       # an article, twice
    assert not _read("The quotient is basically truncated toward zero.", "int").understood


def test_a_sentence_naming_another_operator_does_not_define_this_one():
    reading = _read("Operator Mul multiplies input tensors $A$ and $B$ element-wise.", "real")
    assert not reading.understood and "another operation" in reading.why
    assert _read("Operator Mul multiplies input tensors $A$ and $B$ element-wise.", "real",
                 operators.get("Mul")).understood


def test_operands_the_other_way_are_the_negation_where_exact_and_unread_in_floats():
    sub = operators.get("Sub")
    [case] = _read("Each element of `C` is `B` minus `A`.", "real", sub).statements
    assert case.result.sign == "-" and case.words() == "C[i] is -(A[i] - B[i])"
    assert not _read("Each element of `C` is `B` minus `A`.", "float", sub).understood
    assert not _read("Operator Div divides $B$ by $A$.", "real").understood
    assert _read("Operator Mul multiplies $B$ by $A$.", "real", operators.get("Mul")).understood   # commutative


def _rules(sentence: str, op: str, family: str = "float") -> set[tuple]:
    reading = _read(sentence, family, operators.get(op))
    assert reading.understood, reading.why
    return {(r.a, r.b, r.result, r.sign, r.relation) for r in reading.statements}


def test_the_definite_article_makes_a_result_the_pair_s_own():
    """"is the infinity" is that infinity (its sign the infinite operand's); "is an infinity" says no sign."""
    assert _rules("An infinity plus a finite number is the infinity.", "Add") == {("inf", "finite", "inf", "a", "")}
    assert _rules("An infinity plus a finite number is an infinity.", "Add") == {("inf", "finite", "inf", "", "")}
    assert _rules("A finite number minus an infinity is the infinity negated.", "Sub") == \
        {("finite", "inf", "inf", "-b", "")}
    # two infinities of opposite signs have no "the infinity"
    assert not _read("The sum of two infinities of opposite signs is the infinity.", "float",
                     operators.get("Add")).understood


def test_a_pair_s_words_name_its_operands_in_order():
    """"subtracting X from Y" is Y - X; "a non-zero number" is a finite non-zero one or an infinity; "one operand
    is X and the other Y" is both orders; "a zero <B's name>" leaves A anything."""
    assert _rules("Subtracting a finite number from an infinity gives the infinity.", "Sub") == \
        {("inf", "finite", "inf", "a", "")}
    assert _rules("Multiplying an infinity by a non-zero number gives an infinity carrying the XOR of both signs.",
                  "Mul") == {("inf", "finite_nonzero", "inf", "xor", ""), ("inf", "inf", "inf", "xor", "")}
    assert _rules("If one operand is a zero and the other an infinity, the result is NaN.", "Mul") == \
        {("zero", "inf", "nan", "", ""), ("inf", "zero", "nan", "", "")}
    assert _rules("A zero divisor gives an infinity or NaN.", "Div") == {("any", "zero", "nonfinite", "", "")}


def test_x_for_every_finite_x_includes_the_zeros():
    assert _rules("$x - x = +0$ for every finite $x$.", "Sub") == \
        {("finite_nonzero", "finite_nonzero", "zero", "+", "equal"), ("zero", "zero", "zero", "+", "same_sign")}
    assert _rules("$x - x = +0$.", "Sub") == {("finite_nonzero", "finite_nonzero", "zero", "+", "equal")}
    # x beside an infinity: the sentence must say what x is
    assert not _read("$\\pm\\infty - x = \\pm\\infty$.", "float", operators.get("Sub")).understood


def test_a_constraint_names_the_tensors_it_relates():
    assert str(_read("$A$ and $B$ have the same shape.").statements[0]) == "shape(A) = shape(B)"
    assert str(_read("`C` has the shape of `A`, which is the shape of `B`.").statements[0]) == \
        "shape(A) = shape(B) = shape(C)"
    assert not _read("`C` has the shape of `A`, which is the shape of `A`.").understood


def test_every_operator_s_words_are_in_the_grammar_and_only_its_own_define_it():
    text = grammar.grammar_text()

    def literal(phrase: str) -> str:     # a phrase is its words in a row (Neg's "negated value")
        return " ".join(f'"{word}"' for word in phrase.split())
    for op in operators.in_pipeline().values():
        assert literal(op.vocabulary.result_nouns[0]) in text and literal(op.vocabulary.gerund) in text
    assert "quotient" not in grammar.GRAMMAR_FILE.read_text(encoding="utf-8")     # the file names no operator


# -- the examples of issue 42, end to end -------------------------------------------------------------------------

# (document, text replaced, replacement, the finding at the replacement's line: kind)
PLANTED = [
    ("mul", "a product that rounds to zero is a zero carrying the product of the signs.",
     "a product that rounds to zero is $+0$.", "incorrect"),
    ("mul", "the exact product rounded to nearest, ties to even;", "the exact product rounded toward zero;",
     "incorrect"),
    ("div", "the exact quotient rounded to nearest, ties to even.",
     "the exact quotient rounded to the nearest representable value, ties being rounded away from zero.",
     "incorrect"),
    ("add", "the exact sum rounded to nearest, ties to even.", "the exact sum rounded up.", "incorrect"),
    ("sub", "the exact difference rounded to nearest, ties to even.", "the exact difference rounded down.",
     "incorrect"),
    ("mul", "- Zero times an infinity and an infinity times zero are NaN, whatever the signs.",
     "- $\\pm 0 \\times \\pm\\infty$ gives 0.", "incorrect"),
    ("add", "- The sum of two infinities of opposite signs is NaN.", "- $+\\infty + -\\infty$ gives $+\\infty$.",
     "incorrect"),
    ("sub", "in particular $x - x$ is $+0$.", "in particular $x - x$ is $+0$. Also, $x - x = -0$.", "incorrect"),
    ("add", "- The sum of two infinities of opposite signs is NaN.",
     "- The sum of two infinities of opposite signs is zero.", "incorrect"),
    ("sub", "Each element of `C` is the exact difference of the matching elements of `A` and `B`: `A` minus `B`.",
     "Each element of `C` is `B` minus `A`.", "incorrect"),
    ("div", "- No pair divides the smallest value of the type by $-1$, whose quotient does not fit; this is a "
            "precondition.", "- If the type is signed, not ($A[i]$ is the largest value of the type and $B[i] = "
                             "-1$).", "incorrect"),
    ("div", "- No pair divides the smallest value of the type by $-1$, whose quotient does not fit; this is a "
            "precondition.", "- If the type is signed, not ($A[i]$ is the smallest value of the type and $B[i] = "
                             "-1$).", None),
    ("mul", "- `A`, `B` and `C` share one element type.", "- The type of `C` differs from A's.", "unread"),
    ("div", "the exact quotient rounded to nearest, ties to even.",
     "the exact quotient rounded to nearest, ties to even, except for subnormal results.", "unread"),
]


@needs_solvers
@pytest.mark.parametrize("name, old, new, kind", PLANTED, ids=[f"{p[0]}: {p[2][:50]}" for p in PLANTED])
def test_an_example_of_the_issue_is_refuted_at_its_line_or_unread(name, old, new, kind):
    text = (SPEC / f"{name}.md").read_text(encoding="utf-8")
    assert old in text
    planted = text.replace(old, new, 1)
    line = planted[:planted.index(new)].count("\n") + 1
    result = analyse_text(planted, f"{name}.md")
    at = {f["kind"] for f in result["findings"] if f["line"] == line and f["kind"] != "information"}
    assert at == ({kind} if kind else set()), result["findings"]
    if kind == "incorrect":
        assert all(f["counterexample"] for f in result["findings"] if f["line"] == line and f["kind"] == kind)
        assert result["exit_code"] == 1
    others = {(f["kind"], f["line"]) for f in result["findings"] if f["kind"] in ("incorrect", "incomplete")}
    assert others <= {(kind, line)}


@needs_solvers
@pytest.mark.slow
def test_prove_refutes_a_stated_rounding_of_every_operator_at_its_line(tmp_path):
    for name, old, new in (("mul", "rounded to nearest, ties to even;", "rounded toward zero;"),
                           ("add", "rounded to nearest, ties to even.", "rounded to nearest, ties away from zero.")):
        text = (SPEC / f"{name}.md").read_text(encoding="utf-8")
        planted = text.replace(old, new, 1)
        path = tmp_path / f"{name}.md"
        path.write_text(planted, encoding="utf-8")
        line = planted[:planted.index(new)].count("\n") + 1
        out = tmp_path / name
        assert main(["prove", "--spec", str(path), "--out", str(out), "--provers", "z3,bitwuzla", "--no-crosscheck",
                     "--only", f"{name}.float.fp16.rounding.*"]) == 1
        [result] = json.loads((out / "results.json").read_text(encoding="utf-8"))["obligations"]
        assert result["verdict"] == "refuted" and result["expect"] == "valid" and result["lines"] == [line]
        assert result["counterexample"]


def test_the_wg_s_descriptions_of_inputs_and_outputs_are_read_as_naming_only_when_true():
    """The inputs' and outputs' descriptions state no value, so they are no claim; but only as they are: the
    first operand is A, the result is the document's operator's."""
    named = ["Tensor $A$ is the first operand of the addition.", "Tensor $B$ is the second operand of the addition.",
             "Tensor $C$ is the element-wise integer addition result.",
             "This section gives all constraints applicable to the input."]
    for sentence in named:
        reading = _read(sentence, "int", operators.get("Add"))
        assert reading.understood and all(isinstance(s, meaning.NoClaim) for s in reading.statements), sentence
    for wrong in ["Tensor $A$ is the second operand of the addition.", "Tensor $C$ is the integer multiplication result.",
                  "Tensor $B$ is the first operand of the subtraction."]:
        assert not _read(wrong, "int", operators.get("Add")).understood, wrong


@pytest.mark.parametrize("op, formula, words", [
    ("Neg", "B[i] = -A[i]", "C[i] is -A[i]"), ("Abs", "B[i] = |A[i]|", "C[i] is |A[i]|")])
def test_a_result_that_is_its_operand_is_said_back_as_that_operand(op, formula, words):
    """Neg's ``B[i] = -A[i]`` was said back as "C[i] is -0": the operand's sign read as a signed zero's."""
    [case] = parse_document(f"# {op}\n\n## Real\n\n$$\n{formula}\n$$\n").definitions
    assert meaning.Case(None, case.result).words() == words


def test_the_dots_of_a_formula_do_not_end_its_sentence():
    """``$I = (i_0,i_1,...,i_n)$``: the sentence was cut at the dots, and its halves reported an unbalanced '(' (a
    false ill-formed finding on the WG's abs.md)."""
    doc = parse_document("# Abs\n\n## Float\n\nFor every index $I = (i_0,i_1,...,i_n)$ over the axes, "
                         "the result is defined. Then $x = 1$.\n")
    assert not [f for f in doc.findings if f.kind == "ill-formed"], doc.findings
    assert [p.text for p in doc.parts] == ["For every index $I = (i_0,i_1,...,i_n)$ over the axes, the result is "
                                           "defined.", "Then $x = 1$."]


@pytest.mark.parametrize("op, sentence, said", [
    ("Abs", r"Statement: $X \neq \texttt{minint}$.", "precondition: A ≠ min"),   # the WG's abs.md, 2026
    ("Div", r"Statement: $A \neq 0$.", "precondition: A ≠ 0"),                  # A after a colon: no article
    ("Div", r"For every index $i$: $A[i] \neq 0$.", "precondition: A ≠ 0"),
])
def test_a_constraint_s_statement_that_is_a_condition_is_a_precondition(op, sentence, said):
    assert [str(s) for s in _read(sentence, "int", operators.get(op)).statements] == [said]
    assert not _read(r"Statement: $X \neq \texttt{minint}$ most of the time.", "int", operators.get("Abs")).understood


def test_a_precondition_nothing_judges_is_unchecked_not_holding():
    """Abs's description gives no exact integer terms: its precondition is read, and no check judges it."""
    doc = "# `Abs` operator (INT8, INT16)\n\n- `[R1]` No minimum\n  - Statement: $X \\neq \\texttt{minint}$.\n"
    result = analyse_text(doc, "abs.md")
    [claim] = [c for c in result["claims"] if c["kind"] == "domain"]
    assert claim["verdict"] == "unchecked" and claim["line"] == 4

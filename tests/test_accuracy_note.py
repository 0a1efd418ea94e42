"""The accuracy notes (the working group's ``<op>_acc.md`` template): reading, meaning, obligations, check-spec
and prove on notes written here in each of the working group's styles (tests/corpus_acc/, see its README)."""

from __future__ import annotations

import json
import re
import shutil
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
import sympy

from divbridge.checkspec.accuracy import note_claims
from divbridge import operators
from divbridge.cli import main
from divbridge.document import mathexpr
from divbridge.document.accuracy import LEAD_IN, is_note, parse_note, read_note
from divbridge.formats import get_format
from divbridge.obligations import accuracy, smtrender
from divbridge import operators, statements
from divbridge.statements import accuracy_bound
from divbridge.provers import solvers

CORPUS = Path(__file__).parent / "corpus_acc"
FORMATS = {"float": ("fp16", "fp32")}     # as a linked div.md would list them (the notes' float sections list none)
needs_provers = pytest.mark.skipif(shutil.which("gappa") is None, reason="gappa is not installed (scripts/setup.sh)")


# -- formulas ---------------------------------------------------------------------------

@pytest.mark.parametrize("latex, parts, relations, indices", [
    (r"|C_{\textit{err}}^{\textit{propag}}[I]| \le \left|\frac{A_{\textit{err}}[I]}{B[I]}\right|",
     ["Abs(C_err^propag)", "Abs(A_err/B)"], ("<=",), {"I"}),
    (r"C_{\textit{err}}^{\textit{intro}} = [0]", ["C_err^intro", "0"], ("=",), set()),
    (r"|C_{\textit{err}}^{\textit{intro}}| < [0.5]", ["Abs(C_err^intro)", "1/2"], ("<",), set()),
    (r"\textit{\bf u}\times\max\left(\frac{|A[I]|}{|B[I]|}, \textit{min\_norm}\right)",
     ["u*Max(min_norm, Abs(A)/Abs(B))"], (), {"I"}),
    (r"\frac{A_{\textit{err}}[I]\cdot B[i]}{B[I]^2\cdot(B[I] + B_{\textit{err}}[I])}",
     ["A_err/(B*(B + B_err))"], (), {"I", "i"}),
    (r"\mathcal{O}\left(\max(|A_{\textit{err}}[I]|, |B_{\textit{err}}[I]|)^2\right)",
     ["BigO(Max(Abs(A_err), Abs(B_err))**2)"], (), {"I"}),
    (r"\hat{c}=round(a/b)", ["hat(c)", "round(a/b)"], ("=",), set()),
    (r"Y_{\textit{err}}^{\textit{intro}}[J] \leq \frac{1}{2}\operatorname{ulp}(Y[J])",
     ["Y_err^intro", "ulp(Y)/2"], ("<=",), {"J"}),
    # a colour is presentation: the coloured text is read as it is
    (r"2 + \textcolor{red}{9}u - \textcolor{blue}{4.5}u", ["9*u/2 + 2"], (), set()),
    # a relation written inside one pair of parentheses is that relation; a parenthesis without one as before
    (r"(Y = \text{Op}(X))", ["Y", "Op(X)"], ("=",), set()),
    (r"(X[I] + X_{\textit{err}}[I] > 0)", ["X + X_err", "0"], (">",), {"I"}),
    (r"(a + b)(c)", ["c*(a + b)"], (), set()),
])
def test_formulas_read_as_sympy(latex, parts, relations, indices):
    formula = mathexpr.parse(latex)
    assert [str(p) for p in formula.parts] == parts
    assert formula.relations == relations
    assert formula.indices == indices


@pytest.mark.parametrize("latex, malformed", [
    (r"\frac{A}{B[I]^2\cdot(\cdot(B[I] + B_{\textit{err}}[I])}", True),   # an operator without its operand
    (r"\frac{|A|}{(|B|}", True),                                           # unbalanced
    (r"\frac{A}{B", True),                                                 # LaTeX itself
    (r"\prod_{k=0}^{n-1} A[i, k]", False),                                 # a command divbridge does not know
    (r"x \textit{ if } x > 0", False),
])
def test_unreadable_formulas_say_whether_the_text_is_malformed(latex, malformed):
    with pytest.raises(mathexpr.LatexError) as caught:
        mathexpr.parse(latex)
    assert caught.value.malformed is malformed


# -- reading -------------------------------------------------------------------------------

def test_a_note_is_recognised_by_its_first_heading():
    assert is_note((CORPUS / "feb_style.md").read_text())
    assert is_note((CORPUS / "aug_style.md").read_text())
    assert not is_note(Path("proofs/spec/div.md").read_text())


def test_sections_families_and_types_pass_down_the_headings():
    note = read_note(CORPUS / "feb_style.md")
    sections = [(s.line, s.kind, s.family, s.types) for s in note.sections]
    assert sections == [
        (1, "accuracy", "real", ()), (5, "propagation", "real", ()), (14, "introduction", "real", ()),
        (18, "verification", "real", ()), (26, "accuracy", "float", ()), (28, "introduction", "float", ()),
        (35, "types", "int", ("int8", "uint8")), (38, "other", "int", ("int8", "uint8")),
        (41, "accuracy", "int", ("int8", "uint8")), (43, "propagation", "int", ("int8", "uint8")),
        (45, "introduction", "int", ("int8", "uint8"))]


def test_statements_carry_their_lines_columns_and_conditions():
    note = read_note(CORPUS / "feb_style.md")
    shown = [(s.line, s.column, s.section.kind, [c.meaning for c in s.conditions], s.index) for s in note.statements]
    assert shown == [(10, 6, "propagation", ["formula", "no-crossing"], "I"), (16, 4, "introduction", [], ""),
                     (31, 4, "introduction", [], ""), (44, 53, "propagation", ["no-error"], ""),
                     (47, 3, "introduction", [], "")]
    unread = [(u.line, u.why.split(" («")[0]) for u in note.unread]
    # an unread sentence names the words the grammar did not read, from where reading stopped
    assert note.unread[1].why == "not understood («gets close to zero, nothing bounds the error.» not read)"
    assert unread == [(7, LEAD_IN), (12, "not understood"), (15, LEAD_IN),
                      (18, "C/C++ verification code and its description, not read"), (30, "not understood"),
                      (35, "not an accuracy section, not read"), (38, "not an accuracy section, not read"),
                      (46, LEAD_IN)]


def test_definitions_by_words_and_by_formula():
    note = read_note(CORPUS / "aug_style_fixed.md")
    definitions = [(d.line, d.name, d.meaning) for d in note.definitions]
    assert (26, "varepsilon", "machine-epsilon") in definitions
    assert (26, "u", "formula") in definitions
    assert (27, "min-normalized", "min-normal") in definitions
    assert (28, "max-finite", "max-finite") in definitions
    assert (7, "C", "result") in definitions and (32, "hat(c)", "formula") in definitions
    assert note.result == "C" and read_note(CORPUS / "reworded.md").result == "Y"


def test_a_prose_bound_reads_its_condition_and_keeps_what_it_cannot_read():
    text = (CORPUS / "feb13_style.md").read_text().replace(
        "provided $\\frac{|A[I]|}{|B[I]|}$ is a normal number.",
        "provided $\\frac{|A[I]|}{|B[I]|}$ is a normal number (or smaller than one).")
    prose = [s for s in parse_note(text, "note.md").statements if s.source == "prose"]
    assert [(s.line, s.bound_of, [c.meaning for c in s.conditions], s.unread) for s in prose] == [
        (24, "introduced", ["normal"], "(or smaller than one)")]


# -- meaning and obligations -------------------------------------------------------------------

def test_the_propagated_error_is_the_exact_difference_of_quotients():
    note = read_note(CORPUS / "aug_style_fixed.md")
    first = accuracy.readings(note)[0]
    assert first.kind == "propagation"
    left, right = first.sides
    assert sympy.simplify(left - ((accuracy.A + accuracy.A_ERR) / (accuracy.B + accuracy.B_ERR)
                                  - accuracy.A / accuracy.B)) == 0
    assert sympy.simplify(left - right) == 0


def test_obligations_are_named_by_what_they_state_and_traced_to_the_note():
    note = read_note(CORPUS / "aug_style_fixed.md")
    obligations = {o.id: o for o in accuracy.note_obligations(note, FORMATS)}
    int32 = obligations["accuracy.int32.intro.abs_intro_lt_1"]
    assert (int32.requirements, int32.lines) == (("aug_style_fixed.md#error-introduction-int",), (41,))
    assert int32.statement == ("b != 0 and not (a = MIN and b = -1) and r = a / b and E = trunc(r) - r -> |E| < 1")
    floats = sorted(i for i in obligations if i.startswith("accuracy.fp"))
    assert [i.split(".")[1] for i in floats] == ["fp16", "fp32"]          # the formats given, the section lists none
    assert all(i.endswith(".in_range") for i in floats)                  # the claim excludes overflow
    assert obligations[floats[0]].backends == {"gappa", "smt"}
    assert obligations[floats[0]].statement == (
        "isFinite(a) and isFinite(b) and b != 0 and r = a / b and |r| <= max_finite and E = round(r) - r -> "
        "|E| <= 2^-11*max(min_normal, |r|)")
    # a line moved does not rename an obligation
    moved = parse_note("\n\n" + (CORPUS / "aug_style_fixed.md").read_text(), str(CORPUS / "aug_style_fixed.md"))
    assert {o.id for o in accuracy.note_obligations(moved, FORMATS)} == set(obligations)


def test_one_claim_stated_twice_is_one_obligation_with_both_lines():
    text = (CORPUS / "feb_style.md").read_text()
    bullet = next(line for line in text.splitlines() if line.startswith("  - $|C_"))
    twice = text.replace(bullet, bullet + "\n" + bullet)
    propagation = [o for o in accuracy.note_obligations(parse_note(twice, "twice.md"))
                   if o.id.startswith("accuracy.real.propagation.abs_propag")]
    assert [(o.requirements, o.lines) for o in propagation] == [
        (("twice.md#error-propagation", "twice.md#error-propagation"), (10, 11))]


def test_reals_go_to_z3_and_cvc5_never_to_bitwuzla():
    note = read_note(CORPUS / "aug_style_fixed.md")
    obligations = accuracy.note_obligations(note, FORMATS)
    for family, logic in (("real", "QF_NRA"), ("int", "QF_NIA")):
        rendered = smtrender.render(next(o for o in obligations if o.family == family), Path("."))
        assert rendered.logic == logic
        assert not solvers.supports("bitwuzla", rendered.logic, rendered.text)
        assert solvers.supports("z3", rendered.logic, rendered.text)


def test_the_predicate_replays_a_counterexample_on_the_mirror():
    fp16 = get_format("fp16")
    note = read_note(CORPUS / "aug_style.md")
    overflow = next(o for o in accuracy.note_obligations(note, FORMATS) if o.id.endswith("fp16.intro.abs_intro_le_"
                                                                                         "eps_times_max_min_normal_abs"
                                                                                         "_a_over_abs_b_o_1df722.overflow"))
    holds, detail = statements.holds_at(overflow, {"a": fp16.parse("65504"), "b": fp16.parse("0.5")})
    assert not holds and detail == "a / b = 131008 rounds to inf"
    int8 = next(o for o in accuracy.note_obligations(note) if o.format == "int32")
    assert statements.holds_at(int8, {"a": 2, "b": 3}) == (
        False, "trunc(a / b) = 0, a / b = 2/3, E = -2/3")
    applies, holds = statements.of(int8).predicate(int8, get_format("int32"), a=np.array([7, 1, 5], np.int32),
                                                   b=np.array([7, 0, 2], np.int32))
    assert applies.tolist() == [True, False, True] and holds.tolist() == [True, True, False]
    real = next(o for o in accuracy.note_obligations(note) if o.id.startswith("accuracy.real.propagation.eq"))
    assert statements.holds_at(real, {"A": 0, "A_err": 1, "B": 2, "B_err": 0}) == (False, "left side 1/2, right side 1/4")


# -- check-spec -----------------------------------------------------------------------------------

def _check(name: str):
    claims, findings = note_claims(read_note(CORPUS / name), FORMATS)
    return claims, [f for f in findings if f.kind != "information"], sorted(
        f.line for f in findings if f.kind == "information")


@needs_provers
def test_the_february_style_note():
    _, findings, information = _check("feb_style.md")
    assert [(f.line, f.kind) for f in findings] == [(10, "incorrect"), (31, "incorrect"), (47, "incorrect")]
    first_order, ulp, integer = findings
    # B_err shrinking the denominator: the first-order terms are no exact bound
    assert first_order.counterexample == "A = 0, A_err = 1, B = 1, B_err = -1/2"
    assert "the left side is 2 and the right side 1" in first_order.message
    # an exact quotient has no rounding error, and ulp is never 0
    assert ulp.message.startswith("false in fp16, fp32 where the quotient does not overflow: E = ulp(R)")
    assert "it fails on overflow too" in ulp.message and "(fp16 0x" in ulp.counterexample
    claim = next(o for o in accuracy.note_obligations(read_note(CORPUS / "feb_style.md"), FORMATS)
                 if o.id == "accuracy.fp16.intro.eq_intro_ulp_a_over_b.in_range")
    one = get_format("fp16").parse("1")
    assert statements.holds_at(claim, {"a": one, "b": one}) == (
        False, "a / b = 1 rounds to 1: E = 0, the bound is 1/1024")
    assert integer.message.startswith("false in int8, uint8: E = 0 where E = trunc(A/B) - A/B")
    assert information == [12, 18, 30, 35, 38]
    claims, fixed, _ = _check("feb_style_fixed.md")
    assert fixed == [] and {c.verdict for c in claims} == {"holds"}


@needs_provers
def test_the_mid_february_style_note():
    _, findings, information = _check("feb13_style.md")
    assert [(f.line, f.kind) for f in findings] == [(11, "incorrect"), (24, "ambiguous"), (27, "incorrect")]
    sign, indices, subnormal = findings
    assert sign.counterexample == "A = 1, B = 1, alpha = 0, beta = 1"
    assert "is -2*h + o(h), not O(h^2)" in sign.message
    assert "mixes the indices I and i" in indices.message
    # a subnormal quotient: the relative bound fails where the note's sentence (line 24) excludes it
    assert subnormal.message.startswith("false in fp16, fp32 where the quotient does not overflow")
    assert subnormal.message.endswith("(line 24 states its bound provided $\\frac{|A[I]|}{|B[I]|}$ is a normal "
                                      "number; this claim states no condition)")
    assert information == [7, 37]
    claims, fixed, _ = _check("feb13_style_fixed.md")
    assert fixed == [] and {c.verdict for c in claims} == {"holds"}


@needs_provers
def test_the_august_style_note():
    claims, findings, information = _check("aug_style.md")
    assert [(f.line, f.kind) for f in findings] == [(16, "incorrect"), (17, "ambiguous"), (18, "incorrect"),
                                                    (19, "ill-formed"), (19, "unread"), (34, "incorrect"),
                                                    (40, "incorrect")]
    denominator, _, extra_factor, malformed, _, overflow, half = findings
    assert denominator.counterexample == extra_factor.counterexample == "A = 0, A_err = 1, B = 2, B_err = 0"
    assert "the left side is 1/2 and the right side 1/4" in denominator.message
    assert malformed.message.startswith("the formula cannot be read: the formula ends too early")
    assert overflow.message.startswith("false in fp16, fp32 on overflow:")
    assert re.search(r"rounds to -?inf", overflow.message)
    assert "it holds where the quotient does not overflow (proved in fp16 (gappa, gappa+coq), fp32 (gappa, gappa+coq))" in overflow.message
    assert half.message.startswith("false in int32, uint32: |E| < 1/2")
    assert [c.verdict for c in claims] == ["fails", "open", "fails", "unreadable", "holds", "fails", "fails"]
    assert information == [3, 30, 42]
    claims, fixed, _ = _check("aug_style_fixed.md")
    assert fixed == [] and {c.verdict for c in claims} == {"holds"}


@needs_provers
def test_a_reworded_and_reordered_note():
    _, findings, information = _check("reworded.md")
    assert [(f.line, f.kind) for f in findings] == [(7, "incorrect"), (25, "incorrect")]
    assert findings[0].message.startswith("false in uint16: |E| <= 1/2")
    assert "(Y_err^propag read as (A + A_err)/(B + B_err) - A/B)" in findings[1].message
    assert information == []
    claims, fixed, _ = _check("reworded_fixed.md")
    assert fixed == [] and {c.verdict for c in claims} == {"holds"}


@needs_provers
def test_check_spec_and_prove_on_a_note_from_the_command_line(tmp_path, capsys):
    assert main(["check-spec", str(CORPUS / "reworded.md")]) == 1
    out = capsys.readouterr().out
    assert "reworded.md:7:4: incorrect: false in uint16" in out and "reworded.md:25:6: incorrect" in out
    assert main(["prove", "--spec", str(CORPUS / "feb13_style_fixed.md"), "--out", str(tmp_path / "fixed"),
                 "--provers", "z3,cvc5,bitwuzla,gappa"]) == 0
    results = json.loads((tmp_path / "fixed" / "results.json").read_text())
    int16 = next(o for o in results["obligations"] if o["id"] == "accuracy.int16.intro.abs_intro_lt_1")
    assert int16["verdict"] == "proved" and int16["crosscheck"]["failures"] == 0
    assert (int16["requirements"], int16["lines"]) == (["feb13_style_fixed.md#error-introduction-int"], [36])
    assert main(["prove", "--spec", str(CORPUS / "feb13_style.md"), "--out", str(tmp_path / "wrong"),
                 "--provers", "z3,cvc5,bitwuzla,gappa", "--only", "accuracy.real.*", "--no-crosscheck"]) == 1
    out = capsys.readouterr().out
    assert "stated at feb13_style.md#error-propagation-for-information-see-guidelines line 11" in out


def test_a_note_refused_before_is_read_each_claim_unread_at_its_line(capsys):
    """Tanh's note (refused until its operator had a description): read, its claim reported unread at its line
    (a claim of one operand), never an all-clear: exit 3."""
    assert main(["check-spec", str(CORPUS / "tanh_acc.md")]) == 3
    out = capsys.readouterr().out
    assert re.search(r"tanh_acc.md:8:6: unread: not understood: a claim on the error of Tanh: .*«\|Y_", out)
    assert "incorrect" not in out and "holds" not in out


def test_a_note_of_an_operator_with_no_description_is_read_and_left_unread(capsys):
    """Softmax has no description: its note is read (no refusal), each claim unread at its line."""
    assert main(["check-spec", str(CORPUS / "softmax_acc.md")]) == 3
    out = capsys.readouterr().out
    unread = re.findall(r"softmax_acc.md:(\d+):\d+: unread: not understood: a claim on the error of Softmax, an "
                        r"operator divbridge has no description of", out)
    assert unread == ["8", "12"]
    assert main(["read", str(CORPUS / "softmax_acc.md")]) == 0


@pytest.mark.parametrize("name", ["mul", "add", "sub", "div"])
def test_a_note_s_propagated_error_is_its_operator_s_error_model(name):
    """What a note of Mul, Add or Sub reads C_err^propag as is `Operator.error`'s exact formula, at every point."""
    op = operators.get(name)
    note = parse_note(f"# Numeric accuracy of **{op.name}**\n\n## Error Propagation (real)\n", f"{name}_acc.md")
    assert accuracy.note_operator(note) is op
    exact = accuracy.propagated(note)
    for a, b, ea, eb in [(3, 5, 1, -2), (-1, 2, Fraction(1, 2), 7), (0, 4, -3, Fraction(1, 3))]:
        point = {mathexpr.symbol(n): sympy.Rational(v) for n, v in zip(("A", "B", "A_err", "B_err"), (a, b, ea, eb))}
        assert Fraction(str(exact.xreplace(point))) == op.error.propagated(*map(Fraction, (a, b, ea, eb)))


@needs_provers
def test_notes_of_mul_add_and_sub_are_checked_as_div_s_are():
    claims, findings, information = _check("mul_acc.md")
    # the float bound: Mul's rounding is not encoded, said so: unread at its line (exit 3, no all-clear)
    assert [(f.line, f.kind) for f in findings] == [(21, "unread")] and information == []
    assert [c.verdict for c in claims] == ["holds", "holds", "holds", "holds", "unchecked"]
    _, wrong, _ = _check("mul_acc_wrong.md")   # the product of the two errors left out
    assert [(f.line, f.kind, f.counterexample) for f in wrong] == [(7, "incorrect", "A = 0, A_err = 1, B = 0, B_err = 1"),
                                                                  (21, "unread", None)]
    assert "(C_err^propag read as (A + A_err) * (B + B_err) - (A * B))" in wrong[0].message
    claims, findings, information = _check("add_acc.md")
    assert findings == [] and information == [] and {c.verdict for c in claims} == {"holds"}
    _, findings, _ = _check("sub_acc.md")   # a max for a sum of errors, and Add's formula for Sub's
    assert [(f.line, f.kind, f.counterexample) for f in findings] == [
        (8, "incorrect", "A_err = 1, B_err = -1"), (9, "incorrect", "A_err = 0, B_err = 1")]
    # Mul's obligations: its propagation (exact and first order) and its exact real product, no float one
    found = accuracy.note_obligations(read_note(CORPUS / "mul_acc.md"))
    assert sorted(o.id.split(".")[2] for o in found) == ["first_order", "intro", "propagation", "propagation"]
    assert {o.family for o in found} == {"real"} and [o.lines for o in found if "intro" in o.id] == [(13,)]


def test_exact_values_decide_real_claims_without_a_prover():
    note = read_note(CORPUS / "aug_style.md")
    wrong = accuracy.readings(note)[0]
    point = {"A": Fraction(0), "A_err": Fraction(1), "B": Fraction(2), "B_err": Fraction(0)}
    assert accuracy_bound.evaluate(wrong.conditions, point) is True
    assert accuracy_bound.evaluate(wrong.goal, point) is False


@pytest.mark.parametrize("claim", [
    r"|C_{\textit{err}}^{\textit{intro}}[I]| \leq \textit{\bf u}\times\max\left(\frac{|A[I]|}{|B[I]|}, \textit{mn}\right)",
    r"C_{\textit{err}}^{\textit{intro}}[I] = ulp(C[I])",
    r"C_{\textit{err}}^{\textit{intro}}[I] < \frac{1}{4}\times ulp(C[I])",
    r"|C_{\textit{err}}^{\textit{intro}}[I]| \geq \textit{\bf u}\times\frac{|A[I]|}{|B[I]|}",
])
def test_the_float_encoding_agrees_with_the_predicate_at_every_point(claim):
    """The SMT-LIB claim with its operands fixed is false exactly where the exact predicate says so (fp16:
    exact, subnormal, tie, overflow and rounding-up-to-a-power-of-two quotients)."""
    z3 = pytest.importorskip("z3")
    text = ("# Numerical Accuracy\n\n## Error Introduction (float)\n\nLet us define $\\varepsilon$ the machine "
            "epsilon and $\\textit{\\bf u} = \\frac{\\varepsilon}{2}$. Let us also define $\\textit{mn}$ the smallest "
            f"normal number.\n\n- ${claim}$\n")
    fp16 = get_format("fp16")
    pairs = [("1", "1"), ("1", "3"), ("65504", "0.5"), ("65504", "0.99951171875"), ("0.00006103515625", "3"),
             ("0.000000059604644775390625", "2"), ("-5", "0.75"), ("2047", "2048"), ("1", "-1.00048828125"),
             ("0.99951171875", "1.00048828125")]
    for obligation in accuracy.note_obligations(parse_note(text, "n.md"), {"float": ("fp16",)}):
        rendered = smtrender.render(obligation, Path("."))
        for a, b in pairs:
            bits = {"a": fp16.parse(a), "b": fp16.parse(b)}
            holds, _ = statements.holds_at(obligation, bits)
            fixed = rendered.text.replace("(check-sat)", "".join(
                f"(assert (= {name}_bits (_ bv{value} 16)))" for name, value in bits.items()) + "(check-sat)")
            solver = z3.Solver()
            solver.from_string(fixed)
            assert (solver.check() == z3.unsat) == holds, (obligation.id, a, b)


# the WG's notes of operators of one and three operands, and of sums of n products, in their styles (our own
# text): read without refusal, each claim unread at its line, no formula read as a definition it is not
@pytest.mark.parametrize("name, unread, reason, asserts", [
    # Sqrt's claims are read over Y = f(X) when its note defines its result so ("For $Y = \\sqrt{X}$, ..."): this
    # one names Y in words only (line 11's slope, d sqrt(x)/dx, is a claim on the derivative: unread the same way)
    ("sqrt_style.md", [11, 17, 21], "a claim on the error of Sqrt: its note does not define its result as a function "
                                "of its operand ('For $Y = f(X)$, the propagated error ... comes from the input "
                                "error ...')", [30]),
    # MatMul's are read over one element's sum of n products when its note defines its result so
    # (tests/corpus_acc/matmul_sums.md); line 10 (its sum, under a lead-in) is a case of the result, not a claim
    ("matmul_style.md", [16, 22], "a claim on the error of MatMul: its note does not define its result as a "
                                  "function of its 2 operands ('For $C = f(A, B)$, the propagated error ... comes "
                                  "from the input errors ...')", []),
    # Where's are read over Z = Where(cond, X, Y) when its note defines its result so (tests/corpus_acc/where_selected.md)
    ("where_style.md", [13, 16, 20], "a claim on the error of Where: its note does not define its result as a "
                                     "function of its 3 operands ('For $C = f(A, B)$, the propagated error ... comes "
                                     "from the input errors ...')", []),
])
def test_notes_of_other_arities_are_read_each_claim_unread(name, unread, reason, asserts, capsys):
    """``asserts``: the lines of the Unit Verification asserts, claims too, unread for the same reason."""
    note = read_note(CORPUS / name)
    items = accuracy.readings(note)
    assert sorted(i.statement.line for i in items if isinstance(i, accuracy.NotRead) and i.reason == reason) == unread
    assert not [i for i in items if isinstance(i, accuracy.Meaning)]     # nothing judged: no verdict, no all-clear
    assert accuracy.note_obligations(note) == []
    assert main(["check-spec", str(CORPUS / name)]) == 3
    out = capsys.readouterr().out
    assert sorted(int(n) for n in re.findall(rf"{name}:(\d+):\d+: unread: not understood: ", out)) == unread + asserts
    assert "incorrect" not in out


def test_a_condition_or_a_case_is_never_read_as_a_definition():
    """'For $x = 0$: the slope is unbounded ...' does not define x; 'If $cond[I] = True$:' is a condition;
    '$Z[I] = X[I]$' under it is a case of the result, not its definition: each unread at its line."""
    sqrt_note, where_note = read_note(CORPUS / "sqrt_style.md"), read_note(CORPUS / "where_style.md")
    assert {d.name for d in sqrt_note.definitions} == {"Y_err"}
    assert 12 in {u.line for u in sqrt_note.unread}
    assert {d.name for d in where_note.definitions} == {"Z_err"}
    cases = [(u.line, u.why) for u in where_note.unread if "case" in u.why]
    assert cases == [(12, "a case of the result under a condition, not read"),
                     (15, "a case of the result under a condition, not read")]


def test_a_sentence_beyond_its_definitions_is_unread_whole():
    """'... division $c=a/b$ is implemented as rounding ...' is no definition of c alone: the sentence is unread;
    'where $u = ...$' (naming words only) defines u."""
    text = ("# Numerical Accuracy\n\n## Error Introduction (IEEE-754 floating-point)\n\n"
            "By the standard, the quotient $c=a/b$ is rounded once to the nearest float.\n\n"
            "Let us define $\\varepsilon$ the machine epsilon for the format, where $u = \\frac{\\varepsilon}{2}$.\n")
    note = parse_note(text, "div_acc.md")
    assert "c" not in {d.name for d in note.definitions} and 5 in {u.line for u in note.unread}
    assert {"varepsilon", "u"} <= {d.name for d in note.definitions}


def test_prove_of_a_note_that_binds_nothing_says_so_in_one_line(tmp_path, capsys):
    """Every claim unread: prove --spec has nothing to prove and says so, naming the note (was a traceback)."""
    assert main(["prove", "--spec", str(CORPUS / "sqrt_style.md"), "--out", str(tmp_path / "out"),
                 "--no-crosscheck"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.endswith("sqrt_style.md: the document binds no obligation to prove (check-spec lists what it does "
                        "not read)") and len(err.splitlines()) == 1
    assert not (tmp_path / "out").exists()

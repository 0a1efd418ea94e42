"""What a note says of its operator's derivative: ``dY/dX = g`` under a condition on the operand (written inside or
outside ``$...$``), "the derivative is undefined" at a point, "<operator> is Lipschitz continuous with constant K";
each read whole or unread at its line, and judged over the operator's real function for every value of its
attributes (`checkspec.unary`).  Our notes `tests/corpus_acc/leaky_derivative.md` (LeakyRelu, the attribute alpha)
and `tests/corpus_acc/relu_derivative.md` (Relu, none) plant the defects the tests name by line."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import sympy

from divbridge.checkspec.accuracy import analyse_note, note_claims
from divbridge.document import mathexpr
from divbridge.document.accuracy import _condition_in_math, parse_note, parse_words, read_note
from divbridge.obligations import accuracy

CORPUS = Path(__file__).parent / "corpus_acc"
LEAKY = CORPUS / "leaky_derivative.md"
RELU = CORPUS / "relu_derivative.md"


def _judged(path: Path) -> tuple[dict[int, list[str]], dict[int, list[dict]]]:
    result = analyse_note(path)
    verdicts: dict[int, list[str]] = {}
    for claim in result["claims"]:
        verdicts.setdefault(claim["line"], []).append(claim["verdict"])
    findings: dict[int, list[dict]] = {}
    for finding in result["findings"]:
        findings.setdefault(finding["line"], []).append(finding)
    return verdicts, findings


def test_leibniz_s_notation_is_a_derivative_and_a_condition_s_word_inside_a_formula_is_a_word():
    Y, X = mathexpr.symbol("Y"), mathexpr.symbol("X")
    for written in (r"\dfrac{dY}{dX} = 1", r"\frac{d Y}{d X} = 1", r"\frac{\mathrm{d}Y}{\mathrm{d}X} = 1"):
        assert mathexpr.parse(written).parts == (sympy.Derivative(Y, X), 1)
    # the derivative of an expression after the d; a fraction whose numerator does not start with d stays one
    x = mathexpr.symbol("x")
    assert mathexpr.parse(r"\frac{d|x|}{dx}").parts[0] == sympy.Derivative(sympy.Abs(x), x)
    assert not mathexpr.parse(r"\frac{a|x|}{dx}").parts[0].has(sympy.Derivative)
    assert not mathexpr.parse(r"\frac{d}{dx}").parts[0].has(sympy.Derivative)
    assert _condition_in_math(r"if (X[i] > 0): (\dfrac{dY}{dX} = 1)") == ["if", (3, 13), ":", (14, 35)]
    assert _condition_in_math(r"\dfrac{dY}{dX} = 1 \text{ if } X > 0") == [(0, 18), "if", (31, 36)]
    assert _condition_in_math(r"\max(1, |\alpha|)") is None
    assert parse_words("sentence", "if §0§: derivative is undefined, but LeakyRelu is Lipschitz continuous with "
                       "constant §1§").children[0].data == "derivative_facts"
    assert parse_words("sentence", "if §0§: the derivative is surely undefined.") == "surely undefined."
    # a word is a fact's subject only where a fact is said of it: the domain's sentence reads as before
    assert parse_words("sentence", "Division by zero is undefined.").children[0].data == "domain"
    assert parse_words("sentence", "According to the standard, division rounds.") == (
        "According to the standard, division rounds.")


def test_each_fact_is_read_with_the_note_s_names_and_its_condition():
    note = read_note(LEAKY)
    items = {(item.statement.line, item.statement.source): item for item in accuracy.readings(note)}
    X, alpha = mathexpr.symbol("X"), mathexpr.symbol("alpha")
    slope = items[(10, "formula")]
    assert slope.kind == "derivative" and slope.conditions == (X < 0) and slope.sides[1] == alpha
    assert slope.text.startswith("where X < 0, the derivative of Y = Piecewise((X*alpha, X < 0), (X, True)) by X is "
                                 "alpha")
    undefined = items[(13, "derivative-undefined")]
    assert undefined.kind == "derivative-undefined" and undefined.sides[1] == 0
    lipschitz = items[(14, "lipschitz")]
    assert lipschitz.kind == "propagation" and lipschitz.sides[1] == sympy.Max(1, abs(alpha)) * abs(
        mathexpr.symbol("X_err"))
    # a derivative of another result than the note's Y, a condition with a word not read: unread, never judged
    assert isinstance(items[(19, "formula")], accuracy.NotRead)
    assert items[(19, "formula")].reason.startswith("the derivative dZ/dX, not dY/dX")
    assert isinstance(items[(16, "formula")], accuracy.NotRead)
    assert "strictly" in items[(16, "formula")].reason


def test_derivative_claims_are_proved_for_every_alpha_or_refuted_with_the_mirror_s_secant_slopes():
    verdicts, findings = _judged(LEAKY)
    # 9, 10: the slopes 1 and alpha proved for every real alpha; 11: slope 1 where X < 0 (alpha = 0 gives 0);
    # 12: slope 1 where X >= 0, false at the switch X = 0 (left derivative alpha); 13: undefined at 0, false at
    # alpha = 1 (LeakyRelu is then the identity); 14: Lipschitz with max(1, |alpha|) proved; 15: with 1, false for
    # alpha = 2; 16-19 unread (one word not read each), never judged
    assert {line: verdicts[line] for line in range(9, 20) if line in verdicts} == {
        9: ["holds"], 10: ["holds"], 11: ["fails"], 12: ["fails"], 13: ["fails"], 14: ["holds"], 15: ["fails"],
        16: ["unchecked"], 19: ["unchecked"]}
    incorrect = {line: f for line, found in findings.items() for f in found if f["kind"] == "incorrect"}
    assert incorrect[11]["counterexample"] == "X = -1/1024, alpha = 0"
    assert "the claim 1.0" in incorrect[11]["message"] and "secant slopes 0.0 (left) and 0.0 (right)" in incorrect[11][
        "message"]
    assert incorrect[12]["counterexample"] == "X = 0, alpha = 0"
    assert "its left derivative is 0.0 and its right derivative 1.0" in incorrect[12]["message"]
    assert incorrect[13]["counterexample"] == "X = 0, alpha = 1"
    assert "secant slopes 1.0 (left) and 1.0 (right) at h = 1/1048576" in incorrect[13]["message"]
    assert incorrect[13]["message"].endswith("(it holds for every other value of the attributes: sympy, in every case)")
    assert incorrect[15]["counterexample"] == "X = 0, X_err = -1/1024, alpha = 2"
    # the sentences with a word not read stay unread at their lines, with the words
    said = {line: " ".join(f["message"] for f in found) for line, found in findings.items()}
    assert "«surely undefined.» not read" in said[17] and 17 not in verdicts
    assert "«Relu» is not the note's operator nor its result" in said[18] and 18 not in verdicts


def test_a_derivative_undefined_for_every_attribute_holds_and_one_defined_there_is_refuted():
    verdicts, findings = _judged(RELU)
    # 11: "undefined at 0" and "Lipschitz with constant 1" on one line, both hold; 12: undefined at X = 1, false
    assert verdicts[9] == ["holds"] and verdicts[10] == ["holds"] and sorted(verdicts[11]) == ["holds", "holds"]
    assert verdicts[12] == ["fails"]
    (wrong,) = [f for f in findings[12] if f["kind"] == "incorrect"]
    assert wrong["counterexample"] == "X = 1" and "left and right derivatives are both 1" in wrong["message"]
    op = accuracy.note_operator(read_note(RELU))
    h = Fraction(1, 1 << 20)
    assert (op.kernels.real(1 + h) - op.kernels.real(1)) / h == 1 == (op.kernels.real(1) - op.kernels.real(1 - h)) / h


def test_a_smooth_function_s_derivative_is_proved_or_refuted_where_its_condition_holds():
    text = ("## Numerical Accuracy\n\n### Error Propagation\n\n"
            "Here $Y$ is the result of the **Exp** operator. For $Y = \\exp(X)$ with $\\exp(x) = e^x$, the "
            "propagated error $Y_{\\textit{err}}^{\\textit{propag}}$ "
            "comes from the input error $X_{\\textit{err}}$.\n\n"
            "- If $X[I] > 0$, then $\\dfrac{dY}{dX} = \\exp(X)$\n"
            "- $\\text{if } X[I] < 0: \\frac{dY}{dX} = 2 \\exp(X)$\n")
    claims, findings = note_claims(parse_note(text, "exp_acc.md"))
    assert {c.line: c.verdict for c in claims} == {7: "holds", 8: "fails"}
    (wrong,) = [f for f in findings if f.kind == "incorrect"]
    # the first grid point below 0: exp(-1/1024), not twice it; the mirror's secant slopes agree with exp
    assert wrong.line == 8 and wrong.counterexample == "X = -1/1024"
    assert "its derivative is 0.999023914" in wrong.message and "the claim 1.99804782" in wrong.message
    assert "secant slopes 0.99902343781 (left) and 0.999024390554 (right)" in wrong.message


def test_the_derivative_of_the_function_written_in_its_own_variable_under_for():
    """Abs's style: "For $x > 0$: $\\dfrac{d|x|}{dx} = 1$", x the function's own variable; our note plants a wrong
    slope (line 10); line 12's expression is not the note's function, so it stays unread."""
    verdicts, findings = _judged(CORPUS / "abs_derivative.md")
    assert (verdicts[9], verdicts[10], verdicts[11]) == (["holds"], ["fails"], ["holds"]) and verdicts[12] == [
        "unchecked"]
    wrong = next(f for f in findings[10] if f["kind"] == "incorrect")["message"]
    assert wrong.startswith("false: at X = -1/1024") and "its derivative is -1.0 (sympy), the claim 1.0" in wrong
    assert any(f["kind"] == "information" and f["message"].startswith("a justification of what follows")
               for f in findings[7])
    # "For $C = A/B$," defines, it does not restrict: a lead-in with an equation is no condition
    assert parse_words("conditions", "For §0§").children[0].data == "for_value"

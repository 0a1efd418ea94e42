"""A note's Unit Verification code that calls its operator by name (``leakyrelu(X[I])``), says in a comment that the
result is computed in the real domain (``// Real-domain leakyrelu``), and writes the operator's attribute as a field
of the abstract value (``x.alpha``), read by `document.unitcode`.  `tests/corpus_acc/leaky_unit.md` is a note of
ours in the working group's style: a true assert (line 28) and one false for a slope |alpha| > 1 (line 31)."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest
import sympy

from divbridge.checkspec.accuracy import analyse_note
from divbridge.document import unitcode
from divbridge.statements import accuracy_bound

NOTE = Path(__file__).parent / "corpus_acc" / "leaky_unit.md"
X, X_ERR, Y_ERR = unitcode.X, unitcode.X_ERR, unitcode.Y_ERR
ALPHA = sympy.Symbol("alpha")
LEAKY = {"leakyrelu": lambda v: sympy.Piecewise((v, v >= 0), (ALPHA * v, True))}

CODE = """Tensor<SymbolicDomainError> X;
auto result = [&X](auto I) {
  // Real-domain leakyrelu
  return leakyrelu(X[I]);
};
for (auto I : X.indexes()) {
   auto x = X[I];
   auto y = result(I);
   assert(std::abs(y.err) <= std::abs(x.alpha * x.err) + 1e-12);
   assert(std::abs(y.err) <= std::abs(x.err));
}
"""


def test_the_operator_called_by_its_name_is_its_function_and_the_comment_says_its_arithmetic():
    first, second = unitcode.asserts(CODE, 1, LEAKY, {"alpha": ALPHA})
    assert first.problem == "" and first.result == LEAKY["leakyrelu"](X)
    assert first.unsaid == ""           # "Real-domain leakyrelu": computed over the reals
    assert first.relation == sympy.Le(sympy.Abs(Y_ERR), sympy.Abs(ALPHA * X_ERR) + sympy.Rational(1, 10 ** 12))
    # x.alpha is said at its line, on the assert that uses it only
    assert first.assumed == ((9, "x.alpha: the abstract value has no field alpha; read as the operator's attribute "
                                 "alpha"),) and second.assumed == ()


def test_a_comment_with_any_other_word_says_nothing_and_an_unknown_field_stays_unread():
    for comment in ("// Real-domain leakyrelu, exactly", "// Real domain leakyrelu", "// leakyrelu"):
        (found, _) = unitcode.asserts(CODE.replace("// Real-domain leakyrelu", comment), 1, LEAKY, {"alpha": ALPHA})
        assert found.unsaid == "leakyrelu", comment
    # a comment outside the lambda that computes the result says nothing of it either
    moved = CODE.replace("  // Real-domain leakyrelu\n", "").replace("auto result", "// Real-domain leakyrelu\nauto result")
    assert unitcode.asserts(moved, 1, LEAKY, {"alpha": ALPHA})[0].unsaid == "leakyrelu"
    # without the operator's attributes, x.alpha is a field the reading does not know; without its function,
    # leakyrelu is a function it does not know
    assert "the field x.alpha" in unitcode.asserts(CODE, 1, LEAKY)[0].problem
    assert unitcode.asserts(CODE, 1)[0].problem == "the function leakyrelu"


def test_check_spec_judges_the_asserts_with_alpha_free_and_says_the_field_it_read_as_alpha():
    result = analyse_note(NOTE)
    verdicts = {c["line"]: c["verdict"] for c in result["claims"]}
    assert verdicts == {28: "open", 31: "fails"}    # open: it holds, read with x.alpha the attribute alpha
    kinds = {(f["line"], f["kind"]) for f in result["findings"]}
    assert {(24, "ambiguous"), (26, "ambiguous"), (28, "information"), (31, "incorrect")} <= kinds
    proved = next(f["message"] for f in result["findings"] if f["line"] == 28)
    assert proved.startswith("proved for every real X, X_err, alpha (z3, over the reals")
    (evidence,) = next(c["evidence"] for c in result["claims"] if c["line"] == 28)
    assert evidence["verdict"] == "proved" and evidence["obligation"].startswith("accuracy.real.propagation.") and \
        {"prover": "z3", "verdict": "proved"}.items() <= evidence["provers"][0].items()
    # line 31's counterexample, recomputed here: LeakyRelu(X + X_err) - LeakyRelu(X) with its alpha
    wrong = next(f for f in result["findings"] if f["kind"] == "incorrect")
    x, e, alpha = (Fraction(v) for v in re.search(r"X = (\S+), X_err = (\S+), alpha = (\S+)",
                                                 wrong["counterexample"]).groups())
    leaky = lambda v: v if v >= 0 else alpha * v      # noqa: E731
    assert abs(leaky(x + e) - leaky(x)) > abs(e) + Fraction(1, 10 ** 12)


def test_without_the_comment_the_assert_is_not_judged_as_real_arithmetic(tmp_path):
    unsaid = tmp_path / "leakyrelu_acc.md"
    unsaid.write_text(NOTE.read_text().replace("  // Real-domain leakyrelu\n", "  // the operator\n"))
    result = analyse_note(unsaid)
    verdicts = {c["line"]: c["verdict"] for c in result["claims"]}
    assert verdicts[28] != "holds" and verdicts[31] == "fails"
    assert any(f["line"] == 28 and f["kind"] == "unread" and f["message"].startswith("not judged: the code does not "
               "say whether") for f in result["findings"])
    # false under both readings: a correctly rounded float result too
    assert "false too where Y is a float" in next(f["message"] for f in result["findings"] if f["line"] == 31)


def test_a_piecewise_value_is_written_for_the_solver_and_claimed_only_where_it_is_defined():
    x = sympy.Symbol("X")
    partial = sympy.Piecewise((x, x > 0), (-x, x < 0))          # no value at 0
    goal = sympy.Le(partial, sympy.Abs(x))
    text = accuracy_bound.smt(None, {"claim": "real", "goal": goal, "conditions": sympy.true})
    # the claim at 0, where the value is not defined, is false: the goal says it is defined
    assert "(ite (> X 0.0) X (- X))" in text.replace("(* (- 1.0) X)", "(- X)") and "(or (> X 0.0) (< X 0.0))" in text
    assert accuracy_bound.evaluate(goal, {"X": Fraction(-3)}) is True
    with pytest.raises(ZeroDivisionError):
        accuracy_bound.evaluate(goal, {"X": Fraction(0)})

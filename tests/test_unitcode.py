"""The asserts of a note's "Unit Verification" C++ code, read as claims at their lines (`document.unitcode`) and
judged as the prose's claims are (`checkspec.unary`).  `tests/corpus_acc/tanh_unit.md` is a note of ours in the
working group's style: a true assert (line 35), a first-order bound asserted exactly (line 45) and an assert on a
field the reading does not know (line 47)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import mpmath
import numpy
import pytest
import sympy

from divbridge.checkspec import unary
from divbridge.checkspec.accuracy import analyse_note
from divbridge.document import unitcode
from divbridge.document.accuracy import parse_note, read_note
from divbridge.obligations import accuracy

TANH_UNIT = Path(__file__).parent / "corpus_acc" / "tanh_unit.md"
X, X_ERR, Y_ERR = unitcode.X, unitcode.X_ERR, unitcode.Y_ERR

SCENARIO = """Tensor<SymbolicDomainError> X;
auto exact = [](const SymbolicDomainError &v) {
  SymbolicDomainError r;
  r.real = 1.0 / (1.0 + std::exp(-v.real));
  return r;
};
auto result = [&X, &exact](auto I) { return exact(X[I]); };
for (auto I : X.indexes()) {
   auto x = X[I];
   if (x.real > 0) {
      auto y = result(I);
      double bound = 0.25 * std::abs(x.err);   // 1/4 exactly
      assert(std::abs(y.err) <= bound + 1e-12);
   }
}
"""


def test_an_assert_reads_as_a_relation_over_the_operand_its_error_and_the_result_s():
    (found,) = unitcode.asserts(SCENARIO, 100)
    assert found.line == 112 and found.problem == ""
    assert found.result == 1 / (1 + sympy.exp(-X))             # the lambda's real field: the result's function
    assert found.condition == (X > 0)                           # the if around it
    assert found.relation == sympy.Le(sympy.Abs(Y_ERR), sympy.Abs(X_ERR) / 4 + sympy.Rational(1, 10 ** 12))


def test_code_the_reading_does_not_take_leaves_its_asserts_unread_with_why():
    applied = unitcode.asserts(SCENARIO.replace("return exact(X[I]);", "return std::tanh(X[I]);"), 1)[0]
    assert (applied.problem, applied.unsaid, applied.result) == ("", "std::tanh", sympy.tanh(X))
    beyond = SCENARIO.replace("double bound =", "template <typename T> double bound =")
    assert unitcode.asserts(beyond, 1)[0].problem.startswith("the code is not read whole (C++ beyond what divbridge "
                                                             "reads at line")
    assert unitcode.asserts("int main() { return 0; }", 1) == []          # no assert, no claim


def test_check_spec_judges_each_assert_at_its_line():
    result = analyse_note(TANH_UNIT)
    verdicts = {c["line"]: c["verdict"] for c in result["claims"]}
    assert verdicts == {10: "holds", 35: "holds", 45: "fails", 47: "unchecked"}
    findings = {(f["line"], f["kind"]): f["message"] for f in result["findings"] if f["kind"] != "information"}
    assert findings[(45, "incorrect")].startswith(
        "false: at X = -1/1024, X_err = 1/1024 (where its conditions hold) the left side is 0.000976562189559 and "
        "the right side 0.000976561569678 (Y_err^propag read as tanh(X + X_err) - tanh(X); the mirror's Tanh gives")
    assert "the field x.rel_err" in findings[(47, "unread")]
    assert set(findings) == {(45, "incorrect"), (47, "unread")} and result["exit_code"] == 1
    proved = next(c for c in result["claims"] if c["line"] == 35)
    assert proved["evidence"] == [{"provers": [{"prover": "sympy", "verdict": "proved"}]}]   # the mean value theorem
    section = next(f for f in result["findings"] if f["line"] == 12)
    assert section["message"].startswith("its prose and its code not read but for the asserts, each a claim at its line")


def test_a_function_applied_to_the_abstract_value_is_read_under_both_arithmetics_where_the_operator_is_not_exact():
    """``tanh(X[I])`` on the abstract value: real or float arithmetic, the code does not say; Tanh's float result is
    rounded, so y.err may hold its rounding error too: the claim has a float reading beside the real one.  (The
    exact_tanh lambda computes in the real domain: one reading.)"""
    text = TANH_UNIT.read_text().replace("return tanh_exact(X[I]);", "return std::tanh(X[I]);")
    note = parse_note(text, "tanh_acc.md")
    read = {c.statement.line: c for c in accuracy.unit_asserts(note, text)}
    assert isinstance(read[35], accuracy.Meaning) and read[35].float_reading is not None
    computed, left, _ = read[35].float_reading
    assert left == sympy.Abs(computed - sympy.tanh(X))       # y.err: the float of tanh(X + X_err) less tanh(X)
    assert "std::tanh's arithmetic unsaid: judged over the reals and with std::tanh a float" in read[35].text
    exact = accuracy.unit_asserts(read_note(TANH_UNIT), TANH_UNIT.read_text())
    assert [type(c).__name__ for c in exact] == ["Meaning", "Meaning", "NotRead"]
    assert all(c.float_reading is None for c in exact[:2])


DOMAIN = """Tensor<SymbolicDomainError> X;
auto result = [&X](auto I) {
  return (X[I].real >= 0) ? std::sqrt(X[I]) : SymbolicDomainError::undef();
};
for (auto I : X.indexes()) {
   auto x = X[I];
   if (x.real > 0 && x.real + x.err >= 0) {
      auto y = result(I);
      double bound = x.real > 1 ? std::abs(x.err) : 2 * std::abs(x.err);
      assert(std::abs(y.err) <= bound);
   }
}
"""


def test_a_result_left_undefined_outside_a_condition_is_read_where_the_assert_s_conditions_imply_it():
    (found,) = unitcode.asserts(DOMAIN, 1)
    assert found.problem == "" and found.result == sympy.sqrt(X) and found.unsaid == "std::sqrt"
    # a conditional number is piecewise: each branch where its condition holds
    assert found.relation == sympy.Le(sympy.Abs(Y_ERR), sympy.Piecewise((sympy.Abs(X_ERR), X > 1),
                                                                        (2 * sympy.Abs(X_ERR), True)))
    # reached where the result may be undefined (x.real > -1 does not imply x.real >= 0): not read, and why
    (outside,) = unitcode.asserts(DOMAIN.replace("if (x.real > 0 &&", "if (x.real > -1 &&"), 1)
    assert outside.relation is None and outside.problem.startswith("the result is undefined outside X >= 0")
    # undef() of another type than the tensor's elements is no undefined value of it
    other = unitcode.asserts(DOMAIN.replace("SymbolicDomainError::undef()", "Other::undef()"), 1)[0]
    assert other.problem and other.relation is None


def test_an_assert_whose_arithmetic_is_unsaid_is_false_only_where_both_readings_fail():
    # log_unit.md: log applied to the abstract value, over the reals or in floats the code does not say
    result = analyse_note(Path(__file__).parent / "corpus_acc" / "log_unit.md")
    verdicts = {c["line"]: c["verdict"] for c in result["claims"]}
    assert verdicts == {26: "unchecked", 29: "fails"}
    findings = {(f["line"], f["kind"]): f["message"] for f in result["findings"] if f["kind"] != "information"}
    # a true bound over the reals is not called true: as a float, log's rounding adds to the error
    assert findings[(26, "unread")].startswith("not judged: the code does not say whether log(X) is computed")
    # the slope asserted exactly fails at a negative error, over the reals and with a correctly rounded binary64 log
    refuted = findings[(29, "incorrect")]
    assert "at X = 1/16, X_err = -1/1024" in refuted and "false too where Y is a float" in refuted
    assert abs(sympy.log(sympy.Rational(63, 64))) > sympy.Rational(1, 64) + sympy.Rational(1, 10 ** 12)


# -- code that gives its bound per format T by function templates (the WG's Tanh notes from version 6) -------------

SPEC_ERROR = Path(__file__).parent / "corpus_acc" / "tanh_spec_error.md"


def _blocks() -> list[tuple[str, int]]:
    """The note's C++ blocks, each with the note's line of its first line."""
    from divbridge.document import markdown
    return [(b.body, b.line + 1) for b in markdown.parse(SPEC_ERROR.read_text()) if b.kind == "fence"]


def _meanings() -> dict[int, accuracy.Meaning | accuracy.NotRead]:
    return {c.statement.line: c for c in accuracy.unit_asserts(read_note(SPEC_ERROR), SPEC_ERROR.read_text())}


def test_a_function_template_is_read_once_per_format_t_with_the_overload_cxx_picks():
    code, first = _blocks()[0]
    (found,) = unitcode.asserts(code, first)
    eps, x_max, exponent = unitcode.EPS, unitcode.MAX_FINITE, unitcode.exponent
    assert (found.line, found.problem, found.types) == (52, "", "float")
    # init(): every element anywhere in [-MAX, MAX] without error (the comment «no error for X» says what BETWEEN is)
    assert found.initial == (-x_max, x_max)
    # the constrained overload for a float T, not the unconstrained one returning Real(); epsilon() is T's epsilon
    u = eps / 2
    assert found.relation == sympy.Le(sympy.Abs(Y_ERR), sympy.Piecewise(
        (u * (1 + sympy.Abs(X)), (X >= -1) & (X <= 1)), (u * (1 + exponent(X) / 8), True)))
    # the final return Real() is reached by no real X: said, and relied on
    assert len(found.unreached) == 1 and found.unreached[0].startswith("getBound returns Real() where")
    # for an integer T, the std::integral overload
    assert found.for_integers.relation == sympy.Le(sympy.Abs(Y_ERR), sympy.Rational(1, 2))
    # the lambda's capture &tanh_ideal names nothing defined: captures are not read, the reading is the same
    assert unitcode.asserts(code.replace(", &tanh_ideal", ""), first) == [found]


def test_get_exponent_is_floor_log2_of_the_magnitude_exactly():
    exponent = unitcode.exponent
    assert [exponent(sympy.Rational(v)) for v in ("3/2", "2", "-8", "-15/2", "1/3", "1")] == [0, 1, 3, 2, -2, 0]
    evaluate = sympy.lambdify(X, exponent(X), modules="mpmath")      # as a bound is evaluated on a format's inputs
    assert [evaluate(mpmath.mpf(v)) for v in (1.5, 2.0, -8.0, -7.5, 0.375)] == [0, 1, 3, 2, -2]


def test_what_is_not_read_leaves_the_assert_unread_with_why_and_its_line():
    read = _meanings()
    # BETWEEN is not the note's: read only with the comment saying the operand has no error
    assert isinstance(read[112], accuracy.NotRead) and read[112].reason == (
        "the Unit Verification code: BETWEEN at line 100, which the note does not define, without the comment «no "
        "error for X» on its line that says what it gives")
    assert read[143].reason == "the Unit Verification code: the method x.getMantissa() at line 134"
    code, first = _blocks()[3]
    beyond = unitcode.asserts(code.replace("Integer m = x.getMantissa();", "std::vector<Real> m;"), first)[0]
    assert beyond.problem == "the code is not read whole (C++ beyond what divbridge reads at line 134)"
    # getExponent() where X may be 0 (floor(log2 0) is no number): not read
    code, first = _blocks()[1]
    at_zero = unitcode.asserts(code.replace("if (x >= -1 && x <= 1)", "if (x >= -1 && x < 0)"), first)[0]
    assert at_zero.problem.startswith("getBound takes the exponent of 0 (getExponent) where")
    # a bound per format T on an operand the code does not initialize: not read
    code, first = _blocks()[0]
    uninitialized = unitcode.asserts(code.replace("  init();\n", ""), first)[0]
    assert uninitialized.problem == "" and uninitialized.initial is None
    note = read_note(SPEC_ERROR)
    statement = read[52].statement
    with pytest.raises(accuracy._NotRead, match="an assert read per format T only on an operand without error"):
        accuracy._assert_meaning(note, statement, uninitialized, accuracy.unary(note))


def _judged(line: int):
    """The assert at ``line`` judged in FP16 alone (every input), as check-spec judges it in each format."""
    note = read_note(SPEC_ERROR)
    item = replace(_meanings()[line], formats=("fp16",))
    return unary.findings(item, accuracy.note_operator(note), accuracy.unary(note))


def test_a_bound_per_format_that_the_correctly_rounded_result_meets_is_checked_not_proved():
    found, how = _judged(52)
    assert how == "checked"
    assert found[0].message == ("checked, not proved: the correctly rounded result meets the bound in fp16 (every one "
                                "of 63488 finite inputs)")
    assert found[1].message.startswith("read once per format T, the overloads its templates take for a float T; "
                                       "for an integer T (none of Tanh's types")


def test_a_bound_per_format_that_the_correctly_rounded_result_breaks_is_incorrect_with_its_input():
    (found,), how = _judged(86)
    assert how == "refuted" and found.kind == "incorrect" and found.line == 86
    # x = 1 + 2^-10, the first input above 1: n = floor(log2 x) = 0, so the bound is 0, and tanh(x) is no FP16 number
    x = mpmath.mpf(1) + mpmath.mpf(2) ** -10
    with mpmath.workprec(320):
        exact = mpmath.tanh(x)
        rounded = mpmath.mpf(float(numpy.float16(exact)))    # binary64 then FP16: no double rounding so far from a tie
    assert f"x = {mpmath.nstr(x, 17)} (bits 0x3c01): the correctly rounded result is {mpmath.nstr(rounded, 17)}" \
        in found.message
    assert f"E = {mpmath.nstr(rounded - exact, 8)}, the bound 0.0" in found.message
    assert found.message.endswith("so every implementation of it fails the assert")


def test_read_says_the_bound_per_format():
    from divbridge.api import read
    claims = {c["line"]: c["read_as"] for c in read(SPEC_ERROR)["notes"][0]["claims"]}
    assert claims[52][0].startswith("|E| <= B_T(x) in each float format T, B_T(x) = Piecewise((u*(|x| + 1), x >= -1 "
                                    "and x <= 1), (u*(n/8 + 1), True)), x = X[I], u = eps/2 with eps = "
                                    "std::numeric_limits<T>::epsilon (2^-10 in fp16, 2^-7 in bf16, 2^-23 in fp32, "
                                    "2^-52 in fp64), n = x.getExponent() = floor(log2|x|)")
    assert claims[112] == ["not understood: the Unit Verification code: BETWEEN at line 100, which the note does not "
                           "define, without the comment «no error for X» on its line that says what it gives"]


@pytest.mark.slow
def test_check_spec_judges_each_bound_per_format_in_every_float_format():
    result = analyse_note(SPEC_ERROR)
    assert {c["line"]: c["verdict"] for c in result["claims"]} == {52: "checked", 86: "fails", 112: "unchecked",
                                                                   143: "unchecked"}
    checked = next(f["message"] for f in result["findings"] if f["line"] == 52 and f["message"].startswith("checked"))
    assert checked.startswith("checked, not proved: the correctly rounded result meets the bound in fp16 (every one "
                              "of 63488 finite inputs), bf16 (every one of 65280 finite inputs), fp32 (a sample of")
    assert "fp64 (a sample of" in checked and result["exit_code"] == 1

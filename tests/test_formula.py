"""The LaTeX reading: conditions, results and matrix entries in the spellings authors use."""

from __future__ import annotations

from fractions import Fraction

import pytest

from divbridge.document.formula import LatexError, parse_condition, parse_entry, parse_result


@pytest.mark.parametrize("text, expected", [
    (r"\text{if } B[i] \text{ is different from 0}", "B ≠ 0"),
    (r"\text{if } A[i] \text{ and } B[i] \text{ are different from 0}", "A ≠ 0 and B ≠ 0"),
    (r"\text{if } A[i] \ne 0 \text{ and } B[i]=0", "A ≠ 0 and B = 0"),
    (r"\mathrm{if}\ A[i] \text{ is nan or } B[i] \text{ is NaN}", "A isnan or B isnan"),
    (r"0 < B[i]", "B > 0"),
    (r"\text{if } B[i] = -0", "B = -0"),
    (r"\text{otherwise}", "otherwise"),
])
def test_conditions(text, expected):
    assert str(parse_condition(text)) == expected


@pytest.mark.parametrize("text, expected", [
    (r"\frac{A[i]}{B[i]}", "A/B"), ("A[i]/B[i]", "A/B"), (r"\text{inf}", "inf"), (r"-\infty", "-inf"),
    (r"\pm\infty", "±inf"), (r"\text{nan}", "nan"), (r"\text{undefined}", "undefined"), ("-0", "-0"),
    (r"\operatorname{sign}(A[i]) \cdot \operatorname{sign}(B[i]) \cdot \infty", "sign(A)·sign(B)·inf"),
])
def test_results(text, expected):
    assert str(parse_result(text)) == expected


def test_entries_exact_and_approximate():
    assert parse_entry("6.1/3").literal.value == Fraction(61, 30)
    assert parse_entry(r"\frac{1}{3}").literal.value == Fraction(1, 3)
    approx = parse_entry(r"\approx 2.033")
    assert approx.approx and approx.tolerance == Fraction(1, 2000)
    assert parse_entry(r"\text{inf}").literal.kind == "inf"


@pytest.mark.parametrize("bad", ["__import__('os')", "1/0", "x", "", r"\foo{1}", "9" * 200])
def test_unreadable_entries_raise_latex_error(bad):
    with pytest.raises(LatexError):
        parse_entry(bad)


@pytest.mark.parametrize("bad", [r"\text{if } B[i] \text{ is purple}", r"A[i] \text{ and }"])
def test_unreadable_conditions_raise_latex_error(bad):
    with pytest.raises(LatexError):
        parse_condition(bad)


@pytest.mark.parametrize("text, value", [
    ("0x1.8p+1", Fraction(3)), ("0x1p-24", Fraction(1, 2**24)), ("-0x1.ep-3", Fraction(-15, 64)),
    ("0x.8p1", Fraction(1)), ("0X1.FFCp15", Fraction(65504)),
])
def test_hexadecimal_float_entries_are_read_exactly(text, value):
    assert parse_entry(text).literal.value == value


def test_a_hexadecimal_zero_keeps_its_sign_and_an_absurd_binary_exponent_is_refused():
    negative = parse_entry("-0x0p+0").literal
    assert (negative.value, negative.sign) == (0, "-")
    with pytest.raises(LatexError, match="beyond ±16000"):
        parse_entry("0x1p99999999")

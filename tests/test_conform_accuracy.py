"""`divbridge conform --op Exp|Log|Tanh|...`: an operator whose float result IEEE 754 does not prescribe is
judged by the error of its implementation, in ulps and relative to the exact value, with the input where it is
largest; special values (NaN, infinities) must still be IEEE 754's."""

import json
import re
from fractions import Fraction
from pathlib import Path

import mpmath
import numpy as np
import pytest

from divbridge import operators
from divbridge.cli import main
from divbridge.conform import accuracy
from divbridge.conform.impls import load_impl
from divbridge.formats import FP16, FP32

IMPLS = Path(__file__).resolve().parent / "op_impls"


@pytest.mark.parametrize("fmt, x, gap", [
    (FP16, Fraction(1), Fraction(1, 2**10)), (FP16, Fraction(2047, 1024), Fraction(1, 2**10)),
    (FP16, Fraction(2), Fraction(1, 2**9)), (FP16, Fraction(0), Fraction(1, 2**24)),
    (FP16, Fraction(1, 2**20), Fraction(1, 2**24)), (FP32, Fraction(-3, 7), Fraction(1, 2**25)),
])
def test_an_ulp_is_the_gap_between_the_floats_around_the_value(fmt, x, gap):
    assert accuracy.ulp(fmt, x) == mpmath.mpf(gap.numerator) / gap.denominator


def _measure(name, count=400, **bounds):
    impl = load_impl(f"{IMPLS / name}.py:run", op=operators.get("Exp"))
    try:
        return accuracy.measure(impl, FP16, accuracy.sampled_inputs(FP16, 1, count, seed=7), "sample", **bounds)
    finally:
        impl.close()


def test_an_error_above_the_bound_is_found_with_the_input_where_it_is_largest():
    report = _measure("exp_scaled_up", max_ulp=1.0)
    assert not report.within and report.specials == 0 and 2 < report.ulp.error < 10   # 2^-8 of 1 is 8 ulps below it
    [x] = report.ulp.inputs
    bits = int(x.split("0x")[1].rstrip(")"), 16)
    exact = mpmath.exp(mpmath.mpf(float(np.array([bits], np.uint16).view(np.float16)[0])))
    got = float(np.float16(report.ulp.got.split(" ")[0]))
    assert abs(got - exact) / accuracy.ulp(FP16, exact) == pytest.approx(report.ulp.error)   # the mirror agrees
    assert 2**-9 < report.relative.error < 2**-6


def test_the_same_implementation_is_within_a_bound_it_meets():
    assert _measure("exp_scaled_up", max_ulp=10.0).within


def test_a_wrong_special_value_is_a_mismatch_whatever_the_bounds():
    report = _measure("exp_nan_as_zero", count=4000, max_ulp=1.0)
    assert report.specials > 0 and not report.within
    assert report.examples[0]["expected"].startswith("nan") and report.examples[0]["actual"].startswith("0.0")
    assert report.ulp.error <= 0.5 + 2**-10   # its finite results are FP32's exp rounded once


def test_conform_measures_onnx_reference_and_exits_on_the_bound(capsys, tmp_path):
    args = ["conform", "--impl", "onnx-reference", "--op", "Tanh", "--dtype", "fp16", "--sample", "300",
            "--json", str(tmp_path / "r.json")]
    assert main(args + ["--max-ulp", "1"]) == 0
    out = capsys.readouterr().out
    assert "fp16 (sample, 300 inputs" in out and "max error" in out and "within the bounds on fp16" in out
    assert main(args + ["--max-ulp", "0.01"]) == 1   # no implementation is within 0.01 ulp on 300 inputs
    assert "NOT within the bounds on fp16" in capsys.readouterr().out


def test_a_bound_on_an_operator_judged_bit_for_bit_is_refused(capsys):
    assert main(["conform", "--impl", "numpy", "--op", "Neg", "--dtype", "fp16", "--sample", "10",
                 "--max-ulp", "1"]) == 2
    assert "judged bit for bit" in capsys.readouterr().err


def test_the_plot_draws_each_format_s_errors_against_the_bound(tmp_path, capsys):
    plot = tmp_path / "exp.svg"
    assert main(["conform", "--impl", f"{IMPLS / 'exp_scaled_up.py'}:run", "--op", "Exp", "--dtype", "fp16",
                 "--sample", "200", "--max-ulp", "1", "--plot", str(plot)]) == 1
    svg = plot.read_text()
    assert svg.startswith("<?xml") and "bound: 1 ulp" in svg and "fp16: max 8." in svg and "200 inputs" not in svg
    assert svg.count("<use ") >= 100   # a marker per input measured (200 sampled, the NaNs and infinities not)


NOTE = Path(__file__).resolve().parent / "corpus_acc" / "exp_style.md"   # line 30 right, line 31 half of it


def test_an_implementation_is_measured_against_each_bound_of_the_note(capsys, tmp_path):
    report = tmp_path / "r.json"
    assert main(["conform", "--impl", "numpy", "--op", "Exp", "--dtype", "fp16", "--sample", "400",
                 "--note", str(NOTE), "--json", str(report)]) == 1
    out = capsys.readouterr().out
    assert re.search(r"note line 30 «[^»]+»: holds; largest error 0\.\d+ of the bound", out), out
    assert re.search(r"note line 31 «[^»]+»: EXCEEDED on \d+ inputs; largest error 1\.\d+ of the bound at ", out)
    [fp16] = json.loads(report.read_text())["formats"]
    assert [(b["line"], b["holds"]) for b in fp16["note_bounds"]] == [(30, True), (31, False)]


def test_a_note_of_another_operator_is_refused_in_one_line(capsys):
    assert main(["conform", "--impl", "numpy", "--op", "Tanh", "--dtype", "fp16", "--sample", "10",
                 "--note", str(NOTE)]) == 2
    assert "a note of Exp, not of --op Tanh" in capsys.readouterr().err


def test_numpy_is_refused_in_one_line_for_an_operator_it_has_no_function_for(capsys):
    assert main(["conform", "--op", "Sigmoid", "--impl", "numpy", "--dtype", "fp16"]) == 2
    err = capsys.readouterr().err
    assert "NumPy has no function for Sigmoid" in err and err.count("\n") == 1

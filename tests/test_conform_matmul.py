"""`divbridge conform --op MatMul`: implementations run on stacks of matrix pairs (shapes [m, n] x [n, p], n from 1
to 64, seeded), each element of the product measured against the exact dot product (Fractions) in ulps and
relative error, with the pair (reproducible from the seed) and the whole matrices where the error is largest; an
accuracy note's bounds on the introduced error judged per n with the pair's largest magnitudes."""

import json
import re
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from divbridge import operators
from divbridge.cli import main
from divbridge.conform import accuracy
from divbridge.conform.impls import load_impl
from divbridge.formats import FP16, FP32

IMPLS = Path(__file__).resolve().parent / "op_impls"
NOTE = Path(__file__).resolve().parent / "corpus_acc" / "matmul_sums.md"   # intro bounds at lines 23, 27, 31
MATMUL = operators.get("MatMul")


def _measure(name, fmt, pairs=6, seed=11, **bounds):
    impl = load_impl(f"{IMPLS / name}.py:run", op=MATMUL)   # in its child process, sandboxed
    try:
        return accuracy.measure_contractions(impl, fmt, accuracy.contraction_inputs(fmt, pairs, seed), **bounds)
    finally:
        impl.close()


def _replayed(report, fmt, pairs, seed, run):
    """The worst element again, from the seed: the pair's matrices, the implementation's value and the exact one."""
    where, element = report.ulp.inputs
    pair, m, n, p = (int(v) for v in re.fullmatch(r"pair (\d+) of the (\d+) x (\d+) times \d+ x (\d+) matrices",
                                                   where).groups())
    a, b = next((a, b) for a, b in accuracy.contraction_inputs(fmt, pairs, seed) if a.shape[1:] == (m, n)
                and b.shape[2] == p)
    assert report.ulp.matrices == {"A": [[f"{int(x):#x}" for x in row] for row in a[pair].view(fmt.uint_dtype)],
                                   "B": [[f"{int(y):#x}" for y in row] for row in b[pair].view(fmt.uint_dtype)]}
    i, j = (int(v) for v in element.split("[")[1].rstrip("]").split(", "))
    exact = sum(Fraction(float(x)) * Fraction(float(y)) for x, y in zip(a[pair][i], b[pair][:, j]))
    return run(a[pair], b[pair])[i, j], exact


def test_a_wrong_implementation_is_rejected_with_the_matrices_where_its_error_is_largest():
    report = _measure("matmul_half_accumulator", FP32, max_ulp=1.0)
    assert not report.within and not report.errors and report.measured > 100
    assert report.ulp.error > 100        # FP16's precision in an FP32 result
    assert report.not_correctly_rounded > report.measured // 2
    got, exact = _replayed(report, FP32, 6, 11,
                           lambda a, b: np.matmul(a.astype(np.float16), b.astype(np.float16)).astype(np.float32))
    assert report.ulp.got.startswith(repr(float(got))) and report.ulp.exact.startswith(repr(float(exact)))
    in_ulps = abs(Fraction(float(got)) - exact) / Fraction(float(accuracy.ulp(FP32, exact)))
    assert abs(float(in_ulps) - report.ulp.error) < 1e-9


def test_a_correctly_rounded_implementation_is_within_half_an_ulp():
    report = _measure("matmul_wide", FP16, max_ulp=0.5)
    assert report.within and report.measured > 100 and 0.3 < report.ulp.error <= 0.5
    assert report.not_correctly_rounded == 0
    # its results are the mirror's reference: the exact dot product rounded once
    got, exact = _replayed(report, FP16, 6, 11, lambda a, b: np.matmul(a.astype(np.float64), b.astype(np.float64))
                           .astype(np.float16))
    assert abs(Fraction(float(got)) - exact) <= Fraction(float(accuracy.ulp(FP16, exact))) / 2


def test_conform_judges_the_note_s_bounds_per_n_on_the_command_line(capsys, tmp_path):
    out = tmp_path / "r.json"
    assert main(["conform", "--op", "MatMul", "--impl", f"{IMPLS / 'matmul_half_accumulator.py'}:run",
                 "--dtype", "fp32", "--sample", "4", "--note", str(NOTE), "--json", str(out)]) == 1
    text = capsys.readouterr().out
    assert "NOT within the bounds on fp32" in text
    bounds = {b["line"]: b for b in json.loads(out.read_text())["formats"][0]["note_bounds"]}
    assert set(bounds) == {23, 27, 31}
    # 2 n^2 u |A| |B| holds of any FP32 dot product worth the name, not of sums kept in FP16
    assert not bounds[23]["holds"] and bounds[23]["largest_error_to_bound"]["error"] > 1
    worst = bounds[23]["largest_error_to_bound"]
    assert worst["inputs"][0].startswith("pair ") and set(worst["matrices"]) == {"A", "B"}


def test_the_correctly_rounded_result_meets_the_true_bound_and_not_the_false_one(capsys, tmp_path):
    out = tmp_path / "r.json"
    assert main(["conform", "--op", "MatMul", "--impl", f"{IMPLS / 'matmul_wide.py'}:run", "--dtype", "fp16",
                 "--sample", "4", "--note", str(NOTE), "--json", str(out)]) == 1
    bounds = {b["line"]: b for b in json.loads(out.read_text())["formats"][0]["note_bounds"]}
    assert bounds[23]["holds"] and bounds[31]["holds"]      # u |Y| <= n u |A| |B|: a correctly rounded result's
    assert not bounds[27]["holds"]                          # n u^2 |A| |B|: below one rounding at n = 1


def test_a_c_kernel_of_matmul_is_refused_in_one_line(capsys, tmp_path):
    kernel = tmp_path / "mm.c"
    kernel.write_text("void mm(const float *a, const float *b, float *c, unsigned long n) {}\n")
    assert main(["conform", "--op", "MatMul", "--impl", f"{kernel}:mm", "--dtype", "fp32"]) == 2
    assert "whose inputs are matrices, is not taken" in capsys.readouterr().err


@pytest.mark.slow
def test_openvino_s_matmul_node_runs_on_stacks_of_matrices():
    pytest.importorskip("openvino")
    impl = load_impl("openvino:hint=f32", op=MATMUL)     # f32 asked for: no bf16 inference precision
    report = accuracy.measure_contractions(impl, FP32, accuracy.contraction_inputs(FP32, 2, 11))
    assert not report.errors and report.measured > 40 and report.relative.error < 1e-4


def test_the_plot_draws_each_element_s_error_against_its_n(tmp_path, capsys):
    plot = tmp_path / "matmul.svg"
    assert main(["conform", "--op", "MatMul", "--impl", f"{IMPLS / 'matmul_wide.py'}:run", "--dtype", "fp16",
                 "--sample", "2", "--max-ulp", "0.5", "--plot", str(plot)]) == 0
    svg = plot.read_text()
    assert "n, the terms of each element (fp16)" in svg and "bound: 0.5 ulp" in svg
    assert main(["conform", "--op", "MatMul", "--impl", "numpy", "--dtype", "fp16", "--exhaustive"]) == 2
    assert "inputs are matrices, run on seeded samples" in capsys.readouterr().err

"""`divbridge conform`: correct strategies pass, every deliberately wrong one is rejected."""

import json
from pathlib import Path

import pytest

from divbridge.cli import main
from divbridge.conform import conformance
from divbridge.crosscheck import vectors
from divbridge.conform.impls import load_impl
from divbridge.formats import get_format
from divbridge.operators.div import DIV

HERE = Path(__file__).resolve().parent / "wrong_impls"
WRONG = ["floor_division", "reciprocal", "bf16_truncating", "flush_to_zero", "zero_sign_of_b", "unsigned_infinity",
         "nan_for_div_by_zero", "fp16_via_bf16", "fp16_round_toward_zero", "int64_via_float64", "inf_numerator_nan"]
RIGHT = ["fp32_via_fp64", "fp16_via_fp32", "bf16_via_fp32"]


def _dtype(name):
    text = (HERE / f"{name}.py").read_text()
    return text.split('DTYPE = "')[1].split('"')[0]


def _check(name):
    fmt = get_format(_dtype(name))
    return conformance.check(load_impl(f"{HERE / name}.py:div", op=DIV), fmt, vectors.vector_sets(fmt, op=DIV))


@pytest.mark.parametrize("name", WRONG)
def test_wrong_implementation_is_rejected_with_a_counterexample(name):
    report = _check(name)
    assert report.mismatches > 0 and not report.errors
    example = report.examples[0]
    assert example["expected"] != example["actual"] and example["a"] and example["b"]


@pytest.mark.parametrize("name", RIGHT)
def test_correct_strategy_conforms(name):
    report = _check(name)
    assert report.clean and sum(report.vectors.values()) > 4000


def test_known_discrepancies_show_their_documented_inputs():
    assert any("-3 (int32" in e["a"] and "-2 (int32" in e["actual"] for e in _check("floor_division").examples)
    fp32 = get_format("fp32")
    three_sevenths = vectors.Vectors("t", fp32, fmt_arr(fp32, ["3"]), fmt_arr(fp32, ["7"]))
    report = conformance.check(load_impl(f"{HERE}/reciprocal.py:div", op=DIV), fp32, [three_sevenths])
    assert report.mismatches == 1


def fmt_arr(fmt, texts):
    import numpy as np
    return np.array([fmt.parse(t) for t in texts], dtype=fmt.uint_dtype).view(fmt.dtype)


def test_preconditions_are_counted_apart_not_judged():
    report = conformance.check(load_impl("onnx-reference", op=DIV), get_format("int8"), vectors.vector_sets(get_format("int8"), op=DIV))
    assert report.outside_domain >= 256 and report.clean


def test_cli_exit_codes_and_json(tmp_path, capsys):
    out = tmp_path / "c.json"
    assert main(["conform", "--impl", f"{HERE}/floor_division.py:div", "--dtype", "int32", "--json", str(out)]) == 1
    data = json.loads(out.read_text())
    assert data["conforms"] is False and data["formats"][0]["mismatches"] > 0
    assert main(["conform", "--impl", f"{HERE}/fp16_via_fp32.py:div", "--dtype", "fp16", "--sample", "4096"]) == 0
    assert main(["conform", "--impl", "nosuchmodule:div", "--dtype", "fp16"]) == 2
    assert main(["conform", "--impl", f"{HERE}/fp16_via_fp32.py:nosuch", "--dtype", "fp16"]) == 2
    assert main(["conform", "--impl", "numpy", "--dtype", "fp(3,4)"]) == 2
    assert "error" in capsys.readouterr().err


def test_crashing_and_raising_implementations_are_reported(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("def div(a, b):\n    raise RuntimeError('kernel failed')\n")
    report = conformance.check(load_impl(f"{bad}:div", op=DIV), get_format("fp32"), vectors.vector_sets(get_format("fp32"), op=DIV))
    assert report.errors and report.errors[0]["kind"] == "exception" and not report.clean


def test_onnxruntime_crash_on_int_min_by_minus_one_is_contained():
    import numpy as np
    impl = load_impl("onnxruntime", op=DIV)
    fmt = get_format("int32")
    jobs = [(np.array([-(2 ** 31)], np.int32), np.array([-1], np.int32)), (np.array([-7], np.int32), np.array([2], np.int32))]
    crashed, fine = impl.run_many(fmt, jobs)
    assert crashed.kind == "crash" and int(fine[0]) == -3


def test_exhaustive_mode_on_a_slice_of_numerators():
    bf16 = get_format("bf16")
    right = conformance.check_exhaustive(load_impl(f"{HERE}/bf16_via_fp32.py:div", op=DIV), bf16, rows=64,
                                     a_range=range(0x3F80, 0x3F80 + 128))
    assert right.vectors["exhaustive"] == 128 * 65536 and right.clean
    wrong = conformance.check_exhaustive(load_impl(f"{HERE}/bf16_truncating.py:div", op=DIV), bf16, rows=64,
                                     a_range=range(0x3F80, 0x3F80 + 64))
    assert wrong.mismatches > 0 and wrong.examples[0]["source"] == "exhaustive"

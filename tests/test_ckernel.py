"""`divbridge conform --impl kernel.c:FUNC`: a user's C kernel compiled, cached and judged."""

import shutil
from pathlib import Path

import numpy as np
import pytest

from divbridge import operators
from divbridge.cli import main
from divbridge.conform import child, ckernel, conformance
from divbridge.crosscheck import vectors
from divbridge.operators.div import enumeration as engine
from divbridge.conform.impls import load_impl
from divbridge.formats import BF16, FP16, FP32, get_format
from divbridge.operators.div import DIV

KERNELS = Path(__file__).resolve().parent / "kernels"

pytestmark = [pytest.mark.skipif(not (shutil.which("cc") or shutil.which("gcc")),
                                reason="no C compiler (apt-get install gcc)"), pytest.mark.usefixtures("own_cache")]


def _check(kernel, dtype, cflags=""):
    fmt = get_format(dtype)
    return conformance.check(load_impl(f"{KERNELS / kernel}", cflags, op=DIV), fmt, vectors.vector_sets(fmt, op=DIV))


@pytest.mark.parametrize("kernel,dtype", [("div_fp32.c:div_fp32", "fp32"),
                                          ("div_fp16_via_fp32.c:div_fp16", "fp16")])
def test_correct_kernel_conforms(kernel, dtype):
    report = _check(kernel, dtype)
    assert report.clean and sum(report.vectors.values()) > 4000


@pytest.mark.parametrize("kernel,dtype", [("div_fp32_reciprocal.c:div_fp32", "fp32"),
                                          ("div_fp32_flush_to_zero.c:div_fp32", "fp32"),
                                          ("div_int32_floor.c:div_int32", "int32")])
def test_wrong_kernel_is_rejected_with_a_decoded_counterexample(kernel, dtype):
    report = _check(kernel, dtype)
    assert report.mismatches > 0 and not report.errors
    example = report.examples[0]
    assert example["expected"] != example["actual"]
    assert "0x" in example["a"] and "0x" in example["actual"]   # decoded: value and bits


def test_floor_kernel_counterexample_is_a_negative_inexact_quotient():
    example = _check("div_int32_floor.c:div_int32", "int32").examples[0]
    a, b = (int(example[k].split()[0]) for k in ("a", "b"))
    assert (a < 0) != (b < 0) and a % b != 0
    assert int(example["actual"].split()[0]) == int(example["expected"].split()[0]) - 1


def test_library_is_cached_by_content_and_flags(tmp_path):
    source = tmp_path / "k.c"
    source.write_text((KERNELS / "div_fp32.c").read_text())
    first = ckernel.build(source)
    stamp = first.stat().st_mtime_ns
    assert ckernel.build(source) == first and first.stat().st_mtime_ns == stamp
    assert ckernel.build(source, "-O0") != first
    source.write_text(source.read_text() + "\n/* changed */\n")
    assert ckernel.build(source) != first


@pytest.mark.parametrize("impl,message", [
    ("does_not_compile.c:div_fp32", "does_not_compile.c:7:27: error:"),
    ("div_fp32.c:no_such_function", "defines no exported function 'no_such_function'"),
    ("missing.c:div", "missing.c: no such file"),
])
def test_bad_kernel_is_one_line_and_exit_2(impl, message, capsys):
    assert main(["conform", "--impl", str(KERNELS / impl), "--dtype", "fp32"]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_compile_error_names_the_compilers_first_error(capsys):
    main(["conform", "--impl", f"{KERNELS}/does_not_compile.c:div_fp32", "--dtype", "fp32"])
    assert "error: expected ';'" in capsys.readouterr().err


def test_conform_command_exit_codes(capsys):
    assert main(["conform", "--impl", f"{KERNELS}/div_fp32.c:div_fp32", "--dtype", "fp32"]) == 0
    assert main(["conform", "--impl", f"{KERNELS}/div_fp32_reciprocal.c:div_fp32", "--dtype", "fp32"]) == 1
    assert "MISMATCH" in capsys.readouterr().out


def test_cflags_reach_the_compiler(capsys):
    assert main(["conform", "--impl", f"{KERNELS}/div_fp32.c:div_fp32", "--dtype", "fp32",
                 "--cflags=-fno-such-flag"]) == 2
    assert "-fno-such-flag" in capsys.readouterr().err


@pytest.mark.slow
def test_exhaustive_fp16_kernel_conforms():
    impl = load_impl(f"{KERNELS}/div_fp16_via_fp32.c:div_fp16", _f16c_flags(), op=DIV)
    report = conformance.check_exhaustive(impl, FP16)
    assert report.clean and report.vectors["exhaustive"] == 1 << 32


def _f16c_flags() -> str:
    """Hardware FP16 conversions where the CPU has them: gcc otherwise calls libgcc per element."""
    cpuinfo = Path("/proc/cpuinfo")
    return "-O2 -mf16c" if cpuinfo.exists() and " f16c" in cpuinfo.read_text() else ""


@pytest.mark.parametrize("fmt", [FP16, BF16], ids=["fp16", "bf16"])
def test_reference_rows_are_the_general_paths_expected_results(fmt):
    # zeros and subnormals, around one, the largest finite values, infinities and NaNs, both signs
    for start in (0x0000, 0x3BFC, 0x3F7C, 0x7BFC, 0x7F7C, 0x8000, 0xFBFC, 0xFF7C):
        numerators = range(start, start + 8)
        expected, _ = engine.numerator_rows(fmt, "via_fp32", numerators)
        assert np.array_equal(engine.reference_rows(fmt, numerators), expected.astype(fmt.uint_dtype)), hex(start)


def test_exhaustive_slice_of_a_wrong_c_kernel_finds_what_the_engine_finds():
    numerators = range(0x40, 0x60)   # the engine's first counterexample is 0x004b / 0x4f80
    report = conformance.check_exhaustive(load_impl(f"{KERNELS}/div_fp16_reciprocal.c:div_fp16", op=DIV), FP16, rows=8,
                                      a_range=numerators)
    enumeration = engine.enumerate_pairs(FP16, "reciprocal_fp32", numerators=numerators)
    assert report.vectors["exhaustive"] == len(numerators) << 16
    assert report.mismatches == enumeration.mismatches > 0
    a, b, expected, actual = enumeration.first_mismatch
    first = report.examples[0]
    assert [first[k] for k in ("a", "b", "expected", "actual")] == [FP16.describe(x) for x in (a, b, expected, actual)]


def test_a_crash_is_the_jobs_error_with_its_input_and_the_next_job_runs():
    impl = load_impl(f"{KERNELS}/div_fp16_crash.c:div_fp16", op=DIV)
    a = np.full(5000, 2.0, np.float16)
    b = np.arange(0x1000, 0x1000 + 5000, dtype=np.uint16).view(np.float16)   # 0x1234 at index 564
    crashed, fine = impl.run_many(FP16, [(a, b), (a[:3], b[:3])])
    assert crashed.kind == "crash" and "killed by SIGSEGV" in crashed.detail
    assert crashed.detail.endswith(f"on {FP16.describe(0x4000)} / {FP16.describe(0x1234)}")
    assert np.array_equal(fine, (a[:3].astype(np.float32) / b[:3].astype(np.float32)).astype(np.float16))


def test_a_kernel_that_never_returns_is_stopped_and_the_next_job_runs(monkeypatch):
    # the hanging job's limit is short; the next job's (and the child's loading) keep theirs
    monkeypatch.setattr(child, "allowance", lambda count, usual=child.allowance: 2.0 if count == 5000 else usual(count))
    impl = load_impl(f"{KERNELS}/div_fp16_hangs.c:div_fp16", op=DIV)
    a = np.full(5000, 2.0, np.float16)
    b = np.arange(0x1000, 0x1000 + 5000, dtype=np.uint16).view(np.float16)   # 0x1234 at index 564
    hung, fine = impl.run_many(FP16, [(a, b), (a[:3], b[:3])])
    assert hung.kind == "hang" and "did not return within 2 s (stopped)" in hung.detail
    assert np.array_equal(fine, (a[:3].astype(np.float32) / b[:3].astype(np.float32)).astype(np.float16))


def test_conform_reports_a_crash_in_exhaustive_mode_and_divbridge_lives_on(capsys):
    crash = f"{KERNELS}/div_fp16_crash.c:div_fp16"
    assert main(["conform", "--impl", crash, "--dtype", "fp16", "--exhaustive"]) == 1
    out, err = capsys.readouterr()
    assert f"ERROR (exhaustive, crash): the C kernel process was killed by SIGSEGV on {FP16.describe(0)} / " \
           f"{FP16.describe(0x1234)}" in out
    assert "fp16 exhaustive: stopped by the error below after 0 pairs" in err
    assert "does NOT conform" in out and "Traceback" not in out + err
    assert main(["conform", "--impl", f"{KERNELS}/div_fp32.c:div_fp32", "--dtype", "fp32"]) == 0


def test_a_kernel_writing_its_const_inputs_dies_instead_of_corrupting_them():
    a, b = np.full(4, 6.0, np.float32), np.full(4, 3.0, np.float32)
    result = load_impl(f"{KERNELS}/div_fp32_writes_inputs.c:div_fp32", op=DIV).run(FP32, a, b)
    assert result.kind == "crash" and "SIGSEGV" in result.detail
    assert (a == 6.0).all()


# -- kernels with a bool: Less's result, Where's condition ----------------------------------------------------------

def _checked(op_name: str, kernel: str, dtype: str):
    op, fmt = operators.get(op_name), get_format(dtype)
    impl = load_impl(f"{KERNELS / kernel}", op=op)
    try:
        return conformance.check(impl, fmt, vectors.vector_sets(fmt, op=op))
    finally:
        impl.close()


@pytest.mark.parametrize("kernel,dtype,conforms", [("less_fp32.c:less_fp32", "fp32", True),
                                                   ("less_fp32.c:less_int32", "int32", True),
                                                   ("less_fp32_bits.c:less_fp32", "fp32", False)])
def test_a_kernel_writing_c_bools_is_judged_on_its_truth_values(kernel, dtype, conforms):
    report = _checked("Less", kernel, dtype)
    assert not report.errors and (report.mismatches == 0) == conforms
    if not conforms:   # comparing bit patterns as integers orders the negative numbers backwards
        example = report.examples[0]
        assert {example["expected"], example["actual"]} == {"true", "false"} and "-" in example["a"] + example["b"]


@pytest.mark.parametrize("function,conforms", [("where_fp32", True), ("where_fp32_blend", False)])
def test_a_kernel_taking_a_condition_of_c_bools_is_judged(function, conforms):
    report = _checked("Where", f"where_fp32.c:{function}", "fp32")
    assert not report.errors and (report.mismatches == 0) == conforms
    if not conforms:   # the blend turns a selected -0 into +0
        zero = next(e for e in report.examples if e["expected"] == "-0.0 (fp32 0x80000000)")
        assert zero["actual"] == "0.0 (fp32 0x00000000)"

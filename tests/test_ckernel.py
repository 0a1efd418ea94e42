"""`divbridge conform --impl kernel.c:FUNC`: a user's C kernel compiled, cached and judged."""

import shutil
from pathlib import Path

import pytest

from divbridge.cli import main
from divbridge.crosscheck import ckernel, conform, vectors
from divbridge.crosscheck.impls import load_impl
from divbridge.formats import get_format

KERNELS = Path(__file__).resolve().parent / "kernels"

pytestmark = pytest.mark.skipif(not (shutil.which("cc") or shutil.which("gcc")),
                                reason="no C compiler (apt-get install gcc)")


@pytest.fixture(autouse=True)
def own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("DIVBRIDGE_CACHE", str(tmp_path / "cache"))


def _check(kernel, dtype, cflags=""):
    fmt = get_format(dtype)
    return conform.check(load_impl(f"{KERNELS / kernel}", cflags), fmt, vectors.vector_sets(fmt))


@pytest.mark.parametrize("kernel,dtype", [("div_fp32.c:div_fp32", "fp32"),
                                          ("div_fp16_via_fp32.c:div_fp16", "fp16")])
def test_correct_kernel_conforms(kernel, dtype):
    report = _check(kernel, dtype)
    assert report.conforms and sum(report.vectors.values()) > 4000


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
    impl = load_impl(f"{KERNELS}/div_fp16_via_fp32.c:div_fp16")
    report = conform.check_exhaustive(impl, get_format("fp16"))
    assert report.conforms and report.vectors["exhaustive"] == 1 << 32

"""Code under test runs in a child process (`crosscheck.child`): whatever it does is a finding with its input,
never the end of divbridge nor its exit code; Ctrl-C stops a run at once and leaves nothing behind."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import processes

from divbridge import children
from divbridge.cli import main
from divbridge.conform import child, conformance
from divbridge.crosscheck import vectors
from divbridge.conform.impls import load_impl
from divbridge.formats import FP32, get_format
from divbridge.operators.div import DIV

ROOT = Path(__file__).resolve().parents[1]
KERNELS = ROOT / "tests" / "kernels"

BAD = '''\
import ctypes, os, sys, time
import numpy as np

def calls_os_exit(a, b):
    os._exit(0)

def calls_sys_exit(a, b):
    sys.exit(3)

def segfaults(a, b):
    if (b == 7).any():
        ctypes.string_at(0)
    return np.divide(a, b, dtype=a.dtype)

def crashes(a, b):
    ctypes.string_at(0)

def sleeps(a, b):
    time.sleep(1000)

def eats_memory(a, b):
    hog = bytearray(64 << 30)
    return a

def raises(a, b):
    raise ValueError("no")

def prints_and_divides(a, b):
    print("done")   # the child's stdout is not its reply channel
    return np.divide(a, b, dtype=a.dtype)
'''


@pytest.fixture
def bad(tmp_path) -> Path:
    path = tmp_path / "bad.py"
    path.write_text(BAD)
    return path


def _pairs(count=1000):
    a = np.arange(1, count + 1, dtype=np.float32)
    b = np.full(count, 3, np.float32)
    b[617] = 7
    return a, b


@pytest.mark.parametrize("function,kind,detail", [
    ("calls_os_exit", "crash", "the Python implementation process exited with status 0"),
    ("calls_sys_exit", "crash", "the Python implementation process exited with status 3"),
    ("segfaults", "crash", "the Python implementation process was killed by SIGSEGV on 618.0 (fp32 0x441a8000) / 7.0"),
    ("eats_memory", "exception", "MemoryError"),
    ("raises", "exception", "ValueError: no"),
])
def test_what_a_python_implementation_does_is_a_finding_with_its_input(bad, function, kind, detail):
    impl = load_impl(f"{bad}:{function}", op=DIV)
    try:
        first, second = impl.run_many(FP32, [_pairs(), (np.ones(3, np.float32), np.ones(3, np.float32))])
    finally:
        impl.close()
    assert first.kind == kind and detail in first.detail
    if function == "segfaults":   # located, and the next job runs in a new child
        assert np.array_equal(second, np.ones(3, np.float32))


def test_a_sleeping_python_implementation_is_stopped_as_a_hang(bad, monkeypatch):
    monkeypatch.setattr(child, "allowance", lambda count: 1.0)   # a call's limit; loading keeps its own
    impl = load_impl(f"{bad}:sleeps", op=DIV)
    hung = impl.run(FP32, *_pairs())   # the call sleeps 1000 s: a hang only if it was stopped
    impl.close()
    assert hung.kind == "hang" and "did not return within 1 s (stopped)" in hung.detail


def test_a_python_implementation_printing_on_stdout_still_answers(bad):
    impl = load_impl(f"{bad}:prints_and_divides", op=DIV)
    a, b = np.arange(1, 11, dtype=np.float32), np.full(10, 3, np.float32)
    assert np.array_equal(impl.run(FP32, a, b), a / b)
    impl.close()


@pytest.mark.parametrize("function", ["calls_os_exit", "calls_sys_exit", "crashes"])
def test_conform_exit_code_is_divbridges_not_the_implementations(bad, function, capsys):
    assert main(["conform", "--impl", f"{bad}:{function}", "--dtype", "fp32"]) == 1
    out = capsys.readouterr().out
    assert "ERROR (" in out and "does NOT conform on fp32" in out


def test_loading_a_file_that_exits_at_import_is_one_line(tmp_path, capsys):
    path = tmp_path / "exits.py"
    path.write_text("import os\nos._exit(0)\n")
    assert main(["conform", "--impl", f"{path}:div", "--dtype", "fp32"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{path}: cannot be loaded: the Python implementation process exited" in err


def test_a_file_that_raises_at_import_names_its_line(tmp_path, capsys):
    path = tmp_path / "raises.py"
    path.write_text("x = 1\nraise RuntimeError('broken')\n")
    assert main(["conform", "--impl", f"{path}:div", "--dtype", "fp32"]) == 2
    assert f"{path}:2: cannot load: RuntimeError: broken" in capsys.readouterr().err


def test_the_child_closes_with_its_shared_memory(bad):
    impl = load_impl(f"{bad}:prints_and_divides", op=DIV)
    directory, pid = impl.process.directory, impl.process._proc.pid
    assert directory.is_dir()
    impl.close()
    assert not directory.exists() and not processes.alive(pid)


def test_a_sampled_run_says_so_and_a_wrong_fp16_kernel_never_conforms(capsys):
    kernel = f"{KERNELS}/div_fp16_reciprocal.c:div_fp16"
    assert main(["conform", "--impl", kernel, "--dtype", "fp16", "--sample", "4096"]) == 0
    out = capsys.readouterr().out
    assert "no mismatch in 4333 sampled pairs on fp16 (not exhaustive)" in out and "conforms" not in out


def test_sampled_formats_other_than_16_bit_are_stated_as_samples(capsys):
    assert main(["conform", "--impl", f"{KERNELS}/div_fp32.c:div_fp32", "--dtype", "fp32"]) == 0
    assert "no mismatch in 4455 sampled pairs on fp32 (not exhaustive)" in capsys.readouterr().out


@pytest.mark.slow
def test_the_wrong_fp16_kernel_is_caught_by_the_default_exhaustive_run(capsys):
    kernel = f"{KERNELS}/div_fp16_reciprocal.c:div_fp16"
    assert main(["conform", "--impl", kernel, "--dtype", "fp16", "--cflags=-O2 -mf16c"]) == 1
    out = capsys.readouterr().out
    assert "5980 mismatches" in out and "does NOT conform on fp16" in out


def test_fp16_defaults_to_exhaustive(monkeypatch):
    """The default run of FP16 calls the exhaustive check (here on a slice, to keep the test short)."""
    seen = []
    original = conformance.check_exhaustive

    def sliced(impl, fmt, **kwargs):
        seen.append(fmt.name)
        return original(impl, fmt, rows=8, a_range=range(0x40, 0x60))
    monkeypatch.setattr(conformance, "check_exhaustive", sliced)
    assert main(["conform", "--impl", f"{KERNELS}/div_fp16_reciprocal.c:div_fp16", "--dtype", "fp16"]) == 1
    assert seen == ["fp16"]


def test_ctrl_c_during_a_hanging_kernel_stops_and_leaves_nothing(tmp_path):
    """How soon it stops is a figure of `make bench` (benchmarks/bench_interrupt.py)."""
    env = dict(os.environ, DIVBRIDGE_CACHE=str(tmp_path / "cache"))
    before = set(Path("/dev/shm").glob("divbridge-impl-*"))
    command = [sys.executable, "-m", "divbridge.cli", "conform", "--impl", f"{KERNELS}/div_fp16_hangs.c:div_fp16",
               "--dtype", "fp16", "--exhaustive"]
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))   # as in a terminal
    kernel = processes.wait_for(lambda: processes.in_a_c_kernel(process.pid), "the kernel's child in its endless loop")
    below = [kernel, *children.descendants(process.pid)]
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=processes.CEILING_S)
    assert process.returncode == 130 and "interrupted" in err and "Traceback" not in err
    assert processes.still_alive(below) == []
    assert set(Path("/dev/shm").glob("divbridge-impl-*")) <= before
pytestmark = pytest.mark.skipif(not (shutil.which("cc") or shutil.which("gcc")) or not shutil.which("ps"),
                                reason="no C compiler or no ps")


def test_exhaustive_progress_stays_lines_when_piped(capsys):
    from divbridge.commands.conform import _progress
    from divbridge.formats import FP16
    show = _progress(FP16, "numerator")
    for done in range(256, 65537, 256):
        show(done, 65536)
    err = capsys.readouterr().err
    assert "\r" not in err and err.count("\n") == 10 and err.splitlines()[-1] == "  fp16 exhaustive: 65536/65536 numerators"


def test_the_sandbox_sees_every_package_directory_on_divbridges_path(monkeypatch, tmp_path):
    """A virtual environment whose packages a .pth file adds from another one (as tests/documented.py makes
    its copy of the project) runs code under test too: the sandbox binds each package directory on the path."""
    from divbridge.conform import sandbox
    elsewhere = tmp_path / "other-venv" / "site-packages"
    elsewhere.mkdir(parents=True)
    assert elsewhere not in sandbox.python_paths()
    monkeypatch.setattr(sys, "path", [*sys.path, str(elsewhere)])
    assert elsewhere in sandbox.python_paths()

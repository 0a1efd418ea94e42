"""Evidence nobody can spoil (issue 35): each case runs divbridge as a user would, as a careless or hostile one,
and checks its exit code, its one-line message (no traceback), and that `git status` and every file the
checkout tracks are as they were.

Outputs that would destroy what sits at their path, code under test that would rewrite the evidence or kill
divbridge, tools that would lie, inputs that would hang, signals that would leave orphans."""

from __future__ import annotations

import hashlib
import json
import os
import re
import resource
import shutil
import signal
import stat
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

import processes
from conftest import skip_without_cgroups
from divbridge import children
from divbridge.cli import main
from divbridge.conform import sandbox
from divbridge.provers import cache as cache_module, coq as coq_backend, gappa as gappa_backend, toolprobe

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "proofs" / "spec" / "div.md"
HERE = Path(__file__).parent
needs_git = pytest.mark.skipif(shutil.which("git") is None or not (ROOT / ".git").exists(),
                               reason="the checkout is not a git work tree")
needs_namespaces = pytest.mark.skipif(not sandbox.available(), reason=f"no sandbox here: {sandbox.unavailable()}")


def _tracked() -> dict[str, str]:
    names = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout.split(b"\0")
    return {name.decode(): hashlib.sha256((ROOT / name.decode()).read_bytes()).hexdigest()
            for name in names if name and (ROOT / name.decode()).is_file()}


def _status() -> str:
    return subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT,
                          capture_output=True, text=True, check=True).stdout


@pytest.fixture(scope="module")
def committed():
    return _tracked(), _status()


@pytest.fixture
def unchanged(committed):
    """After the case: every tracked file has its bytes, and git status is what it was."""
    yield
    files, status = committed
    assert _status() == status
    now = _tracked()
    assert [name for name in files if now.get(name) != files[name]] == []


def divbridge(*args: str, cwd: Path = ROOT, env: dict | None = None, timeout: float = 600,
              stdin=subprocess.DEVNULL, preexec=None) -> subprocess.CompletedProcess:
    """divbridge as its console script runs it (the script's directory on the path, not the working one)."""
    environment = {**os.environ, "PYTHONPATH": str(ROOT / "src"), **(env or {})}
    return subprocess.run([sys.executable, "-P", "-m", "divbridge.cli", *args], cwd=cwd, env=environment,
                          capture_output=True, text=True, timeout=timeout, stdin=stdin, preexec_fn=preexec)


def one_line(err: str, pattern: str) -> None:
    """stderr is exactly one line (no traceback), matching ``pattern``."""
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    assert re.search(pattern, lines[0]), lines[0]


# -- 1. outputs ---------------------------------------------------------------------------------------------

REFUSED_OUTPUTS = [
    (["prove", "--only", "real.generic.*", "--out", "."], r"argument --out: \.: holds files git tracks"),
    (["prove", "--only", "real.generic.*", "--out", "generators"], r"--out: generators: holds files git tracks"),
    (["prove", "--only", "real.generic.*", "--out", "why3"], r"--out: why3: holds files git tracks"),
    (["prove", "--only", "real.generic.*", "--out", "src"], r"--out: src: holds files git tracks"),
    (["prove", "--only", "real.generic.*", "--out", "proofs/why3"], r"--out: proofs/why3: holds files git tracks"),
    (["prove", "--out", "tests"], r"--out: tests: holds files git tracks"),
    (["report", "--out", "proofs"], r"--out: proofs: holds files git tracks"),
    (["check-spec", str(DOC), "--json", "proofs/results.json"], r"--json: proofs/results.json: a file git tracks"),
    (["read", str(DOC), "--json", "README.md"], r"--json: README.md: a file git tracks"),
    (["conform", "--impl", "numpy", "--dtype", "fp32", "--json", "proofs/peers.json"],
     r"--json: proofs/peers.json: a file git tracks"),
    (["crosscheck", "--json", "proofs/results.json"], r"--json: proofs/results.json: a file git tracks"),
    (["audit", str(DOC), str(DOC), "--json", "proofs/spec/div.md"], r"--json: proofs/spec/div.md: a file git tracks"),
]


@needs_git
@pytest.mark.parametrize("args, message", REFUSED_OUTPUTS, ids=[" ".join(a[:1] + a[-2:]) for a, _ in REFUSED_OUTPUTS])
def test_an_output_never_replaces_tracked_files(args, message, unchanged):
    done = divbridge(*args)
    assert done.returncode == 2
    one_line(done.stderr, message)


@pytest.mark.parametrize("command", ["read", "check-spec"])
def test_an_output_is_never_the_input_document(command, tmp_path, unchanged):
    doc = tmp_path / "div.md"
    shutil.copy(DOC, doc)
    done = divbridge(command, str(doc), "--json", str(doc))
    assert done.returncode == 2
    one_line(done.stderr, rf"{re.escape(str(doc))}: is the input .*it would be written over")
    assert doc.read_bytes() == DOC.read_bytes()


def test_audit_output_is_never_one_of_its_documents(tmp_path, unchanged):
    old = tmp_path / "old.md"
    shutil.copy(DOC, old)
    done = divbridge("audit", str(old), str(DOC), "--json", str(old))
    assert done.returncode == 2
    one_line(done.stderr, r"old\.md: is the input")
    assert old.read_bytes() == DOC.read_bytes()


def test_a_device_is_written_through_and_a_full_one_is_one_line(unchanged):
    done = divbridge("read", str(DOC), "--json", "/dev/full")
    assert done.returncode == 2
    one_line(done.stderr, r"^divbridge: error: /dev/full: No space left on device$")
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)


def test_a_symlink_to_a_descriptor_is_written_through(tmp_path, unchanged):
    link = tmp_path / "out.json"
    link.symlink_to("/dev/stdout")
    done = divbridge("read", str(DOC), "--json", str(link))
    assert done.returncode == 0, done.stderr
    assert link.is_symlink() and os.readlink(link) == "/dev/stdout"
    assert done.stdout.lstrip().startswith("{") and '"sections"' in done.stdout


def test_a_fifo_is_written_through(tmp_path, unchanged):
    fifo = tmp_path / "out.json"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    done = divbridge("read", str(DOC), "--json", str(fifo))
    reader.join(30)
    assert done.returncode == 0, done.stderr
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert got and got[0].startswith(b"{") and b'"sections"' in got[0]


def test_a_symlink_to_a_file_keeps_its_link(tmp_path, unchanged):
    target, link = tmp_path / "real.json", tmp_path / "link.json"
    target.write_text("old")
    link.symlink_to(target)
    done = divbridge("read", str(DOC), "--json", str(link))
    assert done.returncode == 0, done.stderr
    assert link.is_symlink() and target.read_text().startswith("{")


def test_a_write_error_names_the_file(tmp_path, unchanged):
    out = tmp_path / "reading.json"

    def small_files():   # "File too large" past 1000 bytes, as a full quota would
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (1000, 1000))
    done = divbridge("read", str(DOC), "--json", str(out), preexec=small_files)
    assert done.returncode == 2
    one_line(done.stderr, rf"{re.escape(str(out))}: File too large")
    assert not out.exists() and list(tmp_path.iterdir()) == []   # no temporary file left


# -- 2. code under test -------------------------------------------------------------------------------------

def _impl(tmp_path: Path, name: str, body: str) -> Path:
    path = tmp_path / f"{name}.py"
    path.write_text(body)
    return path


TAMPER_AT_IMPORT = f"""
import json
p = {str(ROOT / 'proofs' / 'results.json')!r}
data = open(p).read().replace('"refuted"', '"proved"')
open(p, "w").write(data)
def div(a, b):
    return a / b
"""
TAMPER_IN_CALL = f"""
import os
def div(a, b):
    os.unlink({str(ROOT / 'proofs' / 'peers.json')!r})
    return a / b
"""


@needs_namespaces
def test_code_under_test_cannot_write_the_checkout_at_import(tmp_path, unchanged):
    done = divbridge("conform", "--impl", f"{_impl(tmp_path, 'tamper', TAMPER_AT_IMPORT)}:div", "--dtype", "fp32",
                     "--sample", "4")
    assert done.returncode == 2
    one_line(done.stderr, r"tamper\.py:\d+: cannot load: FileNotFoundError: \[Errno 2\] No such file")   # not there


@needs_namespaces
def test_code_under_test_cannot_delete_evidence(tmp_path, unchanged):
    done = divbridge("conform", "--impl", f"{_impl(tmp_path, 'unlink', TAMPER_IN_CALL)}:div", "--dtype", "fp32",
                     "--sample", "4")
    assert done.returncode == 1
    assert "ERROR (" in done.stdout and "FileNotFoundError" in done.stdout   # the checkout is not in its sandbox
    assert "Traceback" not in done.stderr


def _shm_dirs() -> set[str]:
    return {p.name for p in Path("/dev/shm").glob("divbridge-impl-*")} if Path("/dev/shm").is_dir() else set()


def test_truncated_operand_files_are_a_finding_not_a_bus_error(tmp_path, unchanged):
    # the implementation truncates its own run's operand files (the folder above its working directory), never
    # those of another run going on beside it; the run's folder is named after its pid, which it leaves behind
    body = "import glob, os\ndef div(a, b):\n    for f in glob.glob(os.path.join(os.path.dirname(os.getcwd()), '[abc]')):\n" \
           "        os.truncate(f, 0)\n    return a / b\n"
    pid_file = tmp_path / "pid"
    done = divbridge("conform", "--impl", f"{_impl(tmp_path, 'trunc', body)}:div", "--dtype", "fp32", "--sample", "4",
                     preexec=lambda: pid_file.write_text(str(os.getpid())))
    assert done.returncode == 1, done.stderr
    assert "ERROR (" in done.stdout and "does NOT conform" in done.stdout
    assert "Bus error" not in done.stderr and "Traceback" not in done.stderr
    assert not [d for d in _shm_dirs() if d.startswith(f"divbridge-impl-{pid_file.read_text()}-")]


@needs_namespaces
def test_sigstop_to_its_parent_does_not_stall_divbridge(tmp_path, unchanged):
    body = "import os, signal\nos.kill(0, signal.SIGSTOP)\nos.kill(os.getppid(), signal.SIGSTOP)\n" \
           "def div(a, b):\n    return a / b\n"
    done = divbridge("conform", "--impl", f"{_impl(tmp_path, 'stopper', body)}:div", "--dtype", "fp32",
                     "--sample", "4", timeout=processes.CEILING_S)   # stalled, it would never end
    assert done.returncode == 0, done.stderr
    assert "no mismatch" in done.stdout


@needs_namespaces
def test_a_setsid_grandchild_does_not_outlive_the_run(tmp_path, unchanged):
    body = "import os, time\nif os.fork() == 0:\n    os.setsid()\n    if os.fork() == 0:\n        time.sleep(600)\n" \
           "    os._exit(0)\ndef div(a, b):\n    return a / b\n"
    impl = _impl(tmp_path, "daemon", body)
    done = divbridge("conform", "--impl", f"{impl}:div", "--dtype", "fp32", "--sample", "4")
    assert done.returncode == 0, done.stderr
    assert processes.lingering(lambda: processes.anywhere_with(str(impl))) == []


def test_the_whole_tree_of_code_under_test_shares_one_memory_limit(tmp_path, unchanged):
    skip_without_cgroups()
    body = ("import os\ndef div(a, b):\n    groups = open('/proc/self/cgroup').read()\n"
            "    if 'divbridge-impl-' not in groups:\n        raise RuntimeError('no cgroup')\n    return a / b\n")
    run = subprocess.Popen([sys.executable, "-P", "-m", "divbridge.cli", "conform", "--impl",
                            f"{_impl(tmp_path, 'grouped', body)}:div", "--dtype", "fp32", "--sample", "4"], cwd=ROOT,
                           env={**os.environ, "PYTHONPATH": str(ROOT / "src")}, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True)
    out, err = run.communicate(timeout=600)
    assert run.returncode == 0, out + err
    # removed with the child: the groups this run made (named by its pid; other runs on the machine make theirs)
    mine = f"divbridge-impl-{run.pid}-*"
    assert [*Path("/sys/fs/cgroup").glob(mine), *Path("/sys/fs/cgroup").glob(f"*/{mine}")] == []


def test_a_numpy_py_beside_the_user_shadows_nothing(tmp_path, unchanged):
    (tmp_path / "numpy.py").write_text("raise ImportError('the wrong numpy')\n")
    impl = _impl(tmp_path, "plain", "import numpy as np\ndef div(a, b):\n    return np.divide(a, b)\n")
    done = divbridge("conform", "--impl", "plain.py:div", "--dtype", "fp32", "--sample", "4", cwd=tmp_path)
    assert impl.is_file() and done.returncode == 0, done.stderr
    assert "no mismatch" in done.stdout


@pytest.mark.skipif(shutil.which("cc") is None and shutil.which("gcc") is None, reason="no C compiler")
def test_compiling_a_kernel_reads_no_standard_input(tmp_path, unchanged):
    kernel = tmp_path / "stdin.c"
    kernel.write_text('#include "/dev/stdin"\n#include <stddef.h>\n'
                      "void div(const float *a, const float *b, float *c, size_t n) "
                      "{ for (size_t i = 0; i < n; i++) c[i] = a[i] / b[i]; }\n")
    read, write = os.pipe()   # a standard input that never ends: the compiler must not wait for it
    try:
        done = divbridge("conform", "--impl", f"{kernel}:div", "--dtype", "fp32", "--sample", "4",
                         stdin=read, env={"DIVBRIDGE_CACHE": str(tmp_path / "cache")}, timeout=600)
    finally:
        os.close(read)
        os.close(write)
    assert done.returncode == 0, done.stderr
    assert "no mismatch" in done.stdout


# -- 3. tools -----------------------------------------------------------------------------------------------

def _fake(directory: Path, name: str, script: str) -> Path:
    directory.mkdir(exist_ok=True)
    path = directory / name
    path.write_text("#!/bin/sh\n" + script)
    path.chmod(0o755)
    return path


needs_gappa = pytest.mark.skipif(toolprobe.system_tool("gappa") is None, reason="gappa is not installed")
needs_coq = pytest.mark.skipif(toolprobe.system_tool("coqc") is None, reason="coqc is not installed")


@needs_gappa
@pytest.mark.parametrize("tool, only, prover", [
    ("gappa", "float.fp16.accuracy.*", "gappa"),
    pytest.param("coqc", "float.fp32.strategy.via_fp64", "coq", marks=needs_coq)])
def test_a_fake_tool_first_on_path_is_never_run(tool, only, prover, tmp_path, unchanged):
    asked = tmp_path / "asked"
    _fake(tmp_path / "bin", tool, f"echo run >> {asked}\necho 'Closed under the global context'\nexit 0\n")
    done = divbridge("prove", "--only", only, "--provers", prover, "--no-crosscheck", "--no-cache",
                     "--out", str(tmp_path / "out"), env={"PATH": f"{tmp_path / 'bin'}:{os.environ['PATH']}"},
                     timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert not asked.exists()
    assert f"proved" in done.stdout and re.search(rf" {re.escape(prover)}[ ,]", done.stdout)


VERSION = "[ \"$1\" = --version ] && { echo 'Gappa 1.4.1'; exit 0; }\n"


@pytest.mark.parametrize("script, message", [
    (VERSION + "cat > /dev/null\nexit 0\n", r"proves the false bound .*: not Gappa; none of its answers is believed"),
    (VERSION + "cat > /dev/null\necho 'Error: no contradiction was found.'\nexit 1\n", r"fails the true bound"),
    ("echo 'not gappa'\n", r"--version: 'not gappa' is not Gappa's answer"),
], ids=["proves-all", "proves-nothing", "not-gappa"])
def test_a_fake_system_gappa_is_refused(script, message, tmp_path, monkeypatch, capsys, unchanged):
    fake = _fake(tmp_path / "bin", "gappa", script)
    monkeypatch.setattr(toolprobe, "SYSTEM_PATH", str(fake.parent))
    monkeypatch.setenv("DIVBRIDGE_CACHE", str(tmp_path / "cache"))
    code = main(["prove", "--only", "float.fp16.accuracy.*", "--provers", "gappa", "--no-crosscheck",
                 "--out", str(tmp_path / "out")])
    assert code == 2
    one_line(capsys.readouterr().err, message)
    assert not (tmp_path / "cache" / "proofs").exists() or not any((tmp_path / "cache" / "proofs").rglob("*.json"))


def test_a_gappa_whose_version_hangs_is_one_line(tmp_path, monkeypatch, capsys, unchanged):
    answered = tmp_path / "answered"
    fake = _fake(tmp_path / "bin", "gappa", f"sleep 600\ntouch {answered}\n")
    monkeypatch.setattr(toolprobe, "SYSTEM_PATH", str(fake.parent))
    monkeypatch.setattr(toolprobe, "VERSION_TIMEOUT_S", 0.5)
    monkeypatch.setenv("DIVBRIDGE_CACHE", str(tmp_path / "cache"))
    code = main(["prove", "--only", "float.fp16.accuracy.*", "--provers", "gappa", "--no-crosscheck",
                 "--out", str(tmp_path / "out")])
    assert code == 2 and not answered.exists()   # stopped, not waited for
    one_line(capsys.readouterr().err, r"gappa --version: no answer within 0\.5 s \(stopped\)")


@needs_gappa
def test_the_cache_keys_on_the_executable_itself(monkeypatch):
    class Task:
        prover, question, text, options = "gappa", "{ x in [1,2] -> x in [1,2] }", "", ()
    real = cache_module.ProofCache.key_fields(Task(), "1.4.1")
    assert real["executables"]["gappa"]["sha256"] == hashlib.sha256(
        Path(toolprobe.system_tool("gappa")).read_bytes()).hexdigest()
    identity = toolprobe.identity
    monkeypatch.setattr(toolprobe, "identity", lambda path: {**identity(path), "sha256": "another executable"})
    cache = cache_module.ProofCache(Path("/nonexistent"), "off")
    assert cache._path_of(cache_module.ProofCache.key_fields(Task(), "1.4.1")) != cache._path_of(real)


def test_a_coqc_that_prints_success_without_a_vo_is_not_believed(tmp_path, monkeypatch):
    fake = _fake(tmp_path / "bin", "coqc", "echo 'Closed under the global context'\nexit 0\n")
    monkeypatch.setattr(coq_backend, "coqc", lambda: str(fake))
    attempt = coq_backend.prove("Theorem t : True. Proof. exact I. Qed.\nPrint Assumptions t.\n", 30,
                                libraries=coq_backend.Libraries({}, tmp_path / "store"))
    assert attempt.verdict == "error" and "left no compiled obligation.vo" in attempt.message


@needs_gappa
def test_a_replay_of_some_provers_never_says_all(unchanged):
    done = divbridge("prove", "--replay", "--only", "float.fp16.accuracy.*", "--provers", "gappa", timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    last = done.stdout.strip().splitlines()[-1]
    # two Gappa proofs, each with Coq's check of its certificate (gappa+coq, run by the gappa backend)
    assert "all " not in last and re.search(r"replay: 4 recorded .* \d+ not replayed \(left out by --only/--provers\)",
                                            last), last


def test_a_replay_with_z3_alone_replays_no_why3_proof(unchanged):
    done = divbridge("prove", "--replay", "--only", "int.int8.*", "--provers", "z3", timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    said = [line for line in done.stdout.splitlines() if line.startswith("replay: ")]
    assert said[0] == "replay: 2 obligation(s) with z3"   # why3+z3's proofs of them are left out
    assert "Why3 sessions" not in done.stdout and "all " not in said[-1]
    assert re.search(r"replay: 2 recorded .*; \d+ not replayed", said[-1])


# -- 4. inputs ----------------------------------------------------------------------------------------------

@pytest.fixture
def fifo(tmp_path):
    path = tmp_path / "pipe"
    os.mkfifo(path)
    return path


@pytest.mark.parametrize("args, message", [
    (["read", "/dev/zero"], r"/dev/zero: is a device, not a file: the document"),
    (["check-spec", "/dev/zero"], r"/dev/zero: is a device, not a file: the document"),
    (["audit", "/dev/zero", str(DOC)], r"/dev/zero: is a device, not a file: the document"),
    (["report", "--results", "/dev/zero", "--out", "{tmp}/reports"], r"/dev/zero: is a device, not a file: the results"),
    (["read", "{fifo}"], r"pipe: is a FIFO, not a file: the document"),
    (["check-spec", "{fifo}"], r"pipe: is a FIFO, not a file: the document"),
    (["audit", str(DOC), "{fifo}"], r"pipe: is a FIFO, not a file: the document"),
    (["report", "--results", "{fifo}", "--out", "{tmp}/reports"], r"pipe: is a FIFO, not a file: the results"),
], ids=["read-zero", "check-spec-zero", "audit-zero", "report-zero", "read-fifo", "check-spec-fifo", "audit-fifo",
        "report-fifo"])
def test_an_input_that_never_ends_is_refused_at_once(args, message, tmp_path, fifo, unchanged):
    done = divbridge(*[a.format(tmp=tmp_path, fifo=fifo) for a in args], timeout=600)
    assert done.returncode == 2
    one_line(done.stderr, message)


def test_an_oversized_document_is_refused_before_it_is_read(tmp_path, unchanged):
    big = tmp_path / "big.md"
    with open(big, "wb") as handle:
        handle.truncate(4_000_001)   # sparse: nothing is written, and nothing should be read
    done = divbridge("read", str(big))
    assert done.returncode == 2
    one_line(done.stderr, r"big\.md: the document is larger than 4000000 bytes")


def test_a_peer_table_that_is_a_fifo_is_refused(tmp_path, unchanged):
    # the results with the evidence they stand on (`results.verify`), without their peer table
    shutil.copytree(ROOT / "proofs", tmp_path, dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns("spec", "add", "mul", "sub", "peers.json"))
    os.mkfifo(tmp_path / "peers.json")
    done = divbridge("report", "--results", str(tmp_path / "results.json"), "--out", str(tmp_path / "r"), timeout=600)
    assert done.returncode == 2
    one_line(done.stderr, r"peers\.json: is a FIFO, not a file: the peer table")


def _edited(tmp_path: Path, line: int, old: str, new: str, name: str = "doc.md") -> Path:
    lines = DOC.read_text().split("\n")
    assert old in lines[line - 1]
    lines[line - 1] = lines[line - 1].replace(old, new, 1)
    path = tmp_path / name
    path.write_text("\n".join(lines))
    return path


@pytest.mark.parametrize("literal", ["1e99999999", "1e99999", "1e-99999999"])
def test_an_absurd_exponent_is_a_finding_with_its_line(literal, tmp_path, unchanged):
    doc = _edited(tmp_path, 42, "6.1", literal)
    done = divbridge("read", str(doc), timeout=600)
    assert done.returncode == 0 and "Traceback" not in done.stderr
    assert f"doc.md:42: ill-formed: matrix A: a number whose exponent is beyond ±4000 ({literal})" in done.stdout


@pytest.mark.parametrize("nested", ["{" * 500 + "1" + "}" * 500, "\\frac{" * 300 + "1" + "}{2}" * 300])
def test_deep_latex_nesting_is_a_finding_not_a_recursion_error(nested, tmp_path, unchanged):
    doc = _edited(tmp_path, 42, "6.1", nested)
    done = divbridge("check-spec", str(doc), timeout=600)
    # 3: the example whose matrix is too deep to read is unread (nothing wrong found, something not read)
    assert done.returncode in (0, 1, 3) and "RecursionError" not in done.stderr + done.stdout
    assert "Traceback" not in done.stderr
    assert re.search(r"doc\.md:42:(\d+:)? .*LaTeX nested more than 64 deep", done.stdout)


def test_a_byte_order_mark_loses_no_section(tmp_path, unchanged):
    doc = tmp_path / "bom.md"
    doc.write_bytes(b"\xef\xbb\xbf" + DOC.read_bytes())
    plain, marked = divbridge("read", str(DOC)), divbridge("read", str(doc))
    assert plain.returncode == marked.returncode == 0
    assert plain.stdout.splitlines()[0].split(": ", 1)[1] == marked.stdout.splitlines()[0].split(": ", 1)[1]


def test_prove_refuses_a_document_with_no_requirement_tag(tmp_path, unchanged):
    untagged = tmp_path / "untagged.md"   # an operator's section, no tag: divbridge's strategies alone would pass
    untagged.write_text("# `Div` operator (real)\n\nEach element of C is the exact quotient of A and B.\n")
    done = divbridge("prove", "--spec", str(untagged), "--out", str(tmp_path / "out"))
    assert done.returncode == 2
    one_line(done.stderr, r"untagged\.md: no requirement tag in the document")
    assert not (tmp_path / "out" / "results.json").exists()


def test_crosscheck_refuses_an_unknown_peer_before_running_any(tmp_path, unchanged):
    done = divbridge("crosscheck", "--peers", "numpy,bogus", "--peers-out", str(tmp_path / "peers.json"))
    assert done.returncode == 2
    one_line(done.stderr, r"--peers: unknown peer bogus")
    assert "peer 1/" not in done.stdout and not (tmp_path / "peers.json").exists()


# -- 5. signals ---------------------------------------------------------------------------------------------

def _signalled(args: list[str], signum: int, started: Callable[[int], list[int]]) -> tuple[int, str, list[int]]:
    """Start divbridge, wait until ``started(pid)`` finds the processes the case is about (the provers, the child
    running code under test), send ``signum``: its exit code, stderr, and those of its descendants at the signal
    that do not end."""
    process = subprocess.Popen([sys.executable, "-P", "-m", "divbridge.cli", *args], cwd=ROOT,
                               env={**os.environ, "PYTHONPATH": str(ROOT / "src"), "DIVBRIDGE_CACHE": "off"},
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        processes.wait_for(lambda: started(process.pid) or process.poll() is not None, "the processes of the case")
        assert process.poll() is None, "divbridge ended before the processes of the case started"
        below = children.descendants(process.pid)
        process.send_signal(signum)
        _, err = process.communicate(timeout=processes.CEILING_S)
    finally:
        process.kill()
    return process.returncode, err, processes.still_alive(below)


@pytest.mark.parametrize("signum, code", [(signal.SIGTERM, 143), (signal.SIGHUP, 129)], ids=["SIGTERM", "SIGHUP"])
def test_a_termination_signal_ends_every_prover(signum, code, tmp_path, unchanged):
    returncode, err, alive = _signalled(["prove", "--no-cache", "--only", "float.fp16.*", "--out",
                                         str(tmp_path / "out")], signum, processes.provers_below)
    assert returncode == code
    one_line(err, rf"divbridge: terminated by {signal.Signals(signum).name}")
    assert alive == []


def test_sigterm_during_conform_ends_the_child_and_its_shared_memory(tmp_path, unchanged):
    impl = _impl(tmp_path, "hang", "import time\ndef div(a, b):\n    time.sleep(600)\n")
    seen = []   # divbridge's pid, which names its run's folder (another run beside it may have one of its own)

    def started(pid: int) -> list[int]:
        seen.append(pid)
        return processes.below_with(pid, str(impl))
    returncode, err, alive = _signalled(["conform", "--impl", f"{impl}:div", "--dtype", "fp32", "--sample", "4"],
                                        signal.SIGTERM, started)
    assert returncode == 143
    one_line(err, r"divbridge: terminated by SIGTERM")
    assert alive == [] and processes.lingering(lambda: processes.anywhere_with(str(impl))) == []
    assert not [d for d in _shm_dirs() if d.startswith(f"divbridge-impl-{seen[0]}-")]


def test_a_full_disk_under_the_cache_is_one_line_and_leaves_no_worker(tmp_path, monkeypatch, capsys, unchanged):
    full = tmp_path / "full"
    full.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=16k", "tmpfs", str(full)], capture_output=True).returncode:
        pytest.skip("cannot mount a small tmpfs here (not root)")
    try:
        try:   # until the disk is full
            with open(full / "fill", "wb", buffering=0) as handle:
                while True:
                    handle.write(b"\0" * 4096)
        except OSError:
            pass
        monkeypatch.setattr(toolprobe, "_path", lambda: None)   # the tools' answers kept in memory only
        code = main(["prove", "--only", "float.fp16.special.*", "--provers", "z3", "--no-crosscheck",
                     "--cache-dir", str(full / "proofs"), "--out", str(tmp_path / "out")])
        assert code == 2
        one_line(capsys.readouterr().err, rf"^divbridge: error: {re.escape(str(full))}/proofs/\S+: No space left on device$")
        assert not (tmp_path / "out" / "results.json").exists()
        assert processes.lingering(lambda: [pid for pid in children.descendants() if processes.alive(pid)]) == []
    finally:
        subprocess.run(["umount", str(full)], check=True)


@needs_gappa
def test_results_record_the_executables_the_provers_ran(tmp_path, unchanged):
    done = divbridge("prove", "--only", "float.fp16.accuracy.*", "--provers", "gappa", "--no-crosscheck",
                     "--out", str(tmp_path / "out"), env={"DIVBRIDGE_CACHE": str(tmp_path / "cache")})
    assert done.returncode == 0, done.stderr
    recorded = json.loads((tmp_path / "out" / "results.json").read_text())
    gappa = toolprobe.system_tool("gappa")
    assert recorded["schema_version"] == 7 and list(recorded["tools"]) == ["gappa"]
    assert recorded["tools"]["gappa"] == {"path": gappa, "size": os.stat(gappa).st_size,
                                          "sha256": hashlib.sha256(Path(gappa).read_bytes()).hexdigest()}


def test_without_namespaces_a_setsid_grandchild_is_killed_with_the_child(tmp_path, unchanged):
    body = "import os, time\nif os.fork() == 0:\n    os.setsid()\n    time.sleep(600)\n    os._exit(0)\n" \
           "def div(a, b):\n    return a / b\n"
    impl = _impl(tmp_path, "daemon", body)
    assert main(["conform", "--impl", f"{impl}:div", "--dtype", "fp32", "--sample", "4", "--unsandboxed"]) == 0
    assert processes.lingering(lambda: processes.anywhere_with(str(impl))) == []

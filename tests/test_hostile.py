"""Hostile code under test (issue 44): an implementation handed to `divbridge conform` that tries to get out of
its sandbox.  Each case checks divbridge's exit code and one line, that the outside is untouched (the real
$HOME, the host's /tmp, the checkout: `git status` and every tracked file), and that nothing is left (no
process, no folder in /dev/shm, no cgroup)."""

from __future__ import annotations

import os
import re
import secrets
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from divbridge.cli import main
from divbridge.conform import sandbox

import processes
from conftest import skip_without_cgroups
from test_unspoilable import _status, _tracked, divbridge, one_line

ROOT = Path(__file__).resolve().parents[1]
sandboxed = pytest.mark.skipif(not sandbox.available(), reason=f"no sandbox here: {sandbox.unavailable()}")
CONFORM = ["conform", "--dtype", "fp32", "--sample", "4"]


def _groups() -> set[Path]:
    return {path for place in (sandbox.CGROUP_ROOT, sandbox.CGROUP_ROOT / "memory", sandbox.CGROUP_ROOT / "pids")
            for path in (place.glob(f"{sandbox.PREFIX}*") if place.is_dir() else ())}


def _folders() -> set[Path]:
    return set(Path("/dev/shm").glob(f"{sandbox.PREFIX}*")) | set(Path("/tmp").glob(f"{sandbox.PREFIX}*"))


def _until(condition, seconds: float = 60.0) -> bool:
    """Wait for an event (polled), giving up after a generous deadline: a loaded machine only makes it slower."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


@pytest.fixture
def nothing_left():
    """After the case: the checkout as it was, and no process, folder or cgroup of code under test left."""
    files, status = _tracked(), _status()
    folders, groups = _folders(), _groups()
    yield
    assert _status() == status
    now = _tracked()
    assert [name for name in files if now.get(name) != files[name]] == []
    assert _until(lambda: _folders() <= folders), _folders() - folders
    assert _until(lambda: _groups() <= groups), _groups() - groups


def _impl(directory: Path, body: str, name: str = "hostile") -> Path:
    path = directory / f"{name}.py"
    path.write_text(body + "\ndef div(a, b):\n    return a / b\n")
    return path


def _conform(impl: Path, *more: str, timeout: float = 180) -> subprocess.CompletedProcess:
    done = divbridge(*CONFORM, "--impl", f"{impl}:div", *more, timeout=timeout)
    assert "Traceback" not in done.stderr, done.stderr
    return done


# -- what it finds inside: checked by the code itself, which then loads (exit 0) ---------------------------------

INSIDE = {
    "an unprivileged user without capabilities": (
        "import os\nassert os.getuid() != 0 and os.geteuid() != 0, os.getuid()\n"
        "caps = [l for l in open('/proc/self/status') if l.startswith(('CapEff', 'CapPrm', 'CapBnd'))]\n"
        "assert all(int(l.split()[1], 16) == 0 for l in caps), caps"),
    "an empty home of its own": (
        "import os\nhome = os.environ['HOME']\nassert os.listdir(home) == [], os.listdir(home)\n"
        "assert home != os.path.expanduser('~root'), home\nopen(os.path.join(home, 'x'), 'w').write('x')"),
    "no variable of the user's environment": (
        "import os\nleaked = sorted(set(os.environ) - {'PATH', 'HOME', 'PWD', 'LC_CTYPE'})\nassert not leaked, leaked"),
    # it stops and kills no one, itself included (the sandbox's init ignores its own signals)
    "no process to signal": (
        "import os, signal\nfor pid in (os.getppid(), 0, -1, 1):\n    for sig in (signal.SIGSTOP, signal.SIGKILL):\n"
        "        try:\n            os.kill(pid, sig)\n        except OSError:\n            pass"),
}


@sandboxed
@pytest.mark.parametrize("body", INSIDE.values(), ids=INSIDE.keys())
def test_inside_the_sandbox_it_finds(body, tmp_path, nothing_left):
    done = divbridge(*CONFORM, "--impl", f"{_impl(tmp_path, body)}:div", env={"DIVBRIDGE_TEST_TOKEN": "secret"})
    assert done.returncode == 0, done.stderr
    assert "no mismatch" in done.stdout


# -- what it may not read or write ----------------------------------------------------------------------------

@sandboxed
def test_it_cannot_write_the_real_home(tmp_path, nothing_left):
    target = Path.home() / f"divbridge-hostile-{secrets.token_hex(4)}"
    done = _conform(_impl(tmp_path, f"open({str(target)!r}, 'w').write('out')"))
    assert done.returncode == 2
    one_line(done.stderr, r"hostile\.py:1: cannot load: (PermissionError|FileNotFoundError|OSError)")
    assert not target.exists()


@sandboxed
def test_what_it_writes_in_tmp_stays_in_its_private_tmp(tmp_path, nothing_left):
    target = Path("/tmp") / f"divbridge-hostile-{secrets.token_hex(4)}"
    done = _conform(_impl(tmp_path, f"open({str(target)!r}, 'w').write('out')\nimport os\n"
                                    f"assert os.path.exists({str(target)!r})"))
    assert done.returncode == 0, done.stderr   # it wrote: into a tmpfs that disappeared with it
    assert not target.exists()


@sandboxed
def test_it_cannot_read_the_shadow_file(tmp_path, nothing_left):
    if not Path("/etc/shadow").exists():
        pytest.skip("no /etc/shadow on this machine")
    done = _conform(_impl(tmp_path, "print(open('/etc/shadow').read())"))
    assert done.returncode == 2
    one_line(done.stderr, r"hostile\.py:1: cannot load: PermissionError: \[Errno 13\] Permission denied: '/etc/shadow'")


@sandboxed
def test_it_cannot_read_the_users_private_files(tmp_path, nothing_left):
    private = tmp_path / "private"
    private.mkdir(mode=0o700)
    secret = private / "key"
    secret.write_text("secret")
    secret.chmod(0o600)
    done = _conform(_impl(tmp_path, f"print(open({str(secret)!r}).read())"))
    assert done.returncode == 2
    one_line(done.stderr, r"hostile\.py:1: cannot load: (PermissionError|FileNotFoundError)")


@sandboxed
@pytest.mark.parametrize("target", ["proofs/results.json", "src/divbridge/__init__.py", "README.md"])
def test_it_cannot_write_the_checkout(target, tmp_path, nothing_left):
    done = _conform(_impl(tmp_path, f"open({str(ROOT / target)!r}, 'a').write('forged')"))
    assert done.returncode == 2
    one_line(done.stderr, r"hostile\.py:1: cannot load: (PermissionError|FileNotFoundError|OSError)")


@sandboxed
def test_it_reaches_no_network(tmp_path, nothing_left):
    body = "import socket\nsocket.create_connection(('1.1.1.1', 53), timeout=5)"
    done = _conform(_impl(tmp_path, body))
    assert done.returncode == 2
    one_line(done.stderr, r"hostile\.py:2: cannot load: OSError: \[Errno 101\] Network is unreachable")


# -- what it may not do to divbridge ---------------------------------------------------------------------------

@sandboxed
def test_a_fork_bomb_stops_at_the_process_limit(tmp_path, nothing_left):
    skip_without_cgroups()
    body = ("import os, time\ndef bomb():\n    made = 0\n    try:\n        while True:\n"
            "            if os.fork() == 0:\n                time.sleep(600)\n                os._exit(0)\n"
            "            made += 1\n    except OSError:\n        return made\n"
            "made = bomb()\nraise RuntimeError(f'stopped after {made} processes')")
    impl = _impl(tmp_path, body)
    done = _conform(impl)
    assert done.returncode == 2
    one_line(done.stderr, r"hostile\.py:\d+: cannot load: RuntimeError: stopped after (\d+) processes")
    made = int(re.search(r"after (\d+) processes", done.stderr).group(1))
    assert made < sandbox.MAX_PROCESSES
    assert _until(lambda: processes.anywhere_with(str(impl)) == [])


@sandboxed
def test_a_sigkill_of_divbridge_leaves_nothing_running_and_the_next_run_cleans(tmp_path, nothing_left):
    impl = _impl(tmp_path, "")
    impl.write_text("import time\ndef div(a, b):\n    time.sleep(600)\n")
    process = subprocess.Popen([sys.executable, "-P", "-m", "divbridge.cli", *CONFORM, "--impl", f"{impl}:div"],
                               cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        while "seed" not in (process.stdout.readline() or "seed"):
            pass
        assert _until(lambda: processes.anywhere_with(str(impl)) != [])   # the child is sleeping in the call
        process.kill()
        process.wait()
    finally:
        process.kill()
        process.stdout.close()
        process.stderr.close()
    assert _until(lambda: processes.anywhere_with(str(impl)) == []), "the sandbox outlived divbridge"
    left = [path for path in _folders() | _groups() if f"{sandbox.PREFIX}{process.pid}-" in path.name]
    assert left, "a SIGKILLed run leaves its folder (nothing removes it but the next run)"
    quick = _impl(tmp_path, "", name="quick")
    done = _conform(quick)
    assert done.returncode == 0, done.stderr
    assert [path for path in left if path.exists()] == []


# -- refused without a sandbox ---------------------------------------------------------------------------------

def test_without_a_sandbox_it_is_refused_in_one_line(tmp_path, monkeypatch, capsys, nothing_left):
    monkeypatch.setattr(sandbox, "unavailable", lambda: "bubblewrap (bwrap) is not installed (apt-get install bubblewrap, "
                                                        "or scripts/setup.sh)")
    monkeypatch.setattr(sandbox, "available", lambda: False)
    marker = tmp_path / "ran"
    impl = _impl(tmp_path, f"open({str(marker)!r}, 'w').write('ran')")
    assert main([*CONFORM, "--impl", f"{impl}:div"]) == 2
    one_line(capsys.readouterr().err, r"hostile\.py: no sandbox for code under test: bubblewrap \(bwrap\) is not "
                                      r"installed .*; --unsandboxed runs it without one")
    assert not marker.exists()
    assert main([*CONFORM, "--impl", f"{impl}:div", "--unsandboxed"]) == 0
    assert marker.exists()


# -- the user's work is never reverted -------------------------------------------------------------------------

WAITS = """
import os, time
def div(a, b):
    while not os.path.exists({go!r}):
        time.sleep(0.05)
    return a / b
"""


def _edit_during_the_run(tmp_path: Path, *more: str) -> tuple[subprocess.CompletedProcess, bytes]:
    """Run conform with an implementation that waits for the test's signal; meanwhile append a line to README.md
    as a user would; give the signal; return the run and README's bytes after it (README is then restored)."""
    folder = tmp_path / "shared"
    folder.mkdir(mode=0o755)
    tmp_path.chmod(0o755)
    go = folder / "go"
    impl = folder / "waits.py"
    impl.write_text(WAITS.format(go=str(go)))
    impl.chmod(0o644)
    readme = ROOT / "README.md"
    original = readme.read_bytes()
    process = subprocess.Popen([sys.executable, "-P", "-m", "divbridge.cli", *CONFORM, "--impl", f"{impl}:div", *more],
                               cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        while "seed" not in (process.stdout.readline() or "seed"):
            pass
        with open(readme, "ab") as handle:
            handle.write(b"\nthe user's own line\n")
        go.write_text("go")
        out, err = process.communicate(timeout=180)
        after = readme.read_bytes()
    finally:
        process.kill()
        readme.write_bytes(original)
    return subprocess.CompletedProcess(process.args, process.returncode, out, err), after


@sandboxed
def test_a_users_edit_during_a_sandboxed_run_is_kept_and_not_blamed(tmp_path, nothing_left):
    done, after = _edit_during_the_run(tmp_path)
    assert done.returncode == 0, done.stderr
    assert after.endswith(b"the user's own line\n")


def test_unsandboxed_a_changed_file_fails_the_run_and_is_never_put_back(tmp_path, nothing_left):
    done, after = _edit_during_the_run(tmp_path, "--unsandboxed")
    assert done.returncode == 2
    one_line(done.stderr, r"1 file\(s\) of the checkout changed while unsandboxed code under test ran \(README\.md\): "
                          r"it may have written them, or you did; nothing is put back")
    assert after.endswith(b"the user's own line\n")


@sandboxed
def test_an_implementation_in_a_shared_directory_is_shown_alone(nothing_left):
    """An implementation directly in /tmp: the host's /tmp is not bound over its private one (only the file is)."""
    token = secrets.token_hex(4)
    neighbour = Path("/tmp") / f"divbridge-neighbour-{token}"
    impl = Path("/tmp") / f"divbridge-hostile-{token}.py"
    neighbour.write_text("another user's file")
    body = (f"import os\nassert not os.path.exists({str(neighbour)!r}), 'the host /tmp is visible'\n"
            f"open('/tmp/scratch', 'w').write('x')")
    try:
        _impl(Path("/tmp"), body, name=impl.stem)
        done = _conform(impl)
        assert done.returncode == 0, done.stderr
    finally:
        neighbour.unlink()
        impl.unlink(missing_ok=True)


@sandboxed
@pytest.mark.skipif(shutil.which("cc") is None and shutil.which("gcc") is None, reason="no C compiler")
def test_a_c_kernel_is_sandboxed_too(tmp_path, nothing_left):
    """A kernel that writes the real home and reads /etc/shadow from C: its writes land nowhere, its reads fail
    (it signals which by a result divbridge finds wrong)."""
    target = Path.home() / f"divbridge-hostile-{secrets.token_hex(4)}"
    kernel = tmp_path / "hostile.c"
    kernel.write_text(f"""#include <stdio.h>
#include <stddef.h>
void div(const float *a, const float *b, float *c, size_t n) {{
    FILE *out = fopen("{target}", "w");
    FILE *secret = fopen("/etc/shadow", "r");
    if (out) {{ fputs("out", out); fclose(out); }}
    for (size_t i = 0; i < n; i++) c[i] = (out || secret) ? 0.0f : a[i] / b[i];
    if (secret) fclose(secret);
}}
""")
    done = divbridge(*CONFORM, "--impl", f"{kernel}:div", env={"DIVBRIDGE_CACHE": str(tmp_path / "cache")})
    assert done.returncode == 0, done.stdout + done.stderr   # neither the write nor the read went through
    assert "no mismatch" in done.stdout
    assert not target.exists()

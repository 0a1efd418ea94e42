"""The confinement of code under test: the command line that starts its child process, and its end.

When divbridge runs as root and `unshare` and `setpriv` are installed (util-linux), the child runs in
namespaces of its own:

- a PID namespace (``--pid --fork --kill-child --mount-proc``): it sees only its own processes, so it
  cannot signal divbridge (a ``SIGSTOP`` to its parent stops nothing: its parent is outside), and when it
  dies, or is killed, the kernel kills everything it started, ``setsid()`` and double-forked ones too;
- a mount namespace with the checkout and the working directory bound read-only: it cannot rewrite the
  evidence, the sources or the user's files;
- every capability dropped (``setpriv``), so it can neither remount them writable nor reach outside;
- a memory and a process-count cgroup (v1 ``memory``/``pids``, or v2) when the cgroup tree is writable:
  the limit holds for the whole process tree, not per process as ``RLIMIT_AS``.

Without them (not root, no util-linux) the child runs as before in a session of its own; the caller then
checks the checkout's files before and after the run (`checkout.Snapshot`) and fails the run when they
changed.
"""

from __future__ import annotations

import functools
import os
import secrets
import shlex
import shutil
import signal
import subprocess
import time
from pathlib import Path

from divbridge import checkout

CGROUP_V1 = Path("/sys/fs/cgroup")
MAX_PROCESSES = 256   # the whole tree: a fork bomb stops here


def _tool(name: str) -> str | None:
    for directory in ("/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin", "/bin"):
        path = Path(directory) / name
        if path.is_file() and os.access(path, os.X_OK):
            return str(path)
    return None


@functools.cache
def namespaces_available() -> bool:
    """Root, util-linux's unshare and setpriv, and a kernel (or container) that lets them work: tried once."""
    if os.geteuid() != 0 or _tool("unshare") is None or _tool("setpriv") is None:
        return False
    try:
        done = subprocess.run([_tool("unshare"), "--mount", "--pid", "--fork", "--kill-child", "--mount-proc",
                               "--propagation", "private", "--", _tool("setpriv"), "--bounding-set=-all",
                               "--inh-caps=-all", "--no-new-privs", "/bin/true"],
                              stdin=subprocess.DEVNULL, capture_output=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return done.returncode == 0


class Cgroup:
    """A memory and process-count group for one child's whole tree (v2, or v1's memory and pids), or none."""

    def __init__(self, memory_bytes: int):
        self.paths: list[Path] = []
        name = f"divbridge-impl-{os.getpid()}-{secrets.token_hex(4)}"
        unified = CGROUP_V1 / "cgroup.controllers"
        if unified.is_file():
            places = [(CGROUP_V1 / name, {"memory.max": memory_bytes, "memory.swap.max": 0,
                                          "pids.max": MAX_PROCESSES})]
        else:
            places = [(CGROUP_V1 / "memory" / name, {"memory.limit_in_bytes": memory_bytes}),
                      (CGROUP_V1 / "pids" / name, {"pids.max": MAX_PROCESSES})]
        for path, limits in places:
            try:
                path.mkdir()
            except OSError:
                continue
            self.paths.append(path)
            for key, value in limits.items():
                try:
                    (path / key).write_text(str(value))
                except OSError:
                    pass   # a controller this tree does not enable: the others still hold

    def join_command(self) -> str:
        """Shell words that move the shell running them (and so all it starts) into the groups."""
        return "".join(f"echo 0 > {shlex.quote(str(path / 'cgroup.procs'))} && " for path in self.paths)

    def remove(self) -> None:
        for path in self.paths:
            for _ in range(50):   # the tree is being killed: its processes leave the group as they die
                try:
                    for pid in (path / "cgroup.procs").read_text().split():
                        try:
                            os.kill(int(pid), signal.SIGKILL)
                        except (ProcessLookupError, ValueError):
                            pass
                    path.rmdir()
                    break
                except OSError:
                    time.sleep(0.02)
        self.paths = []


def command(inner: list[str], writable: Path, cgroup: Cgroup) -> list[str]:
    """The command line that runs ``inner`` confined (see the module's description), or ``inner`` itself
    when namespaces are not available."""
    if not namespaces_available():
        return inner
    read_only = []
    for path in (checkout.CHECKOUT, Path.cwd().resolve()):
        if path != Path("/") and not writable.resolve().is_relative_to(path) and path not in read_only:
            read_only.append(path)
    binds = "".join(f"mount --bind {shlex.quote(str(p))} {shlex.quote(str(p))} && "
                    f"mount -o remount,bind,ro {shlex.quote(str(p))} && " for p in read_only)
    script = (cgroup.join_command() + binds +
              f"exec {shlex.quote(_tool('setpriv'))} --bounding-set=-all --inh-caps=-all --no-new-privs \"$@\"")
    return [_tool("unshare"), "--mount", "--pid", "--fork", "--kill-child", "--mount-proc",
            "--propagation", "private", "--", "/bin/sh", "-c", script, "sh", *inner]


def clean_directory(directory: Path) -> None:
    """Remove the child's directory and what it left there (never following a link out of it)."""
    shutil.rmtree(directory, ignore_errors=True)

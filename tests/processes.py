"""Waiting on processes by event, never by a number of seconds: the tests that signal divbridge or code under
test wait until the processes they are about exist, and until the ones that must end are gone.

A ceiling bounds every wait so that a broken run fails instead of hanging the suite; it is generous (minutes),
because a loaded machine is slow, not wrong.  The time a signal takes to stop a run is a figure of
``make bench`` (benchmarks/bench_interrupt.py), not a test.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path

from divbridge import children

CEILING_S = 300.0   # how long an awaited event may take before the test fails
POLL_S = 0.05
# the executables divbridge runs as provers, and the solver workers (``python -m divbridge.provers.solvers``)
PROVERS = {"why3", "why3server", "z3", "cvc4", "cvc5", "bitwuzla", "gappa", "coqc", "coqtop"}
SOLVER_WORKER = "divbridge.provers.solvers"


def wait_for(found: Callable[[], object], what: str, ceiling: float = CEILING_S):
    """``found()`` once it is true (polled), else AssertionError naming ``what``."""
    deadline = time.monotonic() + ceiling
    while True:
        value = found()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not seen within {ceiling:.0f} s")
        time.sleep(POLL_S)


def command_line(pid: int) -> list[str]:
    """The process's arguments, [] once it is gone."""
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace").split("\0")[:-1]
    except OSError:
        return []


def alive(pid: int) -> bool:
    """Running, or stopped, but neither gone nor a zombie."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except (OSError, IndexError):
        return False
    return state not in ("Z", "X")


def provers_below(pid: int) -> list[int]:
    """The prover processes (a prover's executable or a solver worker) among the descendants of ``pid``."""
    found = []
    for child in children.descendants(pid):
        argv = command_line(child)
        if argv and (os.path.basename(argv[0]) in PROVERS or SOLVER_WORKER in argv):
            found.append(child)
    return found


def below_with(pid: int, marker: str) -> list[int]:
    """The descendants of ``pid`` whose command line holds ``marker`` (a path of code under test)."""
    return [child for child in children.descendants(pid) if any(marker in arg for arg in command_line(child))]


def anywhere_with(marker: str) -> list[int]:
    """Every live process whose command line holds ``marker``, whoever its parent is now (an orphan too)."""
    return [int(entry.name) for entry in Path("/proc").iterdir()
            if entry.name.isdigit() and any(marker in arg for arg in command_line(int(entry.name)))
            and alive(int(entry.name))]


def lingering(find: Callable[[], list[int]], ceiling: float = 60.0) -> list[int]:
    """``find()`` polled until it is empty (a killed process takes a moment to exit): [] when that happens
    within the ceiling, else what is still there."""
    deadline = time.monotonic() + ceiling
    while True:
        left = find()
        if not left or time.monotonic() > deadline:
            return left
        time.sleep(POLL_S)


def still_alive(pids: list[int]) -> list[int]:
    """Those of ``pids`` that do not end (see `lingering`)."""
    return lingering(lambda: [pid for pid in pids if alive(pid)])


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) the process has used, 0 once it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")   # utime, stime (fields 14, 15)


def in_a_c_kernel(pid: int, busy_s: float = 1.0) -> int | None:
    """The descendant of ``pid`` that has mapped a compiled C kernel (``.../ckernels/...``) and spent ``busy_s``
    of CPU: a kernel in an endless loop (``tests/kernels/div_fp16_hangs.c`` hangs in its first rows, which take
    milliseconds), found by what it did, not by the clock."""
    for child in children.descendants(pid):
        try:
            maps = Path(f"/proc/{child}/maps").read_text()
        except OSError:
            continue
        if "/ckernels/" in maps and cpu_seconds(child) > busy_s:
            return child
    return None

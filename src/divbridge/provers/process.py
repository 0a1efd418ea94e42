"""Wait for a prover's process within its time limit, or until another prover has won.

Every prover runs in its own process group (``start_new_session=True``) so
that a timeout or a cancellation kills it whole (why3 and its Z3, a solver
and its children).  `abort` (the runner calls it on Ctrl-C) ends every wait
of this process at once, killing its prover: the run stops in a moment, not
when its slowest prover is done.
"""

from __future__ import annotations

import os
import signal
import subprocess
import threading
import time

POLL_SECONDS = 0.05
_ABORTED = threading.Event()
_FAILURES: list[BaseException] = []   # what a thread of the run died of (a disk full under the cache)


def abort() -> None:
    _ABORTED.set()


def fail(exc: BaseException) -> None:
    """A thread of the run died of ``exc``: the run stops (every wait ends, its prover killed), and
    `raise_failure` gives the first such error to the main thread, before anything is written."""
    if not _FAILURES:
        _FAILURES.append(exc)
    abort()


def raise_failure() -> None:
    if _FAILURES:
        raise _FAILURES[0]


def aborted() -> bool:
    return _ABORTED.is_set()


def resume() -> None:
    """A new run: waits no longer end at once."""
    _ABORTED.clear()
    _FAILURES.clear()


def kill(process: subprocess.Popen) -> None:
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def communicate(process: subprocess.Popen, text: str | None, limit: float,
                cancel: threading.Event | None = None) -> tuple[str, str, str]:
    """(stdout, stderr, outcome) with outcome "done", "timeout" or "cancelled"."""
    deadline = time.monotonic() + limit
    pending_input = text
    while True:
        step = min(POLL_SECONDS, max(0.0, deadline - time.monotonic()))
        try:
            stdout, stderr = process.communicate(pending_input, timeout=step)
            return stdout or "", stderr or "", "done"
        except subprocess.TimeoutExpired:
            # the input went with the first call; a retry may not pass it again, and keeps the output
            pending_input = None
            cancelled = (cancel is not None and cancel.is_set()) or _ABORTED.is_set()
            if cancelled or time.monotonic() >= deadline:
                kill(process)
                stdout, stderr = process.communicate()
                return stdout or "", stderr or "", "cancelled" if cancelled else "timeout"

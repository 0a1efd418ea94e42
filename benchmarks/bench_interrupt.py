"""How soon a signal stops a run: the figures the tests no longer time (tests/test_untrusted.py,
tests/test_edge.py and tests/test_unspoilable.py check that the run stops and leaves nothing; how soon is here).

Each case starts the command, waits by event until the processes it is about are at work (the C kernel's
child in its endless loop, the provers), sends the signal, and times the command's exit.  Targets: Ctrl-C
during a hanging C kernel within 2 s, Ctrl-C or SIGTERM during a proof run within 3 s.  Three runs each:
the median and the slowest, with the load average at the start (the machine is shared).
"""

from __future__ import annotations

import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
import processes  # noqa: E402  (the tests' waiting by event: one home)

RUNS = 3
HANGING_KERNEL = ["conform", "--impl", f"{ROOT}/tests/kernels/div_fp16_hangs.c:div_fp16", "--dtype", "fp16",
                  "--exhaustive"]


def _proof_run(out: Path) -> list[str]:
    return ["prove", "--no-cache", "--no-crosscheck", "--only", "float.fp64.*", "--out", str(out)]


def _stop_s(args: list[str], signum: int, at_work, cache: Path) -> float:
    """Seconds from ``signum`` to the command's exit, once ``at_work(pid)`` finds its processes."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "DIVBRIDGE_CACHE": str(cache)}
    process = subprocess.Popen([sys.executable, "-m", "divbridge.cli", *args], cwd=ROOT, env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))   # as in a terminal
    try:
        processes.wait_for(lambda: at_work(process.pid), "the processes at work")
        started = time.perf_counter()
        process.send_signal(signum)
        process.wait()
        return time.perf_counter() - started
    finally:
        process.kill()


def _case(make_args, signum: int, at_work, target_s: float) -> dict:
    load = round(os.getloadavg()[0], 2)
    times = []
    for _ in range(RUNS):
        with tempfile.TemporaryDirectory() as scratch:
            times.append(_stop_s(make_args(Path(scratch) / "out"), signum, at_work, Path(scratch) / "cache"))
    return {"median_s": round(statistics.median(times), 2), "max_s": round(max(times), 2), "runs": RUNS,
            "target_s": target_s, "load": load}


def run() -> dict:
    return {
        "ctrl_c_hanging_c_kernel": _case(lambda out: HANGING_KERNEL, signal.SIGINT, processes.in_a_c_kernel, 2.0),
        "ctrl_c_proof_run": _case(_proof_run, signal.SIGINT, processes.provers_below, 3.0),
        "sigterm_proof_run": _case(_proof_run, signal.SIGTERM, processes.provers_below, 3.0),
    }

"""Exhaustive FP16 conformance of a user's C kernel (`divbridge conform --impl kernel.c:FUNC
--dtype fp16 --exhaustive`): all 2^32 pairs through the kernel, judged against the exhaustive
engine's reference, 256 numerators per call.  Target: 60 s on 2 cores.

Each figure is measured in a subprocess running one source tree: this one ("after") and,
with BENCH_BASE set to a worktree of the code before issue 13c (`git worktree add
../wt13c-base d61a577`), that one ("before"), in the same run.  ``check_exhaustive_s`` is
the engine alone (numba compiled and cached first); ``command_s`` the whole command,
Python start-up, compilation cache, vector sets and the kernel's child process included.
The load average is recorded beside each figure: this machine is shared.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

from divbridge.conform.ckernel import compiler

ROOT = Path(__file__).resolve().parent.parent
KERNEL = ROOT / "tests" / "kernels" / "div_fp16_via_fp32.c"
CFLAGS = "-O2 -mf16c"   # hardware FP16 conversions (x86-64 F16C); gcc 12 calls libgcc without it


def _measure() -> dict:
    """The figures of the divbridge on sys.path (run in the subprocess)."""
    from divbridge.conform import conformance
    from divbridge.conform.impls import load_impl
    from divbridge.formats import FP16
    start = time.perf_counter()
    impl = load_impl(f"{KERNEL}:div_fp16", CFLAGS)
    compile_s = time.perf_counter() - start
    conformance.check_exhaustive(impl, FP16, numerators=range(0, 256))   # numba compile or cache load
    load = _load()
    start = time.perf_counter()
    report = conformance.check_exhaustive(impl, FP16)
    return {"compile_or_cache_s": round(compile_s, 2), "fp16_pairs": sum(report.vectors.values()),
            "fp16_mismatches": report.mismatches, "fp16_conforms": report.conforms,
            "check_exhaustive_s": round(time.perf_counter() - start, 2), "check_exhaustive_load": load}


def _tree(source: Path) -> dict:
    """The figures of the source tree ``source``, each in a fresh process."""
    env = dict(os.environ, PYTHONPATH=str(source / "src"))
    done = subprocess.run([sys.executable, __file__], env=env, capture_output=True, text=True, check=True)
    figures = json.loads(done.stdout)
    load = _load()
    start = time.perf_counter()
    command = subprocess.run([sys.executable, "-m", "divbridge.cli", "conform", "--impl", f"{KERNEL}:div_fp16",
                              "--dtype", "fp16", "--exhaustive", f"--cflags={CFLAGS}"],
                             env=env, capture_output=True, text=True, check=False)
    figures.update({"command_s": round(time.perf_counter() - start, 2), "command_exit": command.returncode,
                    "command_load": load})
    return figures


def _load() -> float:
    return round(os.getloadavg()[0], 2)


def run() -> dict:
    base = os.environ.get("BENCH_BASE")
    figures = {"kernel": f"{KERNEL.name}:div_fp16 [{CFLAGS}] via {compiler()}", "target": "fp16 exhaustive <= 60 s on 2 cores",
               "after": _tree(ROOT)}
    if base:
        figures["before"] = _tree(Path(base))
    return figures


if __name__ == "__main__":
    print(json.dumps(_measure()))

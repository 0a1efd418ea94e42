"""`divbridge prove` of every document of proofs/spec/ (on one pool) against the Div-only run, measured in the same
run (issues 37 and 45).

Targets: a cold run of every document (empty proof cache) within 3 minutes on 2 cores (issue 45; issue 37's
four documents had to stay within 2.5 times the Div-only cold run: the ratio is still recorded); a warm run of
every document (everything cached, the up-to-date check standing on each document's stamp) at most 1 s.  The
warm run is also measured in full (the stamps removed first: every document read, every theory rendered, every
answer looked up).  Each cold run has a fresh cache (every cache: DIVBRIDGE_CACHE too) and output directory,
never the project's; the pairs of cold runs alternate their order (BENCH_PAIRS, default 1), and each figure has
the machine's load average beside it: this machine is shared.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DIVBRIDGE = [sys.executable, "-m", "divbridge.cli"]
DIV_ONLY = ("--spec", "proofs/spec/div.md")
WARM_RUNS = 5


def _prove(tmp: Path, *extra: str) -> tuple[float, int]:
    """One `divbridge prove` into ``tmp``/proofs with the cache under ``tmp``, from the project's root (its
    proofs/spec/); wall time (Python start-up included) and exit code."""
    env = dict(os.environ, DIVBRIDGE_CACHE=str(tmp / "root"))
    started = time.perf_counter()
    done = subprocess.run([*DIVBRIDGE, "prove", "--out", str(tmp / "proofs"), "--cache-dir", str(tmp / "cache"),
                           *extra], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False,
                          env=env)
    return time.perf_counter() - started, done.returncode


def _load() -> float:
    return round(os.getloadavg()[0], 2)


def _cold(*extra: str) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        load = _load()
        seconds, code = _prove(Path(tmp), *extra)
        return {"s": round(seconds, 1), "exit": code, "load": load}


def _obligations(out: Path) -> dict[str, int]:
    """Each document's obligations, by its results file under ``out`` (Div's in it, the others' in theirs)."""
    found = {"div": out / "results.json", **{p.parent.name: p for p in sorted(out.glob("*/results.json"))}}
    return {name: len(json.loads(path.read_text())["obligations"]) for name, path in found.items()}


def run() -> dict:
    pairs = int(os.environ.get("BENCH_PAIRS", "1"))
    figures: dict = {"targets": {"all_cold_s": 180, "all_warm_s": 1}}
    cold = []
    for index in range(pairs):   # alternate which goes first: the load of the machine drifts
        order = [("div", DIV_ONLY), ("all", ())] if index % 2 == 0 else [("all", ()), ("div", DIV_ONLY)]
        cold.append({name: _cold(*extra) for name, extra in order})
    figures["cold"] = cold
    ratios = [pair["all"]["s"] / pair["div"]["s"] for pair in cold]
    figures["all_cold_over_div_cold"] = round(statistics.median(ratios), 2)
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        _prove(tmp)   # cold, then warm from here on
        figures["obligations"] = _obligations(tmp / "proofs")
        _prove(tmp)   # the first warm run leaves the stamps of any document proved again
        figures["all_warm_load"] = _load()
        warm = [_prove(tmp) for _ in range(WARM_RUNS)]
        figures["all_warm_s"] = round(statistics.median(seconds for seconds, _ in warm), 2)
        figures["all_warm_exit"] = warm[-1][1]
        full = []
        for _ in range(WARM_RUNS):
            shutil.rmtree(tmp / "cache" / "runs", ignore_errors=True)
            full.append(_prove(tmp)[0])
        figures["all_warm_full_s"] = round(statistics.median(full), 2)
        figures["all_warm_full_load"] = _load()
    return figures

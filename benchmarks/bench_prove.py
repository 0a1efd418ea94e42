"""`divbridge prove` speed: cold and warm runs, each SMT solver beside the portfolio, the via-FP32 theorems.

Targets (issue 4): cold prove of everything < 120 s on 2 cores, warm (all
cache hits) < 3 s, each 16-bit via-FP32 theorem < 60 s.  The cold and warm
runs use a fresh cache directory and output directory, never the project's.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from divbridge.obligations.catalog import spec_obligations
from divbridge.obligations.strategies import strategy_obligations
from divbridge.provers import solvers
from divbridge.provers.exhaustive import ExhaustiveBackend
from divbridge.provers.smt import SmtBackend

DIVBRIDGE = [sys.executable, "-m", "divbridge.cli"]
# obligations every solver can read (no reals, no BF16, no integer arithmetic), easy and hard mixed
SAMPLE = ("float.fp16.special.*", "float.fp32.generic.*", "float.fp64.special.*", "int.int32.*", "float.fp32.strategy.*")
SAMPLE_TIMEOUT = 20.0


def _prove(out: Path, cache: Path, *extra: str) -> tuple[float, dict]:
    started = time.perf_counter()
    subprocess.run([*DIVBRIDGE, "prove", "--out", str(out), "--cache-dir", str(cache), *extra],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    elapsed = time.perf_counter() - started
    results = json.loads((out / "results.json").read_text())
    return elapsed, results


def _cold_and_warm() -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        out, cache = Path(tmp) / "proofs", Path(tmp) / "cache"
        cold_s, cold = _prove(out, cache)
        warm_s, warm = _prove(out, cache)
        offline_s, offline = _prove(out, cache, "--offline")
    # a warm run proves again what the cache cannot hold (timeouts and unknowns are never cached);
    # the offline run is the pure cache-hit path: every decided obligation answered from the cache
    return {
        "cold_s": round(cold_s, 1), "cold_target_s": 120,
        "cold_as_expected": cold["summary"].get("as_expected"), "obligations": cold["summary"].get("total"),
        "warm_s": round(warm_s, 2), "warm_target_s": 3,
        "warm_cached": sum(1 for o in warm["obligations"] if o["cached"]),
        "warm_offline_s": round(offline_s, 2),
        "warm_offline_cached": sum(1 for o in offline["obligations"] if o["cached"]),
    }


def _solvers_beside_portfolio() -> dict:
    import fnmatch
    obligations = [o for o in spec_obligations() + strategy_obligations()
                   if any(fnmatch.fnmatchcase(o.id, p) for p in SAMPLE)]
    figures: dict = {"sample": len(obligations), "sample_timeout_s": SAMPLE_TIMEOUT}
    with tempfile.TemporaryDirectory() as tmp:
        for name, chosen in [(s, (s,)) for s in solvers.SOLVERS] + [("portfolio", tuple(solvers.SOLVERS))]:
            backend = SmtBackend(chosen)
            total, definite = 0.0, 0
            for group in backend.prepare(obligations, Path(tmp), set(chosen)):
                started = time.perf_counter()
                attempts = backend.run_group(group, SAMPLE_TIMEOUT, 1)
                total += time.perf_counter() - started
                definite += any(a.verdict in ("proved", "refuted") for a in attempts)
            figures[f"{name}_s"] = round(total, 1)
            figures[f"{name}_definite"] = definite
    return figures


def _via_fp32() -> dict:
    figures = {}
    backend = ExhaustiveBackend()
    with tempfile.TemporaryDirectory() as tmp:
        for group in backend.prepare(strategy_obligations(), Path(tmp), {"exhaustive"}):
            [attempt] = backend.run_group(group, 600.0, 1)
            fmt = group[0].obligation.format
            figures[f"via_fp32_{fmt}_s"] = attempt.time_s
            figures[f"via_fp32_{fmt}_verdict"] = attempt.verdict
    figures["via_fp32_target_s"] = 60
    return figures


def run() -> dict:
    return {**_via_fp32(), **_solvers_beside_portfolio(), **_cold_and_warm()}

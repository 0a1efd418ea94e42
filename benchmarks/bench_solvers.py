"""The provers one by one: each SMT solver beside the portfolio on a sample, and the via-FP32 theorems.

Target (issue 4): each 16-bit via-FP32 theorem < 60 s.  Moved out of bench_prove.py so that
`benchmarks/run.py prove` measures the cold and warm proof runs alone.
"""

from __future__ import annotations

import fnmatch
import tempfile
import time
from pathlib import Path

from divbridge import operators
from divbridge.obligations.catalog import spec_obligations
from divbridge.obligations.strategies import strategy_obligations
from divbridge.provers import solvers
from divbridge.provers.enumeration.backend import ExhaustiveBackend
from divbridge.provers.smt import SmtBackend

DIV = operators.get("Div")   # the operator these figures have always measured: its document and strategies

# obligations every solver can read (no reals, no BF16, no integer arithmetic), easy and hard mixed
SAMPLE = ("float.fp16.special.*", "float.fp32.generic.*", "float.fp64.special.*", "int.int32.*", "float.fp32.strategy.*")
SAMPLE_TIMEOUT = 20.0


def _solvers_beside_portfolio() -> dict:
    obligations = [o for o in spec_obligations(operators.spec_document(DIV)) + strategy_obligations(DIV)
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
        for group in backend.prepare(strategy_obligations(DIV), Path(tmp), {"exhaustive"}):
            [attempt] = backend.run_group(group, 600.0, 1)
            fmt = group[0].obligation.format
            figures[f"via_fp32_{fmt}_s"] = attempt.time_s
            figures[f"via_fp32_{fmt}_verdict"] = attempt.verdict
    figures["via_fp32_target_s"] = 60
    return figures


def run() -> dict:
    return {**_via_fp32(), **_solvers_beside_portfolio()}

"""Cold wall time of proving every Why3 goal (why3 + Z3, no cache, 2 workers), and per-family times."""

from __future__ import annotations

import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from divbridge import operators
from divbridge.obligations.catalog import spec_obligations
from divbridge.provers.why3 import Why3Backend

DIV = operators.get("Div")   # the operator these figures have always measured: its document and strategies

WORKERS = 2
TIMEOUT_S = 20.0


def run() -> dict:
    backend = Why3Backend()
    with tempfile.TemporaryDirectory() as scratch:
        started = time.monotonic()
        groups = backend.prepare(spec_obligations(operators.spec_document(DIV)), Path(scratch), {"why3"})

        def prove(group):
            begun = time.monotonic()
            attempt = backend.run_group(group, TIMEOUT_S, 1)[0]
            return group[0].obligation, attempt, time.monotonic() - begun

        with ThreadPoolExecutor(WORKERS) as pool:
            outcomes = list(pool.map(prove, groups))
        wall = time.monotonic() - started
    figures: dict = {"goals": len(outcomes), "workers": WORKERS, "timeout_s": TIMEOUT_S,
                     "cold_wall_s": round(wall, 1)}
    for verdict in ("proved", "refuted", "unknown", "timeout", "error"):
        figures[f"{verdict}"] = sum(1 for _, a, _ in outcomes if a.verdict == verdict)
    figures["as_expected"] = sum(1 for o, a, _ in outcomes
                                 if (o.expect, a.verdict) in (("valid", "proved"), ("invalid", "refuted")))
    families: dict[str, float] = {}
    for obligation, _, seconds in outcomes:
        key = obligation.family if obligation.family in ("real", "shape") else f"{obligation.family}.{obligation.format}"
        families[key] = families.get(key, 0.0) + seconds
    figures["family_s"] = {k: round(v, 1) for k, v in sorted(families.items())}
    figures["not_as_expected"] = sorted(o.id for o, a, _ in outcomes
                                        if (o.expect, a.verdict) not in (("valid", "proved"), ("invalid", "refuted")))
    return figures

"""The Coq proofs: time of each, cold (no cache), one at a time.

The generic theorems are libraries compiled once: the first instance of each
library pays for its compile, the others only instantiate it.

They replace bit-blasting for the claims with two dividers in one query (no SMT
answer in 10 minutes for FP32 and FP64) and the 16-bit enumerations (about 10 s
each); the target is a few seconds per proof on this 2-core machine.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from divbridge import operators
from divbridge.obligations.catalog import spec_obligations
from divbridge.obligations.strategies import strategy_obligations
from divbridge.provers.coq import CoqBackend, Libraries, handles, prove

DIV = operators.get("Div")   # the operator these figures have always measured: its document and strategies

TIMEOUT = 120.0


def run() -> dict:
    backend = CoqBackend()
    figures: dict = {"version": backend.versions()["coq"]}
    with tempfile.TemporaryDirectory() as store:
        # no library compiled yet: the first instance of each library includes its compile, as in a cold run
        libraries = Libraries(store=Path(store))
        attempts = {obligation.id: prove(backend.render(obligation), TIMEOUT, libraries=libraries)
                    for obligation in filter(handles, spec_obligations(operators.spec_document(DIV)) + strategy_obligations(DIV))}
    for obligation_id, attempt in attempts.items():
        figures[f"{obligation_id}_s"] = attempt.time_s if attempt.verdict == "proved" else attempt.verdict
    times = [value for key, value in figures.items() if key.endswith("_s") and isinstance(value, float)]
    figures["proved"] = len(times)
    figures["total_s"] = round(sum(times), 1)
    return figures

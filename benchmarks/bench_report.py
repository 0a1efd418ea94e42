"""How long `divbridge report` takes: building the report model and rendering the four outputs.

Uses proofs/results.json when a proof run has written it; otherwise every
catalogue obligation with a synthetic "proved by z3" answer (the reporters'
cost depends on the number of obligations and artifacts, not on verdicts).
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from divbridge import results as results_model
from divbridge import operators
from divbridge.obligations.catalog import spec_obligations
from divbridge.provers.verdicts import Attempt, ObligationResult, combine
from divbridge.report import REPORTERS, build, write_reports
from divbridge.results import Results

DIV = operators.get("Div")   # the operator these figures have always measured: its document and strategies

ROOT = Path(__file__).resolve().parents[1]


def _results() -> tuple[Results, str]:
    path = ROOT / results_model.DEFAULT_PATH
    if path.exists():
        return results_model.load(path), str(results_model.DEFAULT_PATH)
    synthetic = [ObligationResult(ob, combine([Attempt("z3", "proved", 0.1, version="synthetic")]))
                 for ob in spec_obligations(operators.spec_document(DIV))]
    return Results(synthetic), "synthetic (no proofs/results.json)"


def run() -> dict:
    results, source = _results()
    figures: dict = {"source": source, "obligations": len(results.obligations)}
    start = time.perf_counter()
    model = build(results, [ROOT])
    figures["build_model_s"] = round(time.perf_counter() - start, 4)
    for reporter in REPORTERS:
        start = time.perf_counter()
        text = reporter().render(model)
        figures[f"render_{reporter.filename}_s"] = round(time.perf_counter() - start, 4)
        figures[f"size_{reporter.filename}_bytes"] = len(text.encode())
    with tempfile.TemporaryDirectory() as out:
        start = time.perf_counter()
        write_reports(results, out, [ROOT])
        figures["write_reports_total_s"] = round(time.perf_counter() - start, 4)
    return figures

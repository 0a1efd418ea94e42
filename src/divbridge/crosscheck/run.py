"""The cross-check: every proved obligation evaluated on concrete vectors (the peers are `conform.table`'s).

`run_crosscheck(results)` fills each proved obligation's ``crosscheck``
entry ({"vectors", "failures", "first_failure"}) and returns what
``results.json`` records of the run.
"""

from __future__ import annotations

import time
from typing import Any

from divbridge import operators, statements
from divbridge.crosscheck import predicates, vectors
from divbridge.formats import get_format


def run_crosscheck(results, seed: int = vectors.DEFAULT_SEED, document: str | None = None) -> dict[str, Any]:
    """``document``: a spec document whose worked examples replace seed 000's as vectors."""
    start = time.perf_counter()
    sets: dict[str, list] = {}
    counts: dict[str, int] = {}
    entries = []
    for result in results.obligations:
        # proved properties, and open claims (the vectors are then the only evidence)
        if result.verdict != "proved" and result.status != "open":
            continue
        obligation = result.obligation
        if vectors.on_pairs(obligation) and obligation.format not in sets:
            sets[obligation.format] = vectors.vector_sets(get_format(obligation.format), seed, results, document,
                                                          op=operators.of_obligation_name(obligation.operator))
            for s in sets[obligation.format]:
                counts[s.source] = counts.get(s.source, 0) + len(s)
        try:
            run, failures, first = predicates.evaluate(obligation, sets.get(obligation.format, []))
        except statements.NotEncoded:
            run, failures, first = 0, 1, f"no executable predicate for prop '{obligation.prop}'"
        result.crosscheck = {"vectors": run, "failures": failures, "first_failure": first}
        entries.append({"id": result.id, **result.crosscheck})
    return {"seed": seed, "vectors": counts, "obligations": entries,
            "failures": sum(e["failures"] for e in entries), "seconds": round(time.perf_counter() - start, 3)}

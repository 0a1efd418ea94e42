"""What a run proved again, and why: each prover's answer that the proof cache did not give, with the reason
the cache had none, found against the run before it (the results.json it replaces).

- ``new statement``: no obligation of that id in the run before;
- ``changed statement``: the obligation states something else (its statement, parameters, expectation or
  provers; not its title, tags or lines, which only cite the document);
- ``changed tool``: the same claim, but the prover that answered it before (why3+z3, gappa+coq: the same pair
  of tools) had another version;
- ``not in the cache``: the same claim and tool (the cache emptied, another --cache-dir, or a context that
  changed around the claim: a Why3 goal's module).

A stopped attempt (another prover answered first) is no answer and is not counted.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable

from divbridge.obligations.model import Obligation
from divbridge.provers.verdicts import Attempt, ObligationResult

REASONS = ("new statement", "changed statement", "changed tool", "not in the cache")
CITATIONS = ("title", "requirements", "lines")   # what an obligation says of the document, not what it claims
SHOWN = 6   # the obligations a reason names, at most


def proved_again(results: Iterable[ObligationResult]) -> list[tuple[ObligationResult, Attempt]]:
    """Each answer of the run that a prover gave (not the cache)."""
    return [(result, attempt) for result in results for attempt in result.outcome.attempts
            if not attempt.cached and attempt.verdict != "skipped"]


def reasons(results: Iterable[ObligationResult], before: Iterable[ObligationResult] | None
            ) -> dict[str, list[tuple[str, str]]]:
    """Reason -> the (obligation id, prover) answers proved again for it, against the run ``before`` (None:
    no run before, every statement new)."""
    earlier = {result.id: result for result in before or ()}
    found: dict[str, list[tuple[str, str]]] = {}
    for result, attempt in proved_again(results):
        found.setdefault(_reason(result.obligation, attempt, earlier.get(result.id)), []).append(
            (result.id, attempt.prover))
    return {reason: found[reason] for reason in REASONS if reason in found}


def _reason(obligation: Obligation, attempt: Attempt, before: ObligationResult | None) -> str:
    if before is None:
        return "new statement"
    if _claim(before.obligation) != _claim(obligation):
        return "changed statement"
    if any(old.prover == attempt.prover and old.version and old.version != attempt.version
           for old in before.outcome.attempts):
        return "changed tool"
    return "not in the cache"


def _claim(obligation: Obligation) -> dict:
    claim = obligation.to_json()
    for citation in CITATIONS:
        claim.pop(citation)
    return claim


def line(results: list[ObligationResult], before: Iterable[ObligationResult] | None) -> str:
    """One line for prove's output: how many answers were proved again, by reason, naming the obligations."""
    answered = sum(attempt.verdict != "skipped" for result in results for attempt in result.outcome.attempts)
    found = reasons(results, before)
    count = sum(len(tasks) for tasks in found.values())
    if not count:
        return f"proved again: nothing; all {answered} answers from the proof cache"
    parts = []
    for reason, tasks in found.items():
        ids = list(Counter(obligation for obligation, _ in tasks))
        shown = ", ".join(ids[:SHOWN]) + (f" and {len(ids) - SHOWN} more" if len(ids) > SHOWN else "")
        parts.append(f"{len(tasks)} {reason} ({shown})")
    return f"proved again: {count} of {answered} answers: " + "; ".join(parts)

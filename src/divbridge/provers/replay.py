"""Replay the evidence of ``proofs/results.json``: every recorded proof (and every
recorded refutation) is run again with the prover that gave it, the cache off,
and must come back with the same verdict from the same prover version.

The obligation run is the one recorded (results.json holds it whole).  Fails
closed: a missing prover, a different version, an obligation that the
document no longer states (or states otherwise now), an answer that no longer
comes, or a different answer is a failure, never a pass.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, TextIO

from divbridge.errors import ToolMissing
from divbridge.obligations.model import Obligation
from divbridge.provers.runner import Backend, RunOptions, Runner
from divbridge.provers.verdicts import DEFINITE, Attempt


class NoCache:
    """A replay never reads or writes the proof cache."""

    mode = "off"

    def lookup(self, task, version, time_limit=None):
        return None

    def store(self, task, version, attempt, time_limit=None):
        pass


@dataclass(frozen=True)
class ReplayFailure:
    obligation: str
    prover: str
    reason: str

    def __str__(self) -> str:
        return f"{self.obligation}: {self.prover}: {self.reason}"


def prover_option(prover: str) -> str:
    """The `--provers` name of an attempt's prover: why3+z3 is run by the why3 backend."""
    return prover.split("+")[0]


def recorded_evidence(recorded) -> dict[str, list[tuple[Obligation, Attempt]]]:
    """prover -> [(obligation, attempt)] for every attempt that gave its obligation's definite verdict."""
    evidence: dict[str, list[tuple[Obligation, Attempt]]] = {}
    for result in recorded.obligations:
        if result.verdict not in DEFINITE:
            continue
        for attempt in result.attempts:
            if attempt.verdict == result.verdict:
                evidence.setdefault(attempt.prover, []).append((result.obligation, attempt))
    return evidence


def replay(recorded, catalogue: list[Obligation], backends_for: Callable[[set[str]], list[Backend]],
           options: RunOptions, out_dir: Path, stream: TextIO | None = None) -> tuple[int, list[ReplayFailure]]:
    """Re-run every recorded definite attempt of ``recorded`` (a `results.Results`: its obligations,
    verdicts and attempts) on its recorded obligation, which ``catalogue`` (what the document states now)
    must still hold as recorded; returns how many were replayed and the failures."""
    stream = stream or sys.stdout   # looked up now: sys.stdout may be replaced after import
    current = {o.id: o.to_json() for o in catalogue}
    failures: list[ReplayFailure] = []
    replayed = 0
    for prover, entries in sorted(recorded_evidence(recorded).items()):
        known = [(o, attempt) for o, attempt in entries if current.get(o.id) == o.to_json()]
        failures += [ReplayFailure(o.id, prover, "obligation no longer in the catalogue" if o.id not in current
                                   else "the document states it otherwise now (prove it again)")
                     for o, attempt in entries if current.get(o.id) != o.to_json()]
        if not known:
            continue
        print(f"replay: {len(known)} obligation(s) with {prover}", file=stream, flush=True)
        name = prover_option(prover)
        runner = Runner(backends_for({name}), NoCache(),
                        RunOptions(timeout=options.timeout, agree=1, jobs=options.jobs, grace=0.0,
                                   provers={name}), out_dir, stream)
        try:
            fresh, _ = runner.run([o for o, _ in known])
        except ToolMissing as exc:
            failures += [ReplayFailure(o.id, prover, f"prover missing ({exc})") for o, _ in known]
            continue
        answers = {r.id: {a.prover: a for a in r.attempts} for r in fresh}
        for obligation, attempt in known:
            oid = obligation.id
            replayed += 1
            again = answers[oid].get(prover)
            if not attempt.version:
                failures.append(ReplayFailure(oid, prover, "no version recorded: the proof cannot be replayed"))
            elif again is None:
                failures.append(ReplayFailure(oid, prover, "the prover gave no answer"))
            elif again.version != attempt.version:
                failures.append(ReplayFailure(oid, prover, f"version {again.version or '(unknown)'} installed, "
                                              f"{attempt.version} recorded"))
            elif again.verdict != attempt.verdict:
                detail = f" ({again.message})" if again.message else ""
                failures.append(ReplayFailure(oid, prover, f"{again.verdict}, recorded {attempt.verdict}{detail}"))
    return replayed, failures

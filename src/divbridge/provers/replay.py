"""Replay the evidence of ``proofs/results.json``: every recorded proof (and every
recorded refutation) is run again with the prover that gave it, the cache off,
and must come back with the same verdict from the same prover version.
A proof Why3 gave is replayed from the Why3 session of its theory
(`why3session.replay_recorded`: plain ``why3 replay``), not searched for again.

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
from divbridge.provers.verdicts import DEFINITE, Attempt, is_why3


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


def skipped(recorded, ids: set[str], provers: set[str]) -> list[str]:
    """The recorded proofs and refutations (``obligation: prover``) a replay of the obligations ``ids`` with
    ``provers`` leaves out."""
    return [f"{o.id}: {prover}" for prover, entries in sorted(recorded_evidence(recorded).items())
            for o, _ in entries if o.id not in ids or prover_option(prover) not in provers]


def replay(recorded, catalogue: list[Obligation], backends_for: Callable[[set[str]], list[Backend]],
           options: RunOptions, out_dir: Path, stream: TextIO | None = None,
           sessions: Path | None = None, provers: set[str] | None = None) -> tuple[int, list[ReplayFailure]]:
    """Re-run every recorded definite attempt of ``recorded`` (a `results.Results`: its obligations,
    verdicts and attempts) on its recorded obligation, which ``catalogue`` (what the document states now)
    must still hold as recorded; returns how many were replayed and the failures.  With ``sessions`` (the
    directory of the Why3 sessions beside results.json) Why3's proofs replay from their sessions; with
    ``provers`` (`--provers` names) only the attempts of those (`skipped` counts the others)."""
    stream = stream or sys.stdout   # looked up now: sys.stdout may be replaced after import
    current = {o.id: o.to_json() for o in catalogue}
    failures: list[ReplayFailure] = []
    replayed = 0
    for prover, entries in sorted(recorded_evidence(recorded).items()):
        if provers is not None and prover_option(prover) not in provers:
            continue
        known = [(o, attempt) for o, attempt in entries if current.get(o.id) == o.to_json()]
        failures += [ReplayFailure(o.id, prover, "obligation no longer in the catalogue" if o.id not in current
                                   else "the document states it otherwise now (prove it again)")
                     for o, attempt in entries if current.get(o.id) != o.to_json()]
        if not known:
            continue
        if sessions is not None and is_why3(prover):   # proofs from the sessions; refutations run again
            proofs = [(o, attempt) for o, attempt in known if attempt.verdict == "proved"]
            known = [(o, attempt) for o, attempt in known if attempt.verdict != "proved"]
            if proofs:
                print(f"replay: {len(proofs)} proof(s) with {prover}, from the Why3 sessions in {sessions}/",
                      file=stream, flush=True)
                replayed += len(proofs)
                failures += _replay_sessions(recorded, proofs, sessions)
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


def _replay_sessions(recorded, known: list[tuple[Obligation, Attempt]], sessions: Path) -> list[ReplayFailure]:
    from divbridge.provers.why3 import Why3Backend
    from divbridge.provers.why3session import replay_recorded
    try:
        versions = Why3Backend().versions()
    except ToolMissing as exc:
        return [ReplayFailure(o.id, a.prover, f"prover missing ({exc})") for o, a in known]
    artifacts = {r.id: r.artifacts.get("why3", "") for r in recorded.obligations}
    return [ReplayFailure(*failure) for failure in replay_recorded(known, artifacts, sessions, versions)]

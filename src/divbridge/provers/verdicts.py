"""Verdicts, prover attempts, and how several attempts make one verdict.

Honesty rule: only a definite answer of a prover that ran counts.  A
timeout, an unknown, a crash or a missing prover never counts as proved,
and two provers that contradict each other make an `error`.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

VERDICTS = ("proved", "refuted", "unknown", "timeout", "error", "skipped")
DEFINITE = ("proved", "refuted")


@dataclass
class Attempt:
    """One prover's answer on one obligation."""

    prover: str                  # why3+z3 | z3 | cvc5 | bitwuzla | exhaustive
    verdict: str                 # one of VERDICTS
    time_s: float
    cached: bool = False
    version: str = ""
    counterexample: dict[str, Any] | None = None
    message: str = ""            # why it is not definite: the prover's words

    def __post_init__(self) -> None:
        if self.verdict not in VERDICTS:
            raise ValueError(f"unknown verdict {self.verdict}")

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Attempt":
        return cls(**data)


@dataclass
class Outcome:
    """The verdict of one obligation over all its attempts."""

    verdict: str
    prover: str
    time_s: float
    cached: bool
    counterexample: dict[str, Any] | None
    attempts: list[Attempt] = field(default_factory=list)
    message: str = ""


def combine(attempts: list[Attempt], agree: int = 1) -> Outcome:
    """One verdict from several attempts.

    ``proved``/``refuted`` need ``agree`` provers giving that answer and none
    giving the other; disagreement is an ``error``.  Otherwise the most
    informative non-definite verdict is kept (timeout > unknown > error > skipped).
    """
    # prover order, not race order: the same answers give the same outcome (results.json is byte-stable)
    attempts = sorted(attempts, key=lambda a: a.prover)
    total_time = round(sum(a.time_s for a in attempts), 3)
    cached = bool(attempts) and all(a.cached for a in attempts)
    proved = [a for a in attempts if a.verdict == "proved"]
    refuted = [a for a in attempts if a.verdict == "refuted"]
    if proved and refuted:
        names = ", ".join(f"{a.prover}: {a.verdict}" for a in proved + refuted)
        return Outcome("error", ", ".join(a.prover for a in attempts), total_time, cached,
                       refuted[0].counterexample, attempts, f"provers disagree ({names})")
    for winners, verdict in ((proved, "proved"), (refuted, "refuted")):
        if len(winners) >= agree and winners:
            witness = next((a.counterexample for a in winners if a.counterexample), None)
            return Outcome(verdict, ", ".join(a.prover for a in winners), min(a.time_s for a in winners),
                           all(a.cached for a in winners), witness, attempts)
        if winners:
            return Outcome("unknown", ", ".join(a.prover for a in winners), total_time, cached,
                           winners[0].counterexample, attempts,
                           f"only {len(winners)} of the {agree} agreeing provers required answered {verdict}")
    for verdict in ("timeout", "unknown", "error", "skipped"):
        matching = [a for a in attempts if a.verdict == verdict]
        if matching:
            return Outcome(verdict, ", ".join(a.prover for a in matching), total_time, cached, None,
                           attempts, "; ".join(a.message for a in matching if a.message))
    return Outcome("skipped", "none", 0.0, False, None, attempts, "no prover attempted it")


def as_expected(verdict: str, expect: str) -> bool:
    """An obligation passes only when a definite verdict matches what it expects."""
    return (expect, verdict) in (("valid", "proved"), ("invalid", "refuted"))

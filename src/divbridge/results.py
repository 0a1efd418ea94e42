"""The results model: one entry per obligation, read by reports, audit and CI.

``proofs/results.json`` keeps these keys stable (schema version 1):
``{"schema_version", "generated_at", "divbridge_version", "command", "machine",
"tool_versions", "obligations": [...], "summary": {...}, "crosscheck": ...}``.
"""

from __future__ import annotations

import json
import platform
import sys
from collections import Counter
from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from divbridge import __version__
from divbridge.atomicio import write_json_atomic
from divbridge.errors import InputError
from divbridge.obligations.model import Obligation
from divbridge.provers.verdicts import VERDICTS, Attempt, Outcome, as_expected

SCHEMA_VERSION = 1
DEFAULT_PATH = Path("proofs/results.json")


@dataclass
class ObligationResult:
    id: str
    title: str
    family: str
    format: str
    kind: str
    requirements: list[str]
    statement: str
    expect: str
    verdict: str
    prover: str
    time_s: float
    cached: bool
    counterexample: dict[str, Any] | None
    attempts: list[Attempt] = field(default_factory=list)
    message: str = ""
    artifacts: dict[str, str] = field(default_factory=dict)   # backend -> rendered file (and goal)
    crosscheck: dict[str, Any] | None = None                  # vectors, failures, first_failure
    open: str = ""                                            # why the claim is left open, if it is

    @property
    def as_expected(self) -> bool:
        return as_expected(self.verdict, self.expect)

    @property
    def status(self) -> str:
        """"as expected"; "open" (an open claim still unsettled: never proved, but no
        failure either); or "not as expected"."""
        if self.as_expected:
            return "as expected"
        if self.open and self.verdict in ("timeout", "unknown"):
            return "open"
        return "not as expected"

    @property
    def settled(self) -> bool:
        return self.status != "not as expected"

    @classmethod
    def from_outcome(cls, obligation: Obligation, outcome: Outcome,
                     artifacts: dict[str, str] | None = None) -> "ObligationResult":
        return cls(
            id=obligation.id, title=obligation.title, family=obligation.family,
            format=obligation.format, kind=obligation.kind,
            requirements=list(obligation.requirements), statement=obligation.statement,
            expect=obligation.expect, verdict=outcome.verdict, prover=outcome.prover,
            time_s=outcome.time_s, cached=outcome.cached,
            counterexample=outcome.counterexample, attempts=list(outcome.attempts),
            message=outcome.message, artifacts=dict(artifacts or {}), open=obligation.open,
        )

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["attempts"] = [a.to_json() for a in self.attempts]
        data["status"] = self.status   # derived; written for readers, recomputed on load
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "ObligationResult":
        data = dict(data)
        data.pop("status", None)
        data["attempts"] = [Attempt.from_json(a) for a in data.get("attempts", [])]
        return cls(**data)


@dataclass
class Results:
    obligations: list[ObligationResult]
    tool_versions: dict[str, str] = field(default_factory=dict)
    generated_at: str = field(default_factory=lambda: datetime.now(timezone.utc).isoformat(timespec="seconds"))
    divbridge_version: str = __version__
    command: str = field(default_factory=lambda: " ".join(["divbridge", *sys.argv[1:]]))
    machine: str = field(default_factory=lambda: f"{platform.node()} {platform.machine()} {platform.system()} {platform.release()}")
    crosscheck: dict[str, Any] | None = None

    @property
    def summary(self) -> dict[str, Any]:
        return summarize(self.obligations)

    @property
    def all_settled(self) -> bool:
        """Every obligation as expected, or an open claim that no prover refuted."""
        return all(r.settled for r in self.obligations)

    def to_json(self) -> dict[str, Any]:
        return {
            "schema_version": SCHEMA_VERSION,
            "generated_at": self.generated_at,
            "divbridge_version": self.divbridge_version,
            "command": self.command,
            "machine": self.machine,
            "tool_versions": self.tool_versions,
            "obligations": [r.to_json() for r in self.obligations],
            "summary": self.summary,
            "crosscheck": self.crosscheck,
        }

    def save(self, path: str | Path = DEFAULT_PATH) -> None:
        write_json_atomic(path, self.to_json())


def summarize(results: list[ObligationResult]) -> dict[str, Any]:
    """Counts overall and per (family, format): what a summary table shows."""
    groups: dict[tuple[str, str], Counter] = {}
    for r in results:
        counts = groups.setdefault((r.family, r.format), Counter())
        counts["total"] += 1
        if r.as_expected:
            counts["proved" if r.verdict == "proved" else "refuted_as_expected"] += 1
        else:
            counts["open" if r.status == "open" else "not_as_expected"] += 1
    by_verdict = Counter(r.verdict for r in results)
    return {
        "total": len(results),
        "as_expected": sum(r.as_expected for r in results),
        "open": sum(r.status == "open" for r in results),
        "not_as_expected": sum(r.status == "not as expected" for r in results),
        "by_verdict": {v: by_verdict.get(v, 0) for v in VERDICTS},
        "groups": [
            {"family": family, "format": fmt, "total": c["total"], "proved": c["proved"],
             "refuted_as_expected": c["refuted_as_expected"], "open": c["open"],
             "not_as_expected": c["not_as_expected"]}
            for (family, fmt), c in sorted(groups.items())
        ],
    }


def load(path: str | Path = DEFAULT_PATH) -> Results:
    """Read a results file; any problem is an InputError naming the file (exit 2)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError("no results file (run `divbridge prove` first)", str(path)) from None
    except OSError as exc:
        raise InputError(f"cannot read results file: {exc.strerror}", str(path)) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"corrupt results file: {exc.msg}", str(path), exc.lineno) from None
    if not isinstance(data, dict) or "schema_version" not in data:
        raise InputError("not a divbridge results file (no schema_version)", str(path), 1)
    if data["schema_version"] != SCHEMA_VERSION:
        raise InputError(f"results schema version {data['schema_version']} is not the supported "
                         f"version {SCHEMA_VERSION}", str(path), 1)
    try:
        return Results(
            obligations=[ObligationResult.from_json(o) for o in data["obligations"]],
            tool_versions=dict(data["tool_versions"]),
            generated_at=data["generated_at"],
            divbridge_version=data["divbridge_version"],
            command=data["command"],
            machine=data["machine"],
            crosscheck=data.get("crosscheck"),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise InputError(f"malformed results file: {exc}", str(path)) from None

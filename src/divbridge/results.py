"""The results model: one entry per obligation, read by reports, audit and CI.

``proofs/results.json`` is the committed baseline (schema version 4):
``{"schema_version", "divbridge_version", "tool_versions", "document": {...},
"obligations": [...], "summary": {...}, "crosscheck": ...}``; ``document`` is
the spec document proved (path, title, every requirement with its lines),
and each obligation names the document lines of its requirements.  It holds only what a second run with
the same verdicts reproduces byte for byte: verdicts, the deciding provers, versions,
counterexamples (as values: `provers.counterexample`).  What changes from run to run (prover times, cache flags,
race order, skipped attempts, generated_at, command, machine, the cross-check's
seconds) goes to the run log ``run-log.json`` beside it, which git ignores;
``load`` merges the run log back when it is there, so reports still show times.
Schema 4 stores counterexamples as values; a schema 3 file (display strings)
is refused with one line asking for `divbridge prove` (exit 2).
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
from divbridge import schemas
from divbridge.atomicio import write_json_atomic, write_text_atomic
from divbridge.errors import InputError
from divbridge.obligations.model import Obligation
from divbridge.provers.counterexample import Counterexample
from divbridge.provers.verdicts import VERDICTS, Attempt, Outcome, as_expected, recorded

SCHEMA_VERSION = 4
RUN_LOG_SCHEMA_VERSION = 1
DEFAULT_PATH = Path("proofs/results.json")
RUN_LOG_NAME = "run-log.json"


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
    counterexample: Counterexample | None
    attempts: list[Attempt] = field(default_factory=list)
    message: str = ""
    artifacts: dict[str, str] = field(default_factory=dict)   # backend -> rendered file (and goal)
    crosscheck: dict[str, Any] | None = None                  # vectors, failures, first_failure
    open: str = ""                                            # why the claim is left open, if it is
    lines: list[int] = field(default_factory=list)            # the document line of each requirement

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
            lines=list(obligation.lines),
        )

    def to_json(self) -> dict[str, Any]:
        """The stable entry: no times, no cache flags, no skipped attempts, provers sorted."""
        data = asdict(self)
        for volatile in RUN_FIELDS:
            data.pop(volatile)
        data["counterexample"] = None if self.counterexample is None else self.counterexample.to_json()
        data["attempts"] = [_stable_attempt(a) for a in sorted(recorded(self.attempts, self.verdict, self.prover),
                                                               key=lambda a: a.prover)]
        data["status"] = self.status   # derived; written for readers, recomputed on load
        return data

    def run_entry(self) -> dict[str, Any]:
        """What this run adds to the stable entry (the run log's record)."""
        return {"time_s": self.time_s, "cached": self.cached,
                "attempts": [a.to_json() for a in self.attempts]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "ObligationResult":
        data = dict(data)
        data.pop("status", None)
        if data.get("counterexample") is not None:
            data["counterexample"] = Counterexample.from_json(data["counterexample"])
        data["attempts"] = [Attempt.from_json({"time_s": 0.0, **a}) for a in data.get("attempts", [])]
        return cls(time_s=0.0, cached=False, **data)

    def add_run(self, entry: dict[str, Any]) -> None:
        """Times and cache flags from the run log, matched by prover."""
        self.time_s = float(entry["time_s"])
        self.cached = bool(entry["cached"])
        logged = {a["prover"]: a for a in entry["attempts"]}
        for attempt in self.attempts:
            if attempt.prover in logged:
                attempt.time_s = float(logged[attempt.prover]["time_s"])
                attempt.cached = bool(logged[attempt.prover]["cached"])


RUN_FIELDS = ("time_s", "cached")   # kept in the run log, not in results.json


def from_outcomes(outcomes) -> list[ObligationResult]:
    """The ledger entries of a run: one per `runner.ObligationOutcome` (obligation, outcome, artifacts)."""
    return [ObligationResult.from_outcome(o.obligation, o.outcome, o.artifacts) for o in outcomes]


def _stable_attempt(attempt: Attempt) -> dict[str, Any]:
    data = attempt.to_json()
    for volatile in RUN_FIELDS:
        data.pop(volatile)
    return data


@dataclass
class Results:
    obligations: list[ObligationResult]
    tool_versions: dict[str, str] = field(default_factory=dict)
    generated_at: str = field(default_factory=lambda: datetime.now(timezone.utc).isoformat(timespec="seconds"))
    divbridge_version: str = __version__
    command: str = field(default_factory=lambda: " ".join(["divbridge", *sys.argv[1:]]))
    machine: str = field(default_factory=lambda: f"{platform.node()} {platform.machine()} {platform.system()} {platform.release()}")
    crosscheck: dict[str, Any] | None = None
    document: dict[str, Any] | None = None    # obligations.document.summary of the document proved

    @property
    def summary(self) -> dict[str, Any]:
        return summarize(self.obligations)

    @property
    def all_settled(self) -> bool:
        """Every obligation as expected, or an open claim that no prover refuted."""
        return all(r.settled for r in self.obligations)

    def to_json(self) -> dict[str, Any]:
        crosscheck = None
        if self.crosscheck is not None:
            crosscheck = {k: v for k, v in self.crosscheck.items() if k != "seconds"}
        return {
            "schema_version": SCHEMA_VERSION,
            "divbridge_version": self.divbridge_version,
            "tool_versions": self.tool_versions,
            "document": self.document,
            "obligations": [r.to_json() for r in self.obligations],
            "summary": self.summary,
            "crosscheck": crosscheck,
        }

    def run_log(self) -> dict[str, Any]:
        return {
            "schema_version": RUN_LOG_SCHEMA_VERSION,
            "generated_at": self.generated_at,
            "command": self.command,
            "machine": self.machine,
            "crosscheck_seconds": (self.crosscheck or {}).get("seconds"),
            "obligations": {r.id: r.run_entry() for r in self.obligations},
        }

    def save(self, path: str | Path = DEFAULT_PATH) -> None:
        """results.json (rewritten only when its bytes change) and the run log beside it."""
        path = Path(path)
        text = json.dumps(self.to_json(), indent=2) + "\n"
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            write_text_atomic(path, text)
        write_json_atomic(run_log_path(path), self.run_log())


def run_log_path(results_path: str | Path) -> Path:
    return Path(results_path).with_name(RUN_LOG_NAME)


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
    """Read a results file, and its run log when there is one; any problem is an
    InputError naming the file (exit 2)."""
    path = Path(path)
    data = _read_json(path, "results file", "run `divbridge prove` first")
    if not isinstance(data, dict) or "schema_version" not in data:
        raise InputError("not a divbridge results file (no schema_version)", str(path), 1)
    if data["schema_version"] != SCHEMA_VERSION:
        raise InputError(f"results schema version {data['schema_version']} is not the supported "
                         f"version {SCHEMA_VERSION} (run `divbridge prove` to write it again)", str(path), 1)
    schemas.check(data, schemas.RESULTS, str(path), "results file")
    seen: set[str] = set()
    for index, entry in enumerate(data["obligations"]):
        if entry["id"] in seen:
            raise InputError(f"not a valid results file: obligations[{index}].id: {entry['id']!r} appears twice",
                             str(path))
        seen.add(entry["id"])
    try:
        results = Results(
            obligations=[ObligationResult.from_json(o) for o in data["obligations"]],
            tool_versions=dict(data["tool_versions"]),
            generated_at="", divbridge_version=data["divbridge_version"],
            command="", machine="", crosscheck=data.get("crosscheck"), document=data.get("document"),
        )
    except (KeyError, TypeError, ValueError, InputError) as exc:   # InputError: a counterexample's unknown format
        raise InputError(f"malformed results file: {exc}", str(path)) from None
    log_path = run_log_path(path)
    if log_path.exists():
        _add_run_log(results, log_path)
    return results


def _add_run_log(results: Results, path: Path) -> None:
    """Times, cache flags and the run's details, for the obligations the log knows."""
    log = _read_json(path, "run log", "")
    if not isinstance(log, dict) or log.get("schema_version") != RUN_LOG_SCHEMA_VERSION:
        raise InputError(f"not a divbridge run log of schema version {RUN_LOG_SCHEMA_VERSION} "
                         "(delete it, or run `divbridge prove`)", str(path), 1)
    schemas.check(log, schemas.RUN_LOG, str(path), "run log")
    try:
        results.generated_at, results.command, results.machine = log["generated_at"], log["command"], log["machine"]
        if results.crosscheck is not None and log["crosscheck_seconds"] is not None:
            results.crosscheck["seconds"] = float(log["crosscheck_seconds"])
        for result in results.obligations:
            if result.id in log["obligations"]:
                result.add_run(log["obligations"][result.id])
    except (KeyError, TypeError, ValueError) as exc:
        raise InputError(f"malformed run log: {exc}", str(path)) from None


def _read_json(path: Path, what: str, hint: str) -> Any:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(f"no {what}" + (f" ({hint})" if hint else ""), str(path)) from None
    except OSError as exc:
        raise InputError(f"cannot read {what}: {exc.strerror}", str(path)) from None
    except UnicodeDecodeError:
        raise InputError(f"the {what} is not UTF-8 text", str(path)) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"corrupt {what}: {exc.msg}", str(path), exc.lineno) from None

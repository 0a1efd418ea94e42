"""The results ledger: one entry per obligation (`verdicts.ObligationResult`), read by reports, audit and CI.

``proofs/results.json`` is the committed baseline (schema version 6):
``{"schema_version", "divbridge_version", "tool_versions", "tools", "document": {...},
"obligations": [...], "summary": {...}, "crosscheck": ...}``; ``document`` is
the spec document proved (path, title, every requirement with its lines);
``tools`` the executables the provers ran (real path, size, SHA-256: the
proof cache keys on them too).
Since schema 6 every entry carries its ``smoke`` tests (`provers.smoke`): whether its hypotheses are
satisfiable (with a point where they hold) and whether its conclusion needs the operator at all.
Each entry is the obligation as proved (its statement's ``prop`` and
``params`` included, so that the cross-check, a replay and the reports read
what was proved instead of reading the document again) with its outcome.  It
holds only what a second run with the same verdicts reproduces byte for byte:
verdicts, the deciding provers, versions, counterexamples (as values:
`provers.counterexample`).  What changes from run to run (prover times, cache
flags, race order, skipped attempts, generated_at, command, machine, the
cross-check's seconds) goes to the run log ``run-log.json`` beside it, which
git ignores; ``load`` merges the run log back when it is there, so reports
still show times.  A file of an older schema is refused with one line asking
for `divbridge prove` (exit 2).
"""

from __future__ import annotations

import json
import platform
import sys
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from divbridge import __version__
from divbridge import inputfile, operators, schemas
from divbridge.inputfile import MAX_JSON_BYTES
from divbridge.atomicio import write_json_atomic, write_text_atomic
from divbridge.errors import InputError
from divbridge.obligations.model import Obligation
from divbridge.operators.model import Operator
from divbridge.provers.counterexample import Counterexample
from divbridge.provers.verdicts import (VERDICTS, Attempt, ObligationResult, Outcome, Smoke,
                                       recorded)

SCHEMA_VERSION = 6
RUN_LOG_SCHEMA_VERSION = 1
FILENAME = "results.json"   # in each operator's evidence directory (`operators.evidence_dir`)
RUN_LOG_NAME = "run-log.json"


RUN_FIELDS = ("time_s", "cached")   # kept in the run log, not in results.json


def entry(result: ObligationResult) -> dict[str, Any]:
    """The stable results.json entry of a result: its obligation, its verdict and deciding provers, the
    attempts that decided it (no times, no cache flags, no skipped attempts, provers sorted)."""
    outcome = result.outcome
    attempts = sorted(recorded(outcome.attempts, outcome.verdict, outcome.prover), key=lambda a: a.prover)
    return {**result.obligation.to_json(), "verdict": outcome.verdict, "prover": outcome.prover,
            "counterexample": None if outcome.counterexample is None else outcome.counterexample.to_json(),
            "attempts": [_stable_attempt(a) for a in attempts], "message": outcome.message,
            "artifacts": dict(result.artifacts), "crosscheck": result.crosscheck,
            "smoke": (result.smoke or Smoke()).to_json(),
            "status": result.status}   # derived; written for readers, recomputed on load


def from_entry(data: dict[str, Any]) -> ObligationResult:
    counterexample = data["counterexample"]
    outcome = Outcome(data["verdict"], data["prover"], 0.0, False,
                      None if counterexample is None else Counterexample.from_json(counterexample),
                      [Attempt.from_json({"time_s": 0.0, **a}) for a in data.get("attempts", [])],
                      data.get("message", ""))
    return ObligationResult(Obligation.from_json(data), outcome, dict(data.get("artifacts", {})),
                            data.get("crosscheck"), Smoke.from_json(data["smoke"]))


def run_entry(result: ObligationResult) -> dict[str, Any]:
    """What this run adds to the stable entry (the run log's record)."""
    return {"time_s": result.outcome.time_s, "cached": result.outcome.cached,
            "attempts": [a.to_json() for a in result.outcome.attempts]}


def add_run(result: ObligationResult, logged: dict[str, Any]) -> None:
    """Times and cache flags from the run log, matched by prover."""
    outcome = result.outcome
    outcome.time_s = float(logged["time_s"])
    outcome.cached = bool(logged["cached"])
    by_prover = {a["prover"]: a for a in logged["attempts"]}
    for attempt in outcome.attempts:
        if attempt.prover in by_prover:
            attempt.time_s = float(by_prover[attempt.prover]["time_s"])
            attempt.cached = bool(by_prover[attempt.prover]["cached"])


def _stable_attempt(attempt: Attempt) -> dict[str, Any]:
    data = attempt.to_json()
    for volatile in RUN_FIELDS:
        data.pop(volatile)
    return data


@dataclass
class Results:
    obligations: list[ObligationResult]
    tool_versions: dict[str, str] = field(default_factory=dict)
    tools: dict[str, dict[str, Any]] = field(default_factory=dict)   # name -> its path, size and sha256
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

    @property
    def uncovered(self) -> list[dict[str, Any]]:
        """The statements of the document that no obligation verifies (`obligations.coverage`)."""
        return (self.document or {}).get("uncovered", [])

    @property
    def as_expected(self) -> bool:
        """The run is as expected (`prove`'s exit 0): every obligation settled, no cross-check failure and no
        uncovered statement but those accepted for exploration (`obligations.coverage`)."""
        return self.all_settled and not (self.crosscheck or {}).get("failures") and \
            not any(not gap.get("accepted") for gap in self.uncovered)

    def to_json(self) -> dict[str, Any]:
        crosscheck = None
        if self.crosscheck is not None:
            crosscheck = {k: v for k, v in self.crosscheck.items() if k != "seconds"}
        return {
            "schema_version": SCHEMA_VERSION,
            "divbridge_version": self.divbridge_version,
            "tool_versions": self.tool_versions,
            "tools": self.tools,
            "document": self.document,
            "obligations": [entry(r) for r in self.obligations],
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
            "obligations": {r.id: run_entry(r) for r in self.obligations},
        }

    def save(self, path: str | Path) -> None:
        """results.json (rewritten only when its bytes change) and the run log beside it."""
        path = Path(path)
        text = json.dumps(self.to_json(), indent=2) + "\n"
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            write_text_atomic(path, text)
        write_json_atomic(run_log_path(path), self.run_log())


def run_log_path(results_path: str | Path) -> Path:
    return Path(results_path).with_name(RUN_LOG_NAME)


@dataclass
class Tally:
    """The counts of a group of results: what every summary shows (results.json's, the console's, the
    reports')."""

    label: Any                                           # what the group has in common
    total: int = 0
    proved: int = 0                                      # expected valid and proved, a property of the operator
    definitions: int = 0                                 # proved, but true of any operation (`provers.smoke`)
    vacuous: int = 0                                     # of those not as expected: hypotheses unsatisfiable
    by_prover: Counter = field(default_factory=Counter)  # of those, which provers answered proved
    refuted_as_expected: int = 0
    open: int = 0                                        # open claims no prover settled: not proved, not failed
    not_as_expected: int = 0

    def count(self, result: ObligationResult) -> None:
        self.total += 1
        if result.status == "open":
            self.open += 1
        elif not result.as_expected:
            self.not_as_expected += 1
            self.vacuous += result.smoke is not None and result.smoke.flag == "vacuous"
        elif result.definition:
            self.definitions += 1
        elif result.verdict == "proved":
            self.proved += 1
            self.by_prover.update({a.prover for a in result.attempts if a.verdict == "proved"})
        else:
            self.refuted_as_expected += 1

    @property
    def as_expected(self) -> int:
        return self.proved + self.definitions + self.refuted_as_expected


def operator_of(results: list[ObligationResult]) -> Operator:
    """The operator results are of: the one their obligations name (one document, one operator; none: the
    registry's default)."""
    return operators.of_obligation_name(results[0].operator) if results else operators.DEFAULT


def tally(results: list[ObligationResult], key=lambda result: "all obligations") -> list[Tally]:
    """The results counted by ``key`` (one group by default), in the results' order."""
    groups: dict[str, Tally] = {}
    for result in results:
        label = key(result)
        groups.setdefault(label, Tally(label)).count(result)
    return list(groups.values())


def summarize(results: list[ObligationResult]) -> dict[str, Any]:
    """Counts overall, by verdict and per (family, format): results.json's summary."""
    overall = tally(results)[0] if results else Tally("all obligations")
    by_verdict = Counter(r.verdict for r in results)
    smoke = [r.smoke or Smoke() for r in results]
    groups = sorted(tally(results, lambda r: (r.family, r.format)), key=lambda group: group.label)
    return {
        "total": overall.total,
        "as_expected": overall.as_expected,
        "open": overall.open,
        "not_as_expected": overall.not_as_expected,
        "definitions": overall.definitions,
        "by_verdict": {v: by_verdict.get(v, 0) for v in VERDICTS},
        "smoke": {"hypotheses": dict(sorted(Counter(s.hypotheses for s in smoke).items())),
                  "conclusion": dict(sorted(Counter(s.conclusion for s in smoke).items()))},
        "groups": [
            {"family": family, "format": fmt, "total": g.total, "proved": g.proved, "definitions": g.definitions,
             "refuted_as_expected": g.refuted_as_expected, "open": g.open, "not_as_expected": g.not_as_expected}
            for g in groups for family, fmt in [g.label]
        ],
    }


def load(path: str | Path) -> Results:
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
            obligations=[from_entry(o) for o in data["obligations"]],
            tool_versions=dict(data["tool_versions"]), tools=dict(data.get("tools") or {}),
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
                add_run(result, log["obligations"][result.id])
    except (KeyError, TypeError, ValueError) as exc:
        raise InputError(f"malformed run log: {exc}", str(path)) from None


def _read_json(path: Path, what: str, hint: str) -> Any:
    try:
        text = inputfile.read_text(path, what, MAX_JSON_BYTES)
    except FileNotFoundError:
        raise InputError(f"no {what}" + (f" ({hint})" if hint else ""), str(path)) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"corrupt {what}: {exc.msg}", str(path), exc.lineno) from None

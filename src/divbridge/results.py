"""The results ledger: one entry per obligation (`verdicts.ObligationResult`), read by reports, audit and CI.

``proofs/results.json`` is the committed baseline (schema version 7):
``{"schema_version", "divbridge_version", "tool_versions", "tools", "document": {...},
"obligations": [...], "confirm", "evidence": {...}, "summary": {...}, "crosscheck": ...}``; ``document`` is
the spec document proved (path, title, every requirement with its lines);
``tools`` the executables the provers ran (real path, size, SHA-256: the
proof cache keys on them too).
Since schema 6 every entry carries its ``smoke`` tests (`provers.smoke`): whether its hypotheses are
satisfiable (with a point where they hold) and whether its conclusion needs the operator at all.
Since schema 7 every entry says how many independent tools ``confirmed`` its verdict (`verdicts.confirmations`;
``confirm``: the run was `prove --confirm`, every prover asked), and ``evidence`` holds the SHA-256 of every
rendered file the verdicts stand on (``.smt2``, ``.mlw``, ``.g``, ``.v``), by its path relative to the results
file: `verify` checks them, and the file's own consistency, before a report calls anything "as expected".
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

import hashlib
import json
import platform
import re
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
from divbridge.provers.verdicts import (DEFINITE, VERDICTS, Attempt, ObligationResult, Outcome, Smoke,
                                       confirmations, recorded)

SCHEMA_VERSION = 7
RUN_LOG_SCHEMA_VERSION = 1
FILENAME = "results.json"   # in each operator's evidence directory (`operators.evidence_dir`)
RUN_LOG_NAME = "run-log.json"


RUN_FIELDS = ("time_s", "cached")   # kept in the run log, not in results.json


def entry(result: ObligationResult, confirm: bool = False) -> dict[str, Any]:
    """The stable results.json entry of a result: its obligation, its verdict and deciding provers, the
    attempts that decided it (no times, no cache flags, no skipped attempts, provers sorted; with ``confirm``
    all that ran)."""
    outcome = result.outcome
    attempts = sorted(recorded(outcome.attempts, outcome.verdict, outcome.prover, confirm), key=lambda a: a.prover)
    return {**result.obligation.to_json(), "verdict": outcome.verdict, "prover": outcome.prover,
            "counterexample": None if outcome.counterexample is None else outcome.counterexample.to_json(),
            "attempts": [_stable_attempt(a) for a in attempts], "message": outcome.message,
            "artifacts": dict(result.artifacts), "crosscheck": result.crosscheck,
            "smoke": (result.smoke or Smoke()).to_json(),
            # derived, written for readers, checked by `verify`
            "confirmed": confirmations(attempts, outcome.verdict), "status": result.status}


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
    confirm: bool = False                     # a `prove --confirm` run: every prover asked on every obligation
    evidence: dict[str, str] = field(default_factory=dict)   # rendered file (relative to results.json) -> SHA-256

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
        uncovered statement."""
        return self.all_settled and not (self.crosscheck or {}).get("failures") and not self.uncovered

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
            "obligations": [entry(r, self.confirm) for r in self.obligations],
            "confirm": self.confirm,
            "evidence": dict(sorted(self.evidence.items())),
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
        """results.json (rewritten only when its bytes change), with the digests of the rendered files its
        verdicts stand on, and the run log beside it."""
        path = Path(path)
        self.evidence = evidence_digests(self.obligations, path.parent)
        text = json.dumps(self.to_json(), indent=2) + "\n"
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            write_text_atomic(path, text)
        write_json_atomic(run_log_path(path), self.run_log())


def evidence_digests(obligations: list[ObligationResult], directory: Path) -> dict[str, str]:
    """The rendered files of the obligations that exist in ``directory`` (the results file's) or below, by their
    path relative to it, with the SHA-256 of each."""
    found = {}
    for result in obligations:
        for artifact in result.artifacts.values():
            name = _evidence_name(artifact, directory)
            if name is not None:
                found[name] = _sha256(directory / name)
    return found


def _evidence_name(artifact: str, directory: Path) -> str | None:
    """An artifact's file (its path starts at the working directory of the run: looked up from the current
    directory, then from the one above ``directory``, the project root of proofs/results.json, then as the
    evidence moved with its results file: the longest end of its path found in ``directory``) as a path
    relative to ``directory``; None when it is not there."""
    inside = directory.resolve()
    written = Path(artifact.split("#", 1)[0])
    for base in (Path.cwd(), inside.parent):
        path = (base / written).resolve()
        if path.is_file() and path.is_relative_to(inside):
            return path.relative_to(inside).as_posix()
    parts = written.parts
    for start in range(1, len(parts)):
        path = (inside / Path(*parts[start:])).resolve()
        if path.is_file() and path.is_relative_to(inside):
            return path.relative_to(inside).as_posix()
    return None


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


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
            confirm=bool(data.get("confirm", False)), evidence=dict(data.get("evidence") or {}),
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


_SMT_STATUS = re.compile(r"^\(set-info :status (\w+)\)$", re.MULTILINE)


def verify(path: str | Path) -> Results:
    """`load`, then check that the file says what its evidence says before anything calls it "as expected":
    each derived field (status, confirmations, summary) recomputed from the verdicts and attempts, each
    definite verdict given by the attempts of the provers it names, each rendered file of ``evidence`` present
    beside it with its SHA-256, and each SMT-LIB query's recorded status the verdict's.  Any mismatch is an
    InputError naming the file and the first one (exit 2): a forged or damaged results file.  It does
    not run a prover: `prove --replay` does."""
    path = Path(path)
    results = load(path)
    data = json.loads(path.read_text(encoding="utf-8"))   # read whole by `load` already: the fields as written
    problem = _first_problem(results, data, path.parent)
    if problem:
        raise InputError(f"not verified: {problem} (a forged or damaged results file: `divbridge prove` writes it "
                         "again)", str(path))
    return results


def _first_problem(results: Results, data: dict[str, Any], directory: Path) -> str | None:
    from divbridge.provers.portfolio import SMT_SOLVERS
    for name, digest in sorted(results.evidence.items()):
        try:
            actual = _sha256(directory / name)
        except OSError as exc:
            return f"evidence {name}: {exc.strerror}"
        if actual != digest:
            return f"evidence {name} is not the file results.json was written with (SHA-256 {actual[:12]}..., recorded {digest[:12]}...)"
    for result, written in zip(results.obligations, data["obligations"]):
        where = f"obligation {result.id}"
        if written.get("status") != result.status:
            return f"{where}: status {written.get('status')!r}, but its verdict makes it {result.status!r}"
        if "confirmed" in written and written["confirmed"] != confirmations(result.attempts, result.verdict):
            return (f"{where}: confirmed by {written['confirmed']} tool(s), but its attempts give "
                    f"{confirmations(result.attempts, result.verdict)}")
        if result.verdict in DEFINITE:
            gave = {a.prover for a in result.attempts if a.verdict == result.verdict}
            against = [a.prover for a in result.attempts if a.verdict in DEFINITE and a.verdict != result.verdict]
            named = set(result.prover.split(", "))
            if not named <= gave:
                return f"{where}: {result.verdict} by {result.prover}, but no attempt of {', '.join(sorted(named - gave))} says so"
            if against:
                return f"{where}: {result.verdict}, but {', '.join(against)} answered otherwise"
        names = {backend: _evidence_name(artifact, directory) for backend, artifact in result.artifacts.items()}
        for name in names.values():   # a rendered file beside it that the evidence leaves out
            if name is not None and name not in results.evidence:
                return f"{where}: its file {name} has no evidence digest"
        if names.get("smt") is not None:   # the status a run records in the query (`smtrender.record_status`)
            status = _SMT_STATUS.search((directory / names["smt"]).read_text(encoding="utf-8", errors="replace"))
            solved = result.verdict in DEFINITE and any(p in SMT_SOLVERS for p in result.prover.split(", "))
            expected = {"proved": "unsat", "refuted": "sat"}[result.verdict] if solved else "unknown"
            if status is not None and status.group(1) != expected:
                return f"{where}: {result.verdict} by {result.prover}, but {names['smt']} records the status {status.group(1)}"
    if data.get("summary") != results.summary:
        return "its summary is not the count of its obligations' verdicts"
    return None

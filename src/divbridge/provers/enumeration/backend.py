"""The prover ``exhaustive``: a theorem about a 16-bit format proved by enumerating every operand pair.

An obligation whose statement has an enumeration job (`statements`, ``enumeration``) is proved by running
the job: ``pairs:<strategy>`` divides all 2^32 operand pairs of FP16 or BF16 with the strategy and
compares each result bit for bit with an independent correctly rounded reference
(`enumeration.engine.enumerate_pairs`); ``monotone_numerator`` walks, for every finite b > 0, every
numerator in increasing order with the reference quotient (`enumeration.monotone`), which proves the
monotonicity obligations no SMT solver settles.  A mismatch or a descent is a counterexample, replayed on
the mirror like a solver's.

The job runs in a child process (numba threads, killable on time out).  Its cache key holds the engines'
source, so editing an engine proves again.  A complete enumeration may need more than a solver's time
limit: the limit used is the larger of ``--timeout`` and ``min_time_limit``.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
import subprocess
import sys
import threading
import time
from pathlib import Path

from divbridge import __version__, statements
from divbridge.atomicio import write_text_atomic
from divbridge.errors import ToolMissing
from divbridge.formats import get_format
from divbridge.obligations.model import Obligation
from divbridge.provers import counterexample
from divbridge.provers.process import communicate
from divbridge.provers.runner import Backend, ProofTask
from divbridge.assets import artifact_path
from divbridge.provers.verdicts import Attempt

ENGINE = Path(__file__).with_name("engine.py")
MONOTONE_ENGINE = Path(__file__).with_name("monotone.py")
MONOTONE = "monotone_numerator"     # the job of the monotonicity walk; every other job is "pairs:<strategy>"


def _job(obligation: Obligation) -> str | None:
    """The job that proves the obligation, or None."""
    if "exhaustive" not in obligation.backends or not statements.has(obligation, "enumeration"):
        return None
    return statements.of(obligation).enumeration(obligation)


def handles(obligation: Obligation) -> bool:
    return _job(obligation) is not None


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


class ExhaustiveBackend(Backend):
    name = "exhaustive"
    cost = 2

    def __init__(self, min_time_limit: float = 600.0):
        self.min_time_limit = min_time_limit

    def versions(self) -> dict[str, str]:
        try:
            numba_version = importlib.metadata.version("numba")
        except importlib.metadata.PackageNotFoundError:
            raise ToolMissing("numba", ".venv/bin/pip install numba") from None
        return {"exhaustive": f"divbridge {__version__} (numba {numba_version})"}

    def prepare(self, obligations: list[Obligation], out_dir: Path, provers: set[str]) -> list[list[ProofTask]]:
        if "exhaustive" not in provers:
            return []
        engine = _sha256(ENGINE)
        groups = []
        for obligation in obligations:
            job = _job(obligation)
            if job is None:
                continue
            fmt = get_format(obligation.format)
            text = (f"# divbridge exhaustive proof of {obligation.id}\n"
                    f"# {obligation.title}\n"
                    f"# requirements: {obligation.traced_to}\n"
                    f"# statement: {obligation.statement}\n")
            if job == MONOTONE:
                text += (f"check_monotone_numerator(fmt={fmt.name} (eb={fmt.eb}, sb={fmt.sb}))  "
                         f"# every finite b > 0 x every non-NaN a in increasing order\n"
                         f"# engine: src/divbridge/provers/enumeration/engine.py sha256 {engine}\n"
                         f"# engine: src/divbridge/provers/enumeration/monotone.py sha256 {_sha256(MONOTONE_ENGINE)}\n")
            else:
                text += (f"enumerate_pairs(fmt={fmt.name} (eb={fmt.eb}, sb={fmt.sb}), "
                         f"strategy={job.removeprefix('pairs:')})  # all {1 << (2 * fmt.width)} operand pairs\n"
                         f"# engine: src/divbridge/provers/enumeration/engine.py sha256 {engine}\n")
            path = out_dir / "exhaustive" / f"{obligation.id}.txt"
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                write_text_atomic(path, text)
            # keyed on what it enumerates and checks, not on the title and tags that cite the document
            question = "\n".join(line for line in text.splitlines()
                                  if not line.startswith(("# requirements:", f"# {obligation.title}")))
            groups.append([ProofTask(obligation, "exhaustive", text, artifact_path(path), question=question)])
        return groups

    def run_group(self, group: list[ProofTask], timeout: float, agree: int,
                  cancel: threading.Event | None = None) -> list[Attempt]:
        return [self._run(task, max(timeout, self.min_time_limit), cancel) for task in group]

    def _run(self, task: ProofTask, limit: float, cancel: threading.Event | None) -> Attempt:
        obligation = task.obligation
        job = _job(obligation)
        version = self.versions()["exhaustive"]
        started = time.monotonic()
        process = subprocess.Popen(
            [sys.executable, "-m", "divbridge.provers.enumeration.backend", obligation.format, job],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
        stdout, stderr, outcome = communicate(process, None, limit, cancel)
        if outcome == "cancelled":
            return Attempt("exhaustive", "skipped", round(time.monotonic() - started, 3), version=version,
                           message="stopped: another prover answered first")
        if outcome == "timeout":
            return Attempt("exhaustive", "timeout", round(time.monotonic() - started, 3), version=version,
                           message=f"enumeration not finished within {limit:g} s")
        elapsed = round(time.monotonic() - started, 3)
        lines = stdout.strip().splitlines()
        if process.returncode != 0 or not lines:
            tail = (stderr.strip().splitlines() or [f"exit status {process.returncode}"])[-1]
            return Attempt("exhaustive", "error", elapsed, version=version, message=tail[:300])
        return verdict(obligation, json.loads(lines[-1]), elapsed, version)


def verdict(obligation: Obligation, outcome: dict, elapsed: float, version: str) -> Attempt:
    """A job's outcome (`_child`): proved without failures, else its first failure replayed on the mirror."""
    if outcome["failures"] == 0:
        return Attempt("exhaustive", "proved", elapsed, version=version, message=outcome["proved"])
    fmt = get_format(obligation.format)
    found, problem = counterexample.check(obligation, {name: fmt.name for name in outcome["first"]},
                                          {f"{name}_bits": bits for name, bits in outcome["first"].items()})
    return Attempt("exhaustive", "error" if problem else "refuted", elapsed, version=version,
                   counterexample=found, message=problem or outcome["refuted"])


def _child(format_name: str, job: str) -> int:
    """Run a job; print its outcome as one JSON line: failures, the first one's operands (variable -> bits),
    and what to say when it proves or refutes."""
    fmt = get_format(format_name)
    if job == MONOTONE:
        from divbridge.provers.enumeration.monotone import check_monotone_numerator
        check = check_monotone_numerator(fmt)
        outcome = {"failures": check.violations,
                   "first": dict(zip(("a1", "a2", "b"), check.first_violation or ())),
                   "proved": f"for all {check.denominators} finite b > 0, the quotients of the non-NaN numerators "
                             f"in increasing order never decrease ({check.pairs_checked} adjacent pairs)",
                   "refuted": f"{check.violations} descents in {check.pairs_checked} adjacent pairs"}
    else:
        from divbridge.provers.enumeration.engine import enumerate_pairs
        enumeration = enumerate_pairs(fmt, job.removeprefix("pairs:"))
        outcome = {"failures": enumeration.mismatches,
                   "first": dict(zip(("x", "y"), (enumeration.first_mismatch or ())[:2])),
                   "proved": f"all {enumeration.pairs} operand pairs agree with the reference",
                   "refuted": f"{enumeration.mismatches} of {enumeration.pairs} pairs differ"}
    print(json.dumps(outcome), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(_child(sys.argv[1], sys.argv[2]))

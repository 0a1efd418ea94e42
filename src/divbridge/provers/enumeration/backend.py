"""The prover ``exhaustive``: a theorem about a 16-bit format proved by enumerating every operand pair.

An obligation whose statement has an enumeration job (`statements`, ``enumeration``) is proved by running
the job with the kernels its operator's description lists (`Operator.enumeration`, `operators.enumeration`):
e.g. all 2^32 operand pairs of FP16 or BF16 through an implementation strategy, compared bit for bit with
an independent correctly rounded reference, or a walk that proves a monotonicity no SMT solver settles.
The job's first failure is a counterexample, replayed on the mirror like a solver's.

The job runs in a child process (numba threads, killable on time out).  Its artifact, and so its cache
key, holds the hash of the kernels' source, so editing a kernel proves again.  A complete enumeration may
need more than a solver's time limit: the limit used is the larger of ``--timeout`` and ``min_time_limit``.
"""

from __future__ import annotations

import dataclasses
import hashlib
import importlib.metadata
import json
import subprocess
import sys
import threading
import time
from pathlib import Path

import divbridge
from divbridge import __version__, operators, statements
from divbridge.atomicio import write_text_atomic
from divbridge.errors import ToolMissing
from divbridge.formats import get_format
from divbridge.obligations.model import Obligation
from divbridge.operators.enumeration import Enumeration, Outcome
from divbridge.provers import counterexample
from divbridge.provers.process import communicate
from divbridge.provers.runner import Backend, ProofTask
from divbridge.assets import artifact_path
from divbridge.provers.verdicts import Attempt

ROOT = Path(divbridge.__file__).parents[2]   # what an artifact's paths are relative to: src/divbridge/...


def _job(obligation: Obligation) -> tuple[Enumeration, str] | None:
    """The enumeration of the obligation's operator and the job that proves the obligation, or None."""
    enumeration = operators.of_obligation_name(obligation.operator).enumeration
    if "exhaustive" not in obligation.backends or enumeration is None or not statements.has(obligation, "enumeration"):
        return None
    return enumeration, statements.of(obligation).enumeration(obligation)


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
        groups = []
        for obligation in obligations:
            found = _job(obligation)
            if found is None:
                continue
            enumeration, name = found
            job, argument = enumeration.job(name)
            fmt = get_format(obligation.format)
            text = (f"# divbridge exhaustive proof of {obligation.id}\n"
                    f"# {obligation.title}\n"
                    f"# requirements: {obligation.traced_to}\n"
                    f"# statement: {obligation.statement}\n"
                    f"{job.call.format(fmt=fmt, argument=argument, pairs=1 << (2 * fmt.width))}\n"
                    f"# engine: {enumeration.source.relative_to(ROOT)} sha256 {_sha256(enumeration.source)}\n")
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
        found = _job(obligation)
        assert found is not None, obligation.id
        _, name = found
        version = self.versions()["exhaustive"]
        started = time.monotonic()
        process = subprocess.Popen(
            [sys.executable, "-m", "divbridge.provers.enumeration.backend",
             operators.of_obligation_name(obligation.operator).name, obligation.format, name],
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
        return verdict(obligation, Outcome(**json.loads(lines[-1])), elapsed, version)


def verdict(obligation: Obligation, outcome: Outcome, elapsed: float, version: str) -> Attempt:
    """A job's outcome (`_child`): proved without failures, else its first failure replayed on the mirror."""
    if outcome.failures == 0:
        return Attempt("exhaustive", "proved", elapsed, version=version, message=outcome.proved)
    fmt = get_format(obligation.format)
    found, problem = counterexample.check(obligation, {name: fmt.name for name in outcome.first},
                                          {f"{name}_bits": bits for name, bits in outcome.first.items()})
    return Attempt("exhaustive", "error" if problem else "refuted", elapsed, version=version,
                   counterexample=found, message=problem or outcome.refuted)


def _child(operator: str, format_name: str, name: str) -> int:
    """Run the operator's job ``name`` on the format; print its `Outcome` as one JSON line."""
    enumeration = operators.get(operator).enumeration
    assert enumeration is not None, operator
    job, argument = enumeration.job(name)
    print(json.dumps(dataclasses.asdict(job.run(get_format(format_name), argument))), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(_child(*sys.argv[1:4]))

"""The exhaustive backend: a theorem about a 16-bit format proved by enumerating every operand pair.

For FP16 and BF16 there are 2^32 operand pairs: dividing all of them with a
strategy and comparing each result bit for bit with an independent correctly
rounded reference (`divbridge.crosscheck.exhaustive.enumerate_pairs`) is a
complete proof, recorded with prover ``exhaustive``.  So is walking, for
every finite b > 0, every numerator in increasing order with the reference
quotient (`divbridge.crosscheck.monotone`): the proof of the
``monotone_numerator`` obligations, which time out in every SMT solver.  A
mismatch or a descent is a counterexample, replayed on the mirror like a
solver's.

The enumeration runs in a child process (numba threads, killable on time
out).  Its cache key holds the engines' source, so editing an engine
proves again.  A complete enumeration may need more than a solver's time
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

from divbridge import __version__
from divbridge.atomicio import write_text_atomic
from divbridge.errors import ToolMissing
from divbridge.formats import get_format
from divbridge.obligations.model import Obligation
from divbridge.provers import counterexample
from divbridge.provers.process import communicate
from divbridge.provers.runner import Backend, ProofTask
from divbridge.assets import artifact_path
from divbridge.provers.verdicts import Attempt

ENGINE = Path(__file__).resolve().parents[1] / "crosscheck" / "exhaustive.py"
MONOTONE_ENGINE = ENGINE.with_name("monotone.py")

MONOTONE = "monotone_numerator"
MONOTONE_FORMATS = ("fp16", "bf16")


def _job(obligation: Obligation) -> str | None:
    """What the child process runs for an obligation: MONOTONE, a strategy name, or None."""
    if "exhaustive" not in obligation.backends:
        return None
    if obligation.prop == MONOTONE and obligation.format in MONOTONE_FORMATS:
        return MONOTONE
    return obligation.params.get("strategy")


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
                         f"# engine: src/divbridge/crosscheck/exhaustive.py sha256 {engine}\n"
                         f"# engine: src/divbridge/crosscheck/monotone.py sha256 {_sha256(MONOTONE_ENGINE)}\n")
            else:
                text += (f"enumerate_pairs(fmt={fmt.name} (eb={fmt.eb}, sb={fmt.sb}), "
                         f"strategy={job})  # all {1 << (2 * fmt.width)} operand pairs\n"
                         f"# engine: src/divbridge/crosscheck/exhaustive.py sha256 {engine}\n")
            path = out_dir / "exhaustive" / f"{obligation.id}.txt"
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                write_text_atomic(path, text)
            groups.append([ProofTask(obligation, "exhaustive", text, artifact_path(path))])
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
            [sys.executable, "-m", "divbridge.provers.exhaustive", obligation.format, job],
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
        result = json.loads(lines[-1])
        verdict = _monotone_verdict if job == MONOTONE else _strategy_verdict
        return verdict(obligation, result, elapsed, version)


def _strategy_verdict(obligation: Obligation, result: dict, elapsed: float, version: str) -> Attempt:
    if result["mismatches"] == 0:
        return Attempt("exhaustive", "proved", elapsed, version=version,
                       message=f"all {result['pairs']} operand pairs agree with the reference")
    a_bits, b_bits, _, _ = result["first_mismatch"]
    fmt = get_format(obligation.format)
    found, problem = counterexample.check(obligation, {"x": fmt.name, "y": fmt.name},
                                          {"x_bits": a_bits, "y_bits": b_bits})
    return Attempt("exhaustive", "error" if problem else "refuted", elapsed, version=version,
                   counterexample=found, message=problem or f"{result['mismatches']} of {result['pairs']} pairs differ")


def _monotone_verdict(obligation: Obligation, result: dict, elapsed: float, version: str) -> Attempt:
    if result["violations"] == 0:
        return Attempt("exhaustive", "proved", elapsed, version=version,
                       message=f"for all {result['denominators']} finite b > 0, the quotients of the non-NaN "
                               f"numerators in increasing order never decrease ({result['pairs_checked']} "
                               f"adjacent pairs)")
    a1_bits, a2_bits, b_bits = result["first_violation"]
    fmt = get_format(obligation.format)
    found, problem = counterexample.check(obligation, {"a1": fmt.name, "a2": fmt.name, "b": fmt.name},
                                          {"a1_bits": a1_bits, "a2_bits": a2_bits, "b_bits": b_bits})
    return Attempt("exhaustive", "error" if problem else "refuted", elapsed, version=version, counterexample=found,
                   message=problem or f"{result['violations']} descents in {result['pairs_checked']} adjacent pairs")


def _child(format_name: str, job: str) -> int:
    fmt = get_format(format_name)
    if job == MONOTONE:
        from divbridge.crosscheck.monotone import check_monotone_numerator
        check = check_monotone_numerator(fmt)
        print(json.dumps({"denominators": check.denominators, "pairs_checked": check.pairs_checked,
                          "violations": check.violations, "first_violation": check.first_violation,
                          "seconds": check.seconds}), flush=True)
        return 0
    from divbridge.crosscheck.exhaustive import enumerate_pairs
    enumeration = enumerate_pairs(fmt, job)
    print(json.dumps({"pairs": enumeration.pairs, "mismatches": enumeration.mismatches,
                      "first_mismatch": enumeration.first_mismatch, "seconds": enumeration.seconds}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(_child(sys.argv[1], sys.argv[2]))

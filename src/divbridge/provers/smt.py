"""The SMT backend: every obligation rendered to SMT-LIB, raced by a Z3 / cvc5 / Bitwuzla portfolio.

The solvers of one obligation start together, each in its own worker process
(reused from obligation to obligation while it answers well).  A definite
answer decides once every solver ranked before it (`verdicts.PREFERENCE`)
has answered otherwise; the others are then killed (``agree`` = 1); with
``agree`` = N the race goes on until N solvers give the same answer.  An
``unsat`` of the negated goal is ``proved``; a ``sat`` is ``refuted`` only
once the Python mirror reproduces the counterexample.
"""

from __future__ import annotations

import queue
import threading
import time
from pathlib import Path

from divbridge import assets
from divbridge.obligations import smtrender
from divbridge.obligations.model import Obligation
from divbridge.provers import counterexample, solvers
from divbridge.provers.process import POLL_SECONDS
from divbridge.provers.runner import Backend, ProofTask
from divbridge.provers.verdicts import DEFINITE, Attempt, deciding



class SmtBackend(Backend):
    name = "smt"

    def __init__(self, solver_names: tuple[str, ...] = tuple(solvers.SOLVERS),
                 memory_mb: int = solvers.DEFAULT_MEMORY_MB):
        self.solver_names = solver_names
        self.memory_mb = memory_mb
        self._rendered: dict[str, smtrender.Rendered] = {}
        self.pool = solvers.WorkerPool(memory_mb)   # solver processes reused from one obligation to the next

    def versions(self) -> dict[str, str]:
        return {name: solvers.version(name) for name in self.solver_names}

    def prepare(self, obligations: list[Obligation], out_dir: Path, provers: set[str]) -> list[list[ProofTask]]:
        selected = [name for name in self.solver_names if name in provers]
        if not selected:
            return []
        groups = []
        for rendered in smtrender.render_all(obligations, out_dir / "smt"):
            self._rendered[rendered.obligation.id] = rendered
            options = (("logic", rendered.logic), ("memory_mb", str(self.memory_mb)))
            artifact = assets.artifact_path(rendered.path)
            question = smtrender.question(rendered.text)
            group = [ProofTask(rendered.obligation, name, rendered.text, artifact, options, question)
                     for name in selected if solvers.supports(name, rendered.logic, rendered.text)]
            if group:
                groups.append(group)
        return groups

    def run_group(self, group: list[ProofTask], timeout: float, agree: int,
                  cancel: threading.Event | None = None) -> list[Attempt]:
        """Race the group's solvers; stop once ``agree`` definite answers agree (or all have answered)."""
        obligation = group[0].obligation
        rendered = self._rendered.get(obligation.id) or smtrender.render(obligation, Path("."))
        finished: queue.Queue = queue.Queue()
        started = time.monotonic()
        workers = {}
        for task in group:
            worker = self.pool.acquire(task.prover)
            workers[task.prover] = worker
            threading.Thread(target=_collect, args=(task, worker, timeout, finished), daemon=True).start()
        attempts: dict[str, Attempt] = {}
        deadline = started + timeout
        while len(attempts) < len(group) and not self._decided(group, attempts, agree):
            if cancel is not None and cancel.is_set():
                break
            try:
                task, answer, elapsed = finished.get(timeout=min(POLL_SECONDS, max(0.0, deadline - time.monotonic())))
            except queue.Empty:
                if time.monotonic() >= deadline:
                    break
                continue
            self.pool.release(workers[task.prover], answer)
            attempts[task.prover] = self._attempt(task, answer, elapsed, rendered)
        decided = self._decided(group, attempts, agree)
        winners = ", ".join(p for p, a in attempts.items() if a.verdict in DEFINITE)
        for task in group:
            if task.prover in attempts:
                continue
            workers[task.prover].kill()
            elapsed = round(time.monotonic() - started, 3)
            if decided or (cancel is not None and cancel.is_set()):
                attempts[task.prover] = Attempt(task.prover, "skipped", elapsed, version=self._version(task.prover),
                                                message=f"stopped: {winners or 'another prover'} answered first")
            else:
                attempts[task.prover] = Attempt(task.prover, "timeout", elapsed, version=self._version(task.prover),
                                                message=f"no answer within {timeout:g} s")
        return [attempts[task.prover] for task in group]

    @staticmethod
    def _decided(group: list[ProofTask], attempts: dict[str, Attempt], agree: int) -> bool:
        """Decided by the answers so far, whatever the solvers still running would say (they are
        ranked after the decision: `verdicts.deciding`)."""
        pending = {task.prover for task in group} - set(attempts)
        return deciding(list(attempts.values()), agree, pending) is not None

    def _version(self, solver: str) -> str:
        return solvers.version(solver)

    def _attempt(self, task: ProofTask, answer: solvers.Answer, elapsed: float,
                 rendered: smtrender.Rendered) -> Attempt:
        version = self._version(task.prover)
        if answer.status == "unsat":
            return Attempt(task.prover, "proved", elapsed, version=version)
        if answer.status == "sat":
            found, problem = counterexample.check(task.obligation, rendered.variables, answer.model)
            return Attempt(task.prover, "error" if problem else "refuted", elapsed, version=version,
                           counterexample=found, message=problem)
        return Attempt(task.prover, answer.status if answer.status in ("unknown", "error") else "error", elapsed,
                       version=version, message=answer.message or answer.status)


def _collect(task: ProofTask, worker: solvers.Worker, timeout: float, finished: queue.Queue) -> None:
    start = time.monotonic()
    answer = worker.ask(task.text, timeout)   # a garbled answer is an error answer (`solvers.parse_output`)
    finished.put((task, answer, round(time.monotonic() - start, 3)))

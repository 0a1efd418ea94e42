"""The SMT backend: every obligation rendered to SMT-LIB, raced by a Z3 / cvc5 / Bitwuzla portfolio.

The solvers of one obligation start one after another in preference order,
`STAGGER_S` apart or as soon as those before have answered, each in its own
worker process (reused from obligation to obligation while it answers well).  A definite
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
from divbridge.provers.verdicts import DEFINITE, Attempt, deciding, rank


# a solver starts this long after the one ranked before it, unless that one has answered already: a
# solver that would answer after a higher-ranked one's proof cannot decide (`verdicts.deciding`), and
# on two cores its run only slows the others down.  Most answers come in hundredths of a second; the
# slowest proof here (Bitwuzla on FP64's A / A = 1) in 6-10 s, beside which Z3 (10 s) and cvc5 ran in
# vain when the stagger was 5 s: a cold bench then spent 16 s in Z3 and 5.5 s in cvc5, none deciding
STAGGER_S = 15.0


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
        """Race the group's solvers, started in `verdicts.PREFERENCE` order (`STAGGER_S`), each under its own
        time limit; stop once ``agree`` definite answers agree (or all have answered)."""
        obligation = group[0].obligation
        rendered = self._rendered.get(obligation.id) or smtrender.render(obligation, Path("."))
        waiting = sorted(group, key=lambda task: rank(task.prover))
        finished: queue.Queue = queue.Queue()
        workers: dict[str, solvers.Worker] = {}
        deadlines: dict[str, float] = {}   # a started solver -> the end of its time limit
        attempts: dict[str, Attempt] = {}
        next_start = time.monotonic()
        while True:
            now = time.monotonic()
            for prover in [p for p in deadlines if p not in attempts and now >= deadlines[p]]:
                workers[prover].kill()
                attempts[prover] = Attempt(prover, "timeout", timeout, version=self._version(prover),
                                           message=f"no answer within {timeout:g} s")
            running = [p for p in deadlines if p not in attempts]
            if len(attempts) == len(group) or self._decided(group, attempts, agree) or (cancel and cancel.is_set()):
                break
            if len([a for a in attempts.values() if a.verdict in DEFINITE]) >= agree:
                waiting.clear()   # what a solver ranked after these answers says cannot change the outcome
            if waiting and (not running or now >= next_start):
                task = waiting.pop(0)
                workers[task.prover] = worker = self.pool.acquire(task.prover)
                deadlines[task.prover], next_start = now + timeout, now + STAGGER_S
                threading.Thread(target=_collect, args=(task, worker, timeout, finished), daemon=True).start()
                continue
            if not running:   # every solver that can matter has answered (answers that contradict: an error)
                break
            until = min([deadlines[p] for p in running] + ([next_start] if waiting else []))
            try:
                task, answer, elapsed = finished.get(timeout=min(POLL_SECONDS, max(0.0, until - now)))
            except queue.Empty:
                continue
            if task.prover not in attempts:   # not a late answer of a solver already timed out
                self.pool.release(workers[task.prover], answer)
                attempts[task.prover] = self._attempt(task, answer, elapsed, rendered)
        winners = ", ".join(p for p, a in attempts.items() if a.verdict in DEFINITE)
        for task in group:   # decided, or the obligation decided by another backend: the rest are stopped
            if task.prover not in attempts:
                started = task.prover in deadlines
                if started:
                    workers[task.prover].kill()
                elapsed = round(time.monotonic() - deadlines[task.prover] + timeout, 3) if started else 0.0
                attempts[task.prover] = Attempt(task.prover, "skipped", elapsed, version=self._version(task.prover),
                                                message=f"stopped: {winners or 'another prover'} answered first")
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

"""Run proof tasks: cache first, then the backends in parallel, one verdict per obligation.

A backend (Why3, the SMT portfolio, exhaustive enumeration) renders its
files and groups its tasks per obligation; the runner asks the cache for
each task, runs what is left on a thread pool (backends do their heavy work
in subprocesses; the backends beside the decision, Why3, on a pool of their
own), prints one line per finished obligation, and combines
every attempt on an obligation into one `Outcome`.  It returns one
`verdicts.ObligationResult` per obligation: the obligation with its outcome.

Which answer decides does not depend on timing: a definite answer stops only
the provers ranked after it in `verdicts.PREFERENCE` (see `verdicts.deciding`).
"""

from __future__ import annotations

import abc
import queue
import sys
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol, TextIO

from divbridge.atomicio import remove_others, write_text_atomic
from divbridge.obligations.model import Obligation
from divbridge.provers import process
from divbridge.provers.verdicts import Attempt, ObligationResult, Outcome, answers_task, combine, deciding


@dataclass(frozen=True)
class ProofTask:
    obligation: Obligation
    prover: str        # "why3" | "z3" | "cvc5" | "bitwuzla" | "exhaustive" (see `answers_task`)
    text: str          # the exact input the prover reads
    artifact: str      # the rendered file relative to the project root, "#goal" for a Why3 goal
    options: tuple[tuple[str, str], ...] = ()   # anything else the answer depends on
    # what the answer depends on, hashed into the cache key: the text, or less of it (an SMT-LIB query
    # without its comments, so that a claim a document makes twice is proved once)
    question: str = ""


class Backend(abc.ABC):
    name: str
    # cheaper backends run first, the next tier only when they leave the obligation undecided;
    # backends of one cost race.  Gappa and Coq (cost 0) settle their claims in 0.02 s and 2 s
    # where the others bit-blast for minutes; Why3 and SMT race (cost 1): a fixed order would
    # make a hard goal wait for the time limit of a prover that cannot do it; enumerating
    # 2^32 pairs (cost 2, 10-40 s) runs only when no reasoning prover settled the claim
    cost: int = 1
    # a backend whose tasks take seconds even when they succeed (Coq: 3-10 s a file): its obligations are
    # started before the others, so that a cold run ends on short tasks, not on a long one beside an idle core
    first: bool = False
    # a backend whose answer is recorded beside the deciding prover's (Why3, on its own theories): it
    # answers every goal it has, in a tier of its own after the others, never cut off by their decision
    beside: bool = False

    def time_limit(self, timeout: float) -> float:
        """The limit of one of its runs, given the run's --timeout (the cache keys on it)."""
        return timeout

    @abc.abstractmethod
    def versions(self) -> dict[str, str]:
        """Tool -> version; raises ToolMissing when the backend's tool is absent."""

    @abc.abstractmethod
    def prepare(self, obligations: list[Obligation], out_dir: Path, provers: set[str]) -> list[list[ProofTask]]:
        """Render files under out_dir; one group of tasks per obligation handled."""

    @abc.abstractmethod
    def run_group(self, group: list[ProofTask], timeout: float, agree: int,
                  cancel: threading.Event | None = None) -> list[Attempt]:
        """Run the (uncached) tasks of one obligation; they race as a portfolio.  When
        ``cancel`` is set (another backend has decided the obligation) stop at once and
        record the unfinished tasks as skipped."""

    def expect(self, tasks: list[ProofTask]) -> None:
        """Before a run, to a backend beside the decision: its tasks the cache did not answer, which the
        run will ask for (Why3 starts at once the file passes they share)."""


class FileBackend(Backend):
    """A backend whose prover reads one rendered file per obligation (Gappa, Coq): the file goes
    to ``out_dir/<name>/<obligation id><suffix>`` and its text is the task's input."""

    suffix: str

    @abc.abstractmethod
    def handles(self, obligation: Obligation) -> bool:
        """Whether this backend has a rendering of the obligation."""

    @abc.abstractmethod
    def render(self, obligation: Obligation) -> str:
        """The prover's input for the obligation."""

    @abc.abstractmethod
    def prove(self, text: str, timeout: float, cancel: threading.Event | None = None) -> Attempt:
        """Run the prover on one rendered input."""

    def question(self, text: str) -> str:
        """What the prover's answer to a rendered input depends on (`ProofTask.question`): its text without the
        comments that cite the document, so that a renamed tag or a moved requirement proves nothing again."""
        return text

    def prepare(self, obligations: list[Obligation], out_dir: Path, provers: set[str]) -> list[list[ProofTask]]:
        if self.name not in provers:
            return []
        groups = []
        for obligation in filter(self.handles, obligations):
            text = self.render(obligation)
            path = out_dir / self.name / f"{obligation.id}{self.suffix}"
            write_text_atomic(path, text)
            groups.append([ProofTask(obligation, self.name, text, path.as_posix(), question=self.question(text))])
        remove_others(out_dir / self.name, f"*{self.suffix}", [Path(group[0].artifact) for group in groups])
        return groups

    def run_group(self, group: list[ProofTask], timeout: float, agree: int,
                  cancel: threading.Event | None = None) -> list[Attempt]:
        return [self.prove(task.text, timeout, cancel) for task in group]


class Cache(Protocol):
    mode: str

    def lookup(self, task: ProofTask, version: str, time_limit: float | None = None) -> Attempt | None: ...

    def store(self, task: ProofTask, version: str, attempt: Attempt, time_limit: float | None = None) -> None: ...


@dataclass
class RunOptions:
    timeout: float = 20.0
    agree: int = 1
    jobs: int = 2
    # once an obligation is decided, the other provers of its tier get this long to finish before
    # they are stopped (second proofs kept as evidence); 0: stop them at once, the cold-run default
    grace: float = 0.0
    race: bool = False   # every backend at once (the old portfolio), instead of cheapest first
    # every prover of every tier runs to the end on every obligation, whatever decided it (`prove --confirm`): a
    # second, independent answer for each verdict, and each disagreement an error
    confirm: bool = False
    provers: set[str] = field(default_factory=lambda: {"why3", "z3", "cvc5", "bitwuzla", "gappa", "coq", "exhaustive"})


def _prover_tool(prover: str) -> str:
    """The tool whose version keys the cache: why3+z3 is keyed by why3 (its z3 is in the options)."""
    return prover.split("+")[0]


class Runner:
    def __init__(self, backends: list[Backend], cache: Cache, options: RunOptions,
                 out_dir: Path, stream: TextIO | None = None, label: str = ""):
        self.backends = backends
        self.cache = cache
        self.options = options
        self.out_dir = out_dir
        self.stream = stream or sys.stdout   # looked up now: sys.stdout may be replaced after import
        self.label = f"{label}: " if label else ""   # which run the progress lines belong to, when there are several
        self.versions: dict[str, str] = {}
        # the obligations of which an attempt ended in an error, which the cache does not keep: a next run would
        # ask that prover again
        self.uncached: set[str] = set()
        self._stops: set[threading.Event] = set()   # the races under way, stopped all at once on Ctrl-C
        self._stops_lock = threading.Lock()

    def run(self, obligations: list[Obligation]) -> tuple[list[ObligationResult], dict[str, str]]:
        """Prove every obligation, its files rendered under the runner's ``out_dir``; returns one result each
        (catalogue order) and the tool versions."""
        (results,), versions = self.run_batches([(obligations, self.out_dir)])
        return results, versions

    def run_batches(self, batches: list[tuple[list[Obligation], Path]]
                    ) -> tuple[list[list[ObligationResult]], dict[str, str]]:
        """Prove the obligations of several documents at once, each batch's files rendered under its own
        directory, on one pool of workers (the obligations' ids are distinct across the batches: each
        operator's carry its prefix); returns the results of each batch (catalogue order) and the tool
        versions."""
        for backend in self.backends:
            self.versions.update(backend.versions())
        obligations = [o for batch, _ in batches for o in batch]
        groups: dict[str, list[tuple[Backend, list[ProofTask]]]] = {o.id: [] for o in obligations}
        for batch, out_dir in batches:
            for backend in self.backends:
                for group in backend.prepare(batch, out_dir, self.options.provers):
                    if group:
                        groups[group[0].obligation.id].append((backend, group))
        to_prove = [o for o in obligations if groups[o.id]]
        attempts: dict[str, list[Attempt]] = {o.id: [] for o in obligations}
        process.resume()
        known = self._beside_answers(to_prove, groups)
        self._prove_all(to_prove, groups, known, attempts)
        results = [[ObligationResult(o, combine(attempts[o.id], self.options.agree),
                                     {backend.name: group[0].artifact for backend, group in groups[o.id]})
                    for o in batch] for batch, _ in batches]
        return results, dict(sorted(self.versions.items()))

    def _prove_all(self, obligations: list[Obligation], groups: dict[str, list[tuple[Backend, list[ProofTask]]]],
                   known: dict[str, dict[str, Attempt | None]], attempts: dict[str, list[Attempt]]) -> None:
        """Decide each obligation (`_decide`) on a pool of ``jobs`` workers, then run its tasks beside the
        decision (`_beside`) on a pool of their own: an obligation waiting for Why3's file pass of its theory
        holds none of the workers that decide the next ones.  One progress line per obligation, once both
        are done."""
        started = time.monotonic()
        jobs = max(1, self.options.jobs)
        finished: queue.Queue = queue.Queue()   # each future as it ends (`wait` on all of them is quadratic)
        futures: dict[Future, Obligation] = {}

        def submit(pool: ThreadPoolExecutor, obligation: Obligation, work, *args) -> None:
            future = pool.submit(work, *args)
            futures[future] = obligation
            future.add_done_callback(finished.put)

        with ThreadPoolExecutor(max_workers=jobs) as pool, ThreadPoolExecutor(max_workers=jobs) as beside_pool:
            try:
                for obligation in sorted(obligations, key=lambda o: not any(b.first for b, _ in groups[o.id])):
                    submit(pool, obligation, self._decide, groups[obligation.id], known[obligation.id])
                done = 0
                while done < len(obligations):
                    future = finished.get()
                    obligation = futures[future]
                    decision = future.result()   # `_decide`'s attempts and what it left beside; None: `_beside`'s end
                    if decision is not None:
                        attempts[obligation.id], beside = decision
                        if beside:
                            submit(beside_pool, obligation, self._beside, beside, attempts[obligation.id],
                                   groups[obligation.id])
                            continue
                    done += 1
                    self._progress(done, len(obligations), obligation,
                                   combine(attempts[obligation.id], self.options.agree), time.monotonic() - started)
            except BaseException:   # Ctrl-C: stop every prover now and start no other, then go
                self._abort(futures)
                raise

    def _beside_answers(self, obligations: list[Obligation], groups: dict[str, list[tuple[Backend, list[ProofTask]]]]
                        ) -> dict[str, dict[str, Attempt | None]]:
        """Obligation -> prover -> the cache's answer, for the tasks of the backends beside the decision, looked
        up before the run so that each backend learns which of its tasks the run will ask for (`Backend.expect`)."""
        known: dict[str, dict[str, Attempt | None]] = {o.id: {} for o in obligations}
        for beside in [backend for backend in self.backends if backend.beside]:
            asked = []
            for obligation in obligations:
                for task in [task for backend, group in groups[obligation.id] if backend is beside for task in group]:
                    hit = known[obligation.id][task.prover] = self._lookup(beside, task)
                    if hit is None:
                        asked.append(task)
            if asked and self.cache.mode != "offline":
                beside.expect(asked)
        return known

    def _decide(self, groups: list[tuple[Backend, list[ProofTask]]], known: dict[str, Attempt | None]
                ) -> tuple[list[Attempt], list[tuple[Backend, list[ProofTask]]]]:
        """The cache first (``known``: its answers already looked up); then the backends' remaining tasks,
        cheapest tier first, until the attempts decide the obligation (``agree`` definite answers, none
        contradicting, and no prover ranked before them still to answer).  Returns the attempts, and the
        tasks the cache left to the backends beside the decision (`_beside` runs them)."""
        candidates = {task.prover for _, group in groups for task in group}
        attempts: list[Attempt] = []
        missing: list[tuple[Backend, list[ProofTask]]] = []
        for backend, group in groups:
            hits = {task.prover: known[task.prover] if task.prover in known else self._lookup(backend, task)
                    for task in group}
            attempts.extend(hit for hit in hits.values() if hit is not None)
            left = [task for task in group if hits[task.prover] is None]
            if left:
                missing.append((backend, left))
        if self.cache.mode == "offline":
            return attempts + [Attempt(t.prover, "error", 0.0, message="not in cache (offline)")
                               for _, group in missing for t in group], []
        for tier in self._tiers([pair for pair in missing if not pair[0].beside]):
            if (self._decided(attempts, candidates) and not self.options.confirm) or process.aborted():
                break
            self._race(tier, attempts, candidates, to_the_end=self.options.confirm)
        return attempts, [pair for pair in missing if pair[0].beside]

    def _beside(self, beside: list[tuple[Backend, list[ProofTask]]], attempts: list[Attempt],
                groups: list[tuple[Backend, list[ProofTask]]]) -> None:
        """The tasks of the backends beside the decision, added to ``attempts``: all run to the end."""
        if not process.aborted():
            self._race(beside, attempts, {task.prover for _, group in groups for task in group}, to_the_end=True)

    def _abort(self, futures) -> None:
        process.abort()
        for future in futures:
            future.cancel()
        with self._stops_lock:
            for stop in self._stops:
                stop.set()

    def _tiers(self, missing: list[tuple[Backend, list[ProofTask]]]) -> list[list[tuple[Backend, list[ProofTask]]]]:
        if self.options.race:
            return [missing] if missing else []
        costs = sorted({backend.cost for backend, _ in missing})
        return [[pair for pair in missing if pair[0].cost == cost] for cost in costs]

    def _race(self, missing: list[tuple[Backend, list[ProofTask]]], attempts: list[Attempt],
              candidates: set[str], to_the_end: bool = False) -> None:
        """Run the backends of one tier at once; once the attempts decide the obligation, the
        others (all ranked after the decision) get the grace period to finish, then stop (``to_the_end``:
        never, a tier of backends recorded beside the decision; only Ctrl-C stops it)."""
        stop = threading.Event()
        with self._stops_lock:
            self._stops.add(stop)
            if process.aborted():
                stop.set()
        lock = threading.Lock()
        timers: list[threading.Timer] = []

        def race(backend: Backend, group: list[ProofTask]) -> None:
            answers = self._run_group(backend, group, stop)
            with lock:
                attempts.extend(answers)
                if not to_the_end and self._decided(attempts, candidates) and not timers:
                    timers.append(threading.Timer(self.options.grace, stop.set))
                    timers[0].start()

        threads = [threading.Thread(target=race, args=pair) for pair in missing]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        for timer in timers:
            timer.cancel()
        with self._stops_lock:
            self._stops.discard(stop)

    def _decided(self, attempts: list[Attempt], candidates: set[str]) -> bool:
        """Decided, whatever the provers still running would say: they are all ranked after the decision."""
        pending = {c for c in candidates if not any(answers_task(a.prover, c) for a in attempts)}
        return deciding(attempts, self.options.agree, pending) is not None

    def _version(self, task: ProofTask) -> str:
        return self.versions.get(_prover_tool(task.prover), "")

    def _prover_version(self, prover: str) -> str:
        """The version an attempt records (what --replay checks): why3+z3 names both tools."""
        tool, _, solver = prover.partition("+")
        version = self.versions.get(tool, "")
        return f"{version} ({solver} {self.versions.get(f'{tool}/{solver}', '?')})" if solver else version

    def _with_version(self, attempt: Attempt) -> Attempt:
        if not attempt.version:
            attempt.version = self._prover_version(attempt.prover)
        return attempt

    def _lookup(self, backend: Backend, task: ProofTask) -> Attempt | None:
        if self.cache.mode == "off":
            return None
        hit = self.cache.lookup(task, self._version(task), backend.time_limit(self.options.timeout))
        return None if hit is None else self._with_version(hit)

    def _run_group(self, backend: Backend, group: list[ProofTask], decided: threading.Event) -> list[Attempt]:
        """Run the tasks the cache could not answer, and store their answers."""
        try:
            # confirming, a backend's own portfolio (the SMT solvers) waits for every one of them too
            agree = len(group) if self.options.confirm else self.options.agree
            fresh = backend.run_group(group, backend.time_limit(self.options.timeout), agree, decided)
        except Exception as exc:  # a crashed backend is an error verdict, never a lost obligation
            fresh = [Attempt(t.prover, "error", 0.0, message=f"{type(exc).__name__}: {exc}") for t in group]
        for attempt in fresh:
            if attempt.verdict == "error":
                self.uncached.add(group[0].obligation.id)
            self._with_version(attempt)
            task = next((t for t in group if answers_task(attempt.prover, t.prover)), None)
            if task is not None and self.cache.mode == "readwrite":
                self.cache.store(task, self._version(task), attempt, backend.time_limit(self.options.timeout))
        return fresh

    def _progress(self, done: int, total: int, obligation: Obligation, outcome: Outcome, elapsed: float) -> None:
        if (obligation.expect, outcome.verdict) in (("valid", "proved"), ("invalid", "refuted")):
            mark = "ok "
        else:
            mark = "?? " if obligation.open and outcome.verdict in ("timeout", "unknown") else "!! "
        source = " (cached)" if outcome.cached else ""
        print(f"{self.label}[{done:>3}/{total}] {mark}{outcome.verdict:<8} {obligation.id}  "
              f"{outcome.prover} {outcome.time_s:.2f}s{source}  [{elapsed:.0f}s]", file=self.stream, flush=True)


"""Z3, cvc5 and Bitwuzla through their PyPI packages, in reused worker processes.

The parent starts ``python -m divbridge.provers.solvers SOLVER MEMORY_MB`` (a
Worker) and sends it one query after another; for each, the child limits its
CPU time (its address space is limited once), parses the text with the
solver's own SMT-LIB parser, checks satisfiability and prints one JSON line:
the status, and on ``sat`` the value of every declared constant (bit-vectors
and integers as decimal integers, reals as "p/q").  A killed or crashed child
prints nothing, which the parent reports as a timeout or an error, never as an
answer; it is then replaced by a new worker.
"""

from __future__ import annotations

import functools
import importlib.metadata
import io
import json
import math
import re
import resource
import subprocess
import sys
import threading
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from divbridge.errors import ToolMissing
from divbridge.provers.process import kill

# solver -> (PyPI distribution, module)
SOLVERS = {"z3": ("z3-solver", "z3"), "cvc5": ("cvc5", "cvc5"), "bitwuzla": ("bitwuzla", "bitwuzla")}
REAL_FREE = {"bitwuzla"}    # no real nor integer arithmetic
DEFAULT_MEMORY_MB = 2048
WALL_GRACE_S = 5.0   # beyond a query's CPU limit, how long a worker may take before it is killed
_FP_SIZES = re.compile(r"\(_ (?:FloatingPoint|to_fp) (\d+) (\d+)\)")


@functools.cache
def version(solver: str) -> str:
    """The installed version of a solver's package; ToolMissing when it is absent."""
    distribution, _ = SOLVERS[solver]
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        raise ToolMissing(solver, f".venv/bin/pip install {distribution}") from None


# the float sizes (eb, sb) each solver accepts; None: any.  Bitwuzla's PyPI build has only the IEEE
# interchange formats (it rejects BF16), cvc5 needs its experimental mode for other sizes (see _cvc5).
FLOAT_SIZES = {"z3": None, "cvc5": None, "bitwuzla": {(5, 11), (8, 24), (11, 53), (15, 113)}}


def float_sizes(text: str) -> set[tuple[int, int]]:
    return {(int(eb), int(sb)) for eb, sb in _FP_SIZES.findall(text)}


def supports(solver: str, logic: str, text: str) -> bool:
    """Can ``solver`` read this query?  (Bitwuzla has no reals, and no float sizes but the standard ones.)"""
    if solver in REAL_FREE and ("RA" in logic or "IA" in logic):
        return False
    sizes = FLOAT_SIZES[solver]
    return sizes is None or float_sizes(text) <= sizes


@dataclass
class Answer:
    status: str                  # sat | unsat | unknown | error
    model: dict[str, Any]        # declared constant -> int (bit-vector) or Fraction (real)
    message: str = ""


class Worker:
    """A long-lived child for one solver that answers query after query, so that Python and
    the solver's module start once per worker instead of once per query.  The isolation of a
    separate process stays: its own process group, its memory limit, a CPU limit per query;
    the caller kills it on a timeout or a cancellation, and a crash is an error answer."""

    def __init__(self, solver: str, memory_mb: int):
        self.solver = solver
        self.process = subprocess.Popen(
            [sys.executable, "-m", "divbridge.provers.solvers", solver, str(memory_mb)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, encoding="utf-8",
            start_new_session=True)

    def ask(self, text: str, cpu_seconds: float) -> Answer:
        """Send one query and wait for its one-line answer (the caller keeps the wall-clock limit)."""
        try:
            self.process.stdin.write(f"{int(cpu_seconds) + 1} {len(text)}\n{text}")
            self.process.stdin.flush()
            line = self.process.stdout.readline()
        except (OSError, ValueError):   # the pipe of a worker that died or was killed
            line = ""
        if not line:
            return parse_output(self.process.wait(), "", "")
        return parse_output(0, line, "")

    @property
    def alive(self) -> bool:
        return self.process.poll() is None

    def kill(self) -> None:
        kill(self.process)
        self.process.wait()


class WorkerPool:
    """Idle workers per solver.  A worker goes back to the pool only after a well-formed
    answer; a killed, crashed or out-of-memory worker is dropped and a new one started."""

    def __init__(self, memory_mb: int):
        self.memory_mb = memory_mb
        self._idle: dict[str, list[Worker]] = {}
        self._lock = threading.Lock()

    def acquire(self, solver: str) -> Worker:
        with self._lock:
            idle = self._idle.setdefault(solver, [])
            while idle:
                worker = idle.pop()
                if worker.alive:
                    return worker
        return Worker(solver, self.memory_mb)

    def solve(self, solver: str, text: str, seconds: float) -> Answer:
        """One query on a worker of the pool, under its CPU limit and a wall-clock one: a worker still
        running past it is killed, and the answer is an error, never an answer of the solver's."""
        worker = self.acquire(solver)
        watchdog = threading.Timer(seconds + WALL_GRACE_S, worker.kill)
        watchdog.start()
        try:
            answer = worker.ask(text, seconds)
        finally:
            watchdog.cancel()
        self.release(worker, answer)
        return answer

    def close(self) -> None:
        """Stop the idle workers (a worker in use is its caller's)."""
        with self._lock:
            idle, self._idle = [w for ws in self._idle.values() for w in ws], {}
        for worker in idle:
            worker.kill()

    def release(self, worker: Worker, answer: Answer) -> None:
        if answer.status in ("sat", "unsat", "unknown") and worker.alive:
            with self._lock:
                self._idle.setdefault(worker.solver, []).append(worker)
        else:
            worker.kill()


def parse_output(returncode: int, stdout: str, stderr: str) -> Answer:
    """What a finished child said; anything but one well-formed JSON line is an error."""
    lines = stdout.strip().splitlines()
    if returncode != 0 or not lines:
        tail = (stderr.strip().splitlines() or [f"exit status {returncode}"])[-1]
        if returncode in (-9, -24) or "MemoryError" in stderr or "bad_alloc" in stderr:
            tail = f"{tail} (killed by its time or memory limit)" if returncode in (-9, -24) else "out of memory"
        return Answer("error", {}, tail[:300])
    try:
        data = json.loads(lines[-1])
        model = {name: (Fraction(value) if isinstance(value, str) else value) for name, value in data["model"].items()}
        return Answer(data["status"], model, data.get("message", ""))
    except (ValueError, KeyError, TypeError, AttributeError) as exc:   # a garbled line
        return Answer("error", {}, f"garbled answer ({type(exc).__name__}: {exc})"[:300])


# -- the child --------------------------------------------------------------

def _z3(text: str) -> tuple[str, dict[str, Any], str]:
    import z3
    # a context of its own: in the worker's shared one, a model depends on the queries asked before (term ids),
    # and a counterexample recorded in the evidence must be the same on every run
    solver = z3.Solver(ctx=z3.Context())
    solver.from_string(text)
    result = solver.check()
    if result != z3.sat:
        return str(result), {}, solver.reason_unknown() if result == z3.unknown else ""
    model = solver.model()
    values = {}
    for decl in model.decls():
        value = model[decl]
        if z3.is_bv_value(value) or z3.is_int_value(value):
            values[decl.name()] = value.as_long()
        elif z3.is_rational_value(value):
            values[decl.name()] = str(value.as_fraction())
        elif z3.is_algebraic_value(value):
            values[decl.name()] = str(Fraction(value.as_decimal(40).rstrip("?")))
    return "sat", values, ""


def _cvc5(text: str) -> tuple[str, dict[str, Any], str]:
    import cvc5
    manager = cvc5.TermManager()
    solver = cvc5.Solver(manager)
    solver.setOption("produce-models", "true")
    if float_sizes(text) - {(8, 24), (11, 53)}:
        solver.setOption("fp-exp", "true")  # cvc5 needs it for formats other than binary32 and binary64
    symbols = cvc5.SymbolManager(manager)
    parser = cvc5.InputParser(solver, symbols)
    parser.setStringInput(cvc5.InputLanguage.SMT_LIB_2_6, text, "query")
    while True:
        command = parser.nextCommand()
        if command.isNull():
            break
        if command.getCommandName() not in ("check-sat", "exit"):
            command.invoke(solver, symbols)
    result = solver.checkSat()
    if result.isUnsat():
        return "unsat", {}, ""
    if not result.isSat():
        return "unknown", {}, str(result.getUnknownExplanation())
    values = {}
    for term in symbols.getDeclaredTerms():
        value = solver.getValue(term)
        if value.isBitVectorValue():
            values[str(term)] = int(value.getBitVectorValue(10))
        elif value.isIntegerValue():
            values[str(term)] = int(value.getIntegerValue())
        elif value.isRealValue():
            values[str(term)] = str(value.getRealValue())
    return "sat", values, ""


def _bitwuzla(text: str) -> tuple[str, dict[str, Any], str]:
    import bitwuzla
    options = bitwuzla.Options()
    options.set(bitwuzla.Option.PRODUCE_MODELS, True)
    parser = bitwuzla.Parser(bitwuzla.TermManager(), options)
    parser.parse(text, parse_only=True, parse_file=False)
    solver = parser.bitwuzla()
    result = solver.check_sat()
    if result == bitwuzla.Result.UNSAT:
        return "unsat", {}, ""
    if result != bitwuzla.Result.SAT:
        return "unknown", {}, str(result)
    values = {}
    for term in parser.get_declared_funs():
        if term.sort().is_bv():
            values[term.symbol()] = int(solver.get_value(term).value(10))
    return "sat", values, ""


_CHECKERS = {"z3": _z3, "cvc5": _cvc5, "bitwuzla": _bitwuzla}


def _answer(solver: str, text: str) -> dict[str, Any]:
    try:
        status, model, message = _CHECKERS[solver](text)
    except MemoryError:
        return {"status": "error", "model": {}, "message": "out of memory"}
    except Exception as exc:  # the solver's own words (a parse error, an unsupported logic...)
        return {"status": "error", "model": {}, "message": f"{type(exc).__name__}: {exc}"[:300]}
    return {"status": status, "model": model, "message": message}


def _serve(solver: str, memory_mb: int) -> int:
    """The worker: queries "CPU_SECONDS LENGTH\\n" + text on stdin, one JSON line each on stdout,
    until stdin closes.  The CPU limit of each query is set above the CPU time used so far."""
    limit = memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    queries = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", newline="")   # LENGTH counts every character
    while header := queries.readline():
        cpu_seconds, length = (int(field) for field in header.split())
        text = queries.read(length)
        usage = resource.getrusage(resource.RUSAGE_SELF)
        _, hard = resource.getrlimit(resource.RLIMIT_CPU)
        soft = math.ceil(usage.ru_utime + usage.ru_stime) + cpu_seconds
        resource.setrlimit(resource.RLIMIT_CPU, (soft if hard == resource.RLIM_INFINITY else min(soft, hard), hard))
        answer = _answer(solver, text)
        print(json.dumps(answer), flush=True)
        if answer["status"] == "error":
            return 0   # a solver that failed may have left its library in a bad state: start afresh
    return 0


if __name__ == "__main__":
    sys.exit(_serve(sys.argv[1], int(sys.argv[2])))

"""The Why3 backend: per generated file, one `why3 prove` run per route over the goals expected to hold that
the proof cache did not answer (`Statement.why3_route`, `why3drivers`; a goal's answer is keyed on its own
task, `obligations.why3task`): Z3 on the goals' bits (the special values, the case table, the
examples...), Z3 on abstract floats, and Z3 on Why3's whole task under a short limit; then one run per goal
they left open: Gappa on an error bound (a statement with a Gappa encoding), Z3 on the goal's bits with a
model on a float probe or on a goal whose bits pass found it satisfiable, CVC4 on a real or integer claim;
then Z3 on the whole task under the full limit.  The attempt names the prover inside Why3 that answered (``why3+z3``, ``why3+z3abstract``,
``why3+z3bits``, ``why3+gappa``, ``why3+cvc4``).  The file passes a run will ask for, and the one attempt
on each goal beyond Z3 here, start together at its start, in the background (`Why3Backend.expect`).

A module may state lemmas, steps of a goal's proof (`Statement.why3_lemmas`:
monotonicity follows from four); they come after the module's other goals, just
before the goals that rest on them, and such a goal counts as proved only when
Z3 on abstract floats proves each lemma too (once per run); otherwise it is
unknown, and says which lemma failed.

CVC4, not cvc5: Why3 1.5.1 detects CVC4 (Debian's ``cvc4``, 1.8) and has no
driver for cvc5.  Debian's CVC4 is built without SymFPU, so it answers the
integer and real goals only; on a float goal it fails at once (an ``error``
answer, never a proof).  A machine without CVC4 proves with Z3 alone (a one-line
note).

Why3 1.5.1 maps only Float32 and Float64 to SMT-LIB and to Gappa; the FP16 and
BFloat16 clones of why3/floats.mlw need why3/floats.drv (SMT-LIB sorts) and
why3/floats_gappa.drv (Gappa's rounding), which a generated ``--extra-config``
adds to Z3's and CVC4's driver, and Gappa's, through ``[prover_modifiers]``.
The Why3 configuration itself is generated too (``why3 config detect``) so that
a run never depends on the user's ~/.why3.conf.  Both hold this machine's
absolute paths: they go to the cache directory (`machine_config`), never to
``proofs/``, whose evidence is the same from any clone.  Why3 and the provers it
drives are looked up in the system's directories (`SYSTEM_PATH`), never on
``PATH``, and ``why3 config detect`` records them there by absolute path: a
virtual environment's ``z3`` (z3-solver ships one, another version) cannot
take the place of Debian's, whether the environment is activated or not.

Answers map to verdicts honestly: only "Valid" is proved; "Invalid", or
"Unknown (sat)" on a goal expected to be invalid, is refuted; everything
else is unknown, timeout or error.

A refutation's model (Z3's, through Why3's ``--counterexample`` prover
``z3-ce``) is decoded like an SMT model when it names every operand of the
obligation (``a = -0x1.004p0 (-1.00098)``, ``+0``, ``-∞``, ``NaN``,
``128 (0X80)``) and replayed on the mirror: one the mirror does not reproduce
makes the attempt an ``error``, as for the SMT solvers.  A model that names
other variables (a goal quantified over intermediate results, not over the
operands) is kept in Why3's words, never replayed, and
never the headline counterexample (`verdicts.headline`).
"""

from __future__ import annotations

import functools
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from fractions import Fraction
from pathlib import Path
from typing import Callable

from divbridge import assets, cachedir, statements
from divbridge.atomicio import write_text_atomic
from divbridge.errors import InputError, ToolMissing
from divbridge.formats import FloatFormat, IntFormat, get_format
from divbridge.obligations import smtrender, why3render, why3task
from divbridge.obligations.model import Obligation
from divbridge.provers import counterexample, toolprobe
from divbridge.provers.counterexample import Counterexample
from divbridge.provers.process import aborted, communicate
from divbridge.provers.runner import Backend, ProofTask
from divbridge.provers.verdicts import DEFINITE, Attempt
from divbridge.provers.why3drivers import ABSTRACT, BITS, VARIANTS
from divbridge.statements.why3terms import FLOAT_THEORIES

PROVER = "why3"   # the task's prover; an attempt names the prover inside Why3 that answered: why3+z3, why3+cvc4
# Why3's shortcut -> the prover's name in Why3's configuration, in the order tried; z3abstract and z3bits are Z3
# under drivers of divbridge's own (`why3drivers`), each tried on the float goals of its route
SOLVERS = {"z3": "Z3", ABSTRACT.shortcut: ABSTRACT.name, BITS.shortcut: BITS.name, "cvc4": "CVC4", "gappa": "Gappa"}
# Z3 inside Why3 stops at a number of steps (its rlimit, deterministic under the fixed seeds of its command),
# so that Why3's verdict on a goal, and the committed sessions, do not depend on the machine's load; the time
# limits below are only backstops, well beyond what the steps take on this machine kind (1.6 to 3 million steps
# a second, by its load: an FP64 identity, x op 1 = x, takes 55 s on a slow day)
Z3_STEPS = {
    "file": 6_000_000,       # the per-file pass: what Z3 proves within it is settled by one Why3 run per file;
                             # a goal it leaves open (or expected invalid: it needs a model) gets its own run
    "abstract": 30_000_000,  # Z3 on abstract floats: where the route works it takes 0.1-1 s here
    "bits": 30_000_000,      # Z3 on the goal's bits: FP64's x op x = 1 takes 11 million, x op 1 = x 2 million
    "beside": 100_000_000,   # Z3 on a goal of its own: FP64's x op 1 = x takes 88 million, x op x = 1 75
    "beyond": 500_000,       # a goal beyond Z3 here (`Statement.why3_beyond`): one attempt, 0.6-5 s (the integer
                             # ones' time goes mostly before Z3's steps count); 2 million steps (2.4-6.6 s each,
                             # 19 s of a cold run) and 6 million (2-11 s) settle none of them either, nor Z3 on
                             # their SMT-LIB in 100-120 s
}
FILE_PASS_S = 15.0
ROUTE_S = 60.0   # Z3 under a route's driver (abstract floats, the goal's bits); its steps bound it first
# Why3 answers beside the decision: a goal it cannot close within the steps is recorded as open.  The sessions
# record this cap for `why3 replay`, which runs Z3 by time alone (Why3 1.5.1 reads no step limit back from a
# session): there FP64's x op 1 = x needs 45-55 s, beyond the 60 s cap once two replays share 2 cores
BESIDE_S = 180.0
# the file passes run ahead of the tasks two at a time: once the provers that decide are done, the last passes
# still keep both cores of this machine kind busy
PASSES_AT_ONCE = 2
CVC4_S = 10.0       # CVC4 answers the real and integer goals it proves in hundredths of a second
GAPPA_S = 10.0      # Gappa answers an error bound in hundredths of a second
LIBRARY_FILES = ("floats.mlw", "floats.drv", "floats_gappa.drv", "tensor.mlw", "ints.mlw")
# the driver lines for the FP16 and BFloat16 clones, per prover: SMT-LIB sorts, Gappa's rounding
MODIFIERS = {"Z3": "floats.drv", "CVC4": "floats.drv", "Gappa": "floats_gappa.drv"}
MEMORY_MB = 2000   # the memory limit of every prover Why3 runs
SYSTEM_PATH = toolprobe.SYSTEM_PATH   # where Debian (and a local build) put why3 and its provers

_RESULT = re.compile(r"Prover result is: (?P<answer>.*?) \((?P<time>\d+(?:\.\d+)?)s(?:, (?P<steps>\d+) steps)?\)")
_MODEL_LINE = re.compile(r"^\s{4}(?P<name>[A-Za-z_][\w']*) = (?P<value>.+?)\s*$")
_WHY3_SUBNORMAL = re.compile(r"^(?P<sign>[-+]?)0x0\.(?P<fraction>[0-9a-f]+)p(?P<exponent>-\d+)$", re.IGNORECASE)
_GLOSS = re.compile(r"\s*\([^()]*\)$")     # Why3's gloss after a value: "128 (0X80)", "-0x1.004p0 (-1.00098)"
_FLOAT_WORDS = {"+\u221e": "inf", "\u221e": "inf", "-\u221e": "-inf", "+0": "0", "nan": "nan"}


def parse_answer(output: str, step_limit: int | None = None) -> tuple[str, float] | None:
    """("Unknown (sat)", 0.03) from why3's output, or None when no prover answered; Z3 stopped by
    ``step_limit`` (it answers "unknown" there) is "Step limit exceeded"."""
    match = _RESULT.search(output)
    if match is None:
        return None
    answer = match.group("answer").strip()
    if step_limit and answer.startswith("Unknown") and int(match.group("steps") or 0) >= step_limit:
        answer = "Step limit exceeded"
    return answer, float(match.group("time"))


def parse_model(output: str, file_name: str | None = None) -> dict[str, str] | None:
    """The values Z3's model gives the goal's variables, if Why3 printed a model.

    Why3 groups the model by source file; only the entries of ``file_name``
    (the theory being proved) are the goal's variables, the rest are library constants.
    """
    model: dict[str, str] = {}
    in_model = False
    current_file = None
    for line in output.splitlines():
        if "counterexample model" in line:
            in_model = True
        elif in_model and line.startswith("File ") and line.rstrip().endswith(":"):
            current_file = line[len("File "):].rstrip().rstrip(":")
        elif in_model:
            found = _MODEL_LINE.match(line)
            if found and (file_name is None or current_file is None or Path(current_file).name == file_name):
                model[found.group("name")] = found.group("value")
    return model or None


def model_values(variables: dict[str, str], model: dict[str, str]) -> dict[str, int | Fraction] | None:
    """The operands' values in Why3's model (float bit patterns, integers, rationals); None when
    one is missing or not a value of its format exactly."""
    values: dict[str, int | Fraction] = {}
    for name, format_name in variables.items():
        value = _value(format_name, model[name]) if name in model else None
        if value is None:
            return None
        values[name] = value
    return values


def _value(format_name: str, text: str) -> int | Fraction | None:
    word = _GLOSS.sub("", text.strip())
    fmt = get_format(format_name)
    try:
        if isinstance(fmt, FloatFormat):
            word = _why3_subnormal(fmt, _FLOAT_WORDS.get(word.lower(), word))
            bits = fmt.parse(word)
            if word.lstrip("+-") in ("inf", "nan"):
                return bits
            exact = Fraction(float.fromhex(word)) if "0x" in word.lower() else Fraction(word)
            return bits if fmt.decode(bits).value == exact else None
        value = Fraction(word)
    except (ValueError, ZeroDivisionError, OverflowError, InputError):
        return None
    if isinstance(fmt, IntFormat):
        return int(value) if value.denominator == 1 and fmt.min <= value <= fmt.max else None
    return value


def _why3_subnormal(fmt: FloatFormat, word: str) -> str:
    """A subnormal as Why3 1.5.1 prints it, one binade low (``0x0.000522p-127`` for FP32's
    ``0x0.000522p-126``: the exponent field 0 less the bias), read at the format's least exponent; the
    mirror's replay of the model checks the operands anyway."""
    found = _WHY3_SUBNORMAL.match(word)
    if found is None or int(found.group("exponent")) != fmt.emin - 1:
        return word
    return f"{found.group('sign')}0x0.{found.group('fraction')}p{fmt.emin}"


def refutation(obligation: Obligation | None, model: dict[str, str] | None) -> tuple[Counterexample | None, str]:
    """The counterexample of a Why3 refutation, replayed when its model names every operand, and an
    error message when the mirror does not reproduce it; otherwise the model in Why3's words."""
    variables = smtrender.variables(obligation) if obligation is not None else None
    values = model_values(variables, model or {}) if variables is not None else None
    if values is None:
        return (Counterexample(model=dict(model)) if model else None), ""
    return counterexample.judge(obligation, variables, values)


def verdict_of(answer: str, expect: str) -> str:
    """Map Why3's answer to a verdict; only "Valid" is ever proved."""
    if answer == "Valid":
        return "proved"
    if answer == "Invalid" or (answer == "Unknown (sat)" and expect == "invalid"):
        return "refuted"
    if answer in ("Timeout", "Step limit exceeded"):
        return "timeout"
    if answer.startswith("Unknown") or answer == "Out of memory":
        return "unknown"
    return "error"   # Failure, High failure, anything unexpected


class Why3Backend(Backend):
    name = "why3"
    beside = True    # Why3 attempts every goal of its theories: its verdict is recorded for each obligation

    def time_limit(self, timeout: float) -> float:
        return self.cap if self.cap is not None else backstop(timeout)

    def __init__(self, memory_mb: int = MEMORY_MB, library: Path = assets.WHY3_LIBRARY, cap: float | None = None):
        self.memory_mb = memory_mb
        self.library = library
        # the user's --timeout, when given: it bounds every Why3 run (its goals, its file, lemma and route passes)
        # below the backstops; without it Z3's steps decide, under time caps well beyond them
        self.cap = cap
        self._config: Path | None = None
        self._extra: Path | None = None
        self._noted = False
        self._solvers = ["z3"]   # the provers Why3 drives here, in the order tried (prepare: CVC4 when installed)
        self._goals: dict[str, tuple[why3render.Theory, why3render.Goal]] = {}
        self._lock = threading.Lock()
        # (pass, theory file) -> the pass's end and its answers: the file passes and the lemma pass of a theory
        self._passes: dict[tuple[str, Path], tuple[threading.Event, dict[str, Attempt]]] = {}
        self._passes_ahead: list[threading.Thread] = []
        # the goals (artifacts) the run asks for, those the cache did not answer (`expect`): a file pass runs on
        # them only; None before a run says which (every goal of the file)
        self._asked: set[str] | None = None

    # -- tools ---------------------------------------------------------------
    def versions(self) -> dict[str, str]:
        """why3, its Z3 and, when installed, its CVC4 (``why3/cvc4``)."""
        found = {"why3": version()}   # why3 first: its absence is the one to report
        found["why3/z3"] = _version([_require("z3", "apt-get install z3"), "--version"])
        found.update({f"why3/{variant.shortcut}": found["why3/z3"] for variant in VARIANTS})
        cvc4 = shutil.which("cvc4", path=SYSTEM_PATH)
        if cvc4 is not None:
            found["why3/cvc4"] = _version([cvc4, "--version"])
        gappa = shutil.which("gappa", path=SYSTEM_PATH)
        if gappa is not None:
            found["why3/gappa"] = _version([gappa, "--version"], r"Gappa (\S+)")
        return found

    # -- rendering -------------------------------------------------------------
    def prepare(self, obligations: list[Obligation], out_dir: Path, provers: set[str]) -> list[list[ProofTask]]:
        if "why3" not in provers and PROVER not in provers:
            return []
        theory_dir = out_dir / "why3"
        theories = why3render.render(obligations, theory_dir)
        # why3.conf is detected when a goal first runs (or its file pass starts), beside this run's theories:
        # a run that the cache answers entirely does not start Why3 at all
        self._config = self._extra = None
        self._asked = None
        library_text = "".join((self.library / name).read_text() for name in LIBRARY_FILES)
        versions = self.versions()
        self._solvers = [solver for solver in SOLVERS if f"why3/{solver}" in versions]
        if "cvc4" not in self._solvers and not self._noted:
            self._noted = True
            print("divbridge: note: CVC4 is not installed (apt-get install cvc4): Why3 proves with Z3 alone",
                  file=sys.stderr, flush=True)
        groups = []
        for theory in theories:
            for goal in theory.goals:
                artifact = theory.goal_ref(goal)
                self._goals[artifact] = (theory, goal)
                options = (("goal", f"{goal.module}.{theory.selector(goal)}"), ("memory_mb", str(self.memory_mb)),
                           ("z3_steps", ",".join(str(steps) for steps in Z3_STEPS.values())),
                           *((solver, versions[f"why3/{solver}"]) for solver in self._solvers))
                clones = theory.clones.text if theory.clones is not None else ""
                # the answer is keyed on the goal's task (`why3task`), not on the file: a goal whose statement
                # and context are unchanged is not proved again, whatever moved around it
                groups.append([ProofTask(goal.obligation, PROVER, theory.text + clones + library_text, artifact,
                                         options, why3task.task(theory, goal, library_text))])
        return groups

    def write_config(self, directory: Path | None = None) -> tuple[Path, Path]:
        """A fresh why3.conf (detected provers) and the extra config that puts floats.drv in Z3's and CVC4's
        drivers, in ``directory`` (default: the machine's, `machine_config`)."""
        return machine_config(self.library, directory)

    # -- proving -------------------------------------------------------------
    def run_group(self, group: list[ProofTask], timeout: float, agree: int,
                  cancel: threading.Event | None = None) -> list[Attempt]:
        return [self.run_task(task, timeout, cancel) for task in group]

    def expect(self, tasks: list[ProofTask]) -> None:
        """Start, in the background, the file passes the run's tasks will ask for, and their attempts on the
        goals beyond Z3 (`_run_file_passes`)."""
        goals = [self._goals[task.artifact] for task in tasks]
        self._asked = {task.artifact for task in tasks}
        self._passes_ahead = [threading.Thread(target=self._run_file_passes, args=(goals,))
                              for _ in range(PASSES_AT_ONCE)]
        for thread in self._passes_ahead:
            thread.start()

    def run_task(self, task: ProofTask, timeout: float, cancel: threading.Event | None = None) -> Attempt:
        attempt = self._prove(task, timeout, cancel)
        theory, goal = self._goals[task.artifact]
        if attempt.verdict != "proved" or not theory.rests_on_lemmas(goal):
            return attempt
        answers = self._shared_pass("lemmas", theory, self._prove_lemmas, cancel)
        for name in theory.lemmas:
            lemma = answers.get(name)
            if lemma is None:   # the task was stopped, or the run abandoned (Ctrl-C)
                return _stopped(attempt.prover, attempt.time_s)
            if lemma.verdict != "proved":
                return Attempt(attempt.prover, "unknown", attempt.time_s,
                               message=f"rests on lemma {name} ({theory.path.name}), which Why3 did not prove: "
                                       f"{lemma.message.removeprefix('why3: ') or lemma.verdict}")
        return attempt

    def _prove_lemmas(self, theory: why3render.Theory) -> dict[str, Attempt]:
        """Lemma -> Z3's answer on abstract floats, for each lemma of the theory's module, in one Why3 run (a
        lemma whose run was abandoned is absent)."""
        return self._prove_together(theory, ABSTRACT.shortcut, [(theory.module, name) for name in theory.lemmas],
                                    self._capped(ROUTE_S), step_limit(ABSTRACT.shortcut))

    def _capped(self, seconds: float) -> float:
        return seconds if self.cap is None else min(seconds, self.cap)

    def _prove(self, task: ProofTask, timeout: float, cancel: threading.Event | None) -> Attempt:
        theory, goal = self._goals[task.artifact]
        if goal.beyond:
            # its one attempt, bounded by ROUTE_S below any task's limit (`backstop`), may already be under way
            beyond = self._shared_pass(_beyond_kind(goal), theory, functools.partial(self._prove_beyond, goal=goal),
                                       cancel).get(goal.name)
            return beyond if beyond is not None else _stopped(f"{PROVER}+z3", 0.0)
        selector, stated_in = theory.selector(goal), theory.stated_in(goal).name
        tried = []
        in_pass = self._file_pass(goal)
        if in_pass is not None:
            quick = self._shared_pass(f"file {in_pass}", theory, lambda theory: self._prove_file(theory, in_pass),
                                      cancel).get(goal.name)
            if quick is not None and quick.verdict == "proved":
                return quick
            if quick is not None and in_pass == BITS.shortcut and _satisfiable(quick):
                # the goal's bits have a model: asked for it, it refutes the goal when the mirror reproduces it
                # (the routes' rule below), where Z3's steps on the whole task, then its model, would come next
                early = self._other(task, BITS.shortcut, min(timeout, ROUTE_S), cancel, model=True)
                if early is None:
                    return _stopped(f"{PROVER}+{BITS.shortcut}", 0.0)
                if early.verdict == "refuted" and early.counterexample is not None and early.counterexample.replayed:
                    return early
            if quick is not None and in_pass != "z3":
                tried.append((in_pass, quick))
        for solver, limit in self._routes(goal):
            if solver == in_pass:   # the file pass gave it the same steps
                continue
            early = self._other(task, solver, min(timeout, limit), cancel)
            if early is None:
                return _stopped(f"{PROVER}+{solver}", 0.0)
            if early.verdict == "proved" or (early.verdict == "refuted" and (
                    solver == "cvc4" or (early.counterexample is not None and early.counterexample.replayed))):
                return early
            tried.append((solver, early))
        with_model = task.obligation.expect == "invalid"
        output, elapsed = self.prove_goal(theory.path, goal.module, selector, timeout,
                                          with_model=with_model, cancel=cancel)
        if output is None:
            return _stopped(f"{PROVER}+z3", round(elapsed, 3))
        attempt = attempt_from_output(output, task.obligation.expect, elapsed, stated_in, task.obligation)
        if attempt.verdict == "refuted" and not with_model:   # "Invalid" with no model: ask Z3 for one
            again, _ = self.prove_goal(theory.path, goal.module, selector, timeout, with_model=True, cancel=cancel)
            found, problem = refutation(task.obligation, parse_model(again or "", stated_in))
            attempt = Attempt(attempt.prover, "error" if problem else "refuted", attempt.time_s,
                              counterexample=found, message=problem)
        elif attempt.message == "why3: Unknown (sat)" and not with_model:
            # Z3 found the claim satisfiable but cannot vouch for its model (quantified axioms): a model
            # that names the operands and that the mirror reproduces refutes it; any other stays unknown
            again, _ = self.prove_goal(theory.path, goal.module, selector, timeout, with_model=True, cancel=cancel)
            found, problem = refutation(task.obligation, parse_model(again or "", stated_in))
            if found is not None and found.replayed and not problem:
                attempt = Attempt(attempt.prover, "refuted", attempt.time_s, counterexample=found)
        if attempt.verdict in DEFINITE or with_model:
            return attempt
        for solver, early in tried:
            attempt.message += f"; {SOLVERS[solver]}: {early.message.removeprefix('why3: ') or early.verdict}"
        return attempt

    def _prove_beyond(self, theory: why3render.Theory, goal: why3render.Goal) -> dict[str, Attempt]:
        """A goal Z3 inside Why3 is not expected to settle (`Statement.why3_beyond`): one attempt, on the goal's
        bits for a float claim of that route (else Why3's whole task), under `Z3_STEPS` ["beyond"]; a goal it
        leaves open says why.  Goal name -> that attempt (none if the run was abandoned)."""
        obligation = goal.obligation
        solver = BITS.shortcut if BITS.shortcut in [name for name, _ in self._routes(goal)] else "z3"
        output, elapsed = self.prove_goal(theory.path, goal.module, theory.selector(goal), self._capped(ROUTE_S),
                                          with_model=obligation.expect == "invalid", solver=solver,
                                          steps=Z3_STEPS["beyond"])
        if output is None:
            return {}
        attempt = attempt_from_output(output, obligation.expect, elapsed, theory.stated_in(goal).name, obligation,
                                      solver=solver, steps=Z3_STEPS["beyond"])
        if attempt.verdict not in DEFINITE:
            attempt.message = f"{attempt.message}; {goal.beyond}: one attempt of {Z3_STEPS['beyond']:,} steps".lstrip("; ")
        return {goal.name: attempt}

    def _routes(self, goal: why3render.Goal) -> list[tuple[str, float]]:
        """The provers tried on a goal before Z3 on Why3's whole task, in order, each with its time cap.  A
        proof by one settles the goal; so does a refutation by CVC4 (it reads the whole task) or one whose
        model the mirror reproduces (the other routes drop axioms, so a model of theirs proves nothing)."""
        obligation = goal.obligation
        floats = obligation.family == "float" or obligation.format in FLOAT_THEORIES
        valid = obligation.expect == "valid"
        route = statements.of(obligation).why3_route(obligation) if floats else None
        routes = [("gappa", GAPPA_S)] if self._to_gappa(goal) else []
        # the abstract route proves a claim about floats, never refutes one: without the FloatingPoint theory
        # (and without the looping axioms it drops) a model of its context need not be a pair of floats
        if route == "abstract" and valid:
            routes.append((ABSTRACT.shortcut, ROUTE_S))
        if route == "bits":   # quantifier-free: Z3's QF_FP tactic proves it, or gives the operands of a model
            routes.append((BITS.shortcut, ROUTE_S))
        # CVC4 (no FloatingPoint here) before Z3's full steps on a real or integer claim the file pass left
        # open: it answers the ones Z3 does not (A / A = 1 over the reals) in hundredths of a second
        if not floats and valid:
            routes.append(("cvc4", CVC4_S))
        return [(solver, limit) for solver, limit in routes if solver in self._solvers]

    def _to_gappa(self, goal: why3render.Goal) -> bool:
        """A statement Gappa proves (an error bound) goes to Gappa through Why3's driver first."""
        return goal.expect == "valid" and "gappa" in self._solvers and statements.has(goal.obligation, "gappa")

    def _file_pass(self, goal: why3render.Goal) -> str | None:
        """The prover of the per-file pass that tries a goal expected to hold (one Why3 run for all the
        goals of a file it tries): Gappa on an error bound, Z3 under the driver of the goal's route (abstract
        floats, the goal's bits), else Z3 on Why3's whole task; none on a goal proved from its lemmas
        (`_prove_lemmas`) nor on one beyond Z3 here (`_prove_beyond`)."""
        if goal.expect != "valid" or goal.lemmas or goal.beyond:
            return None
        if self._to_gappa(goal):
            return "gappa"
        routes = [solver for solver, _ in self._routes(goal)]
        return next((variant.shortcut for variant in VARIANTS if variant.shortcut in routes), "z3")

    def _other(self, task: ProofTask, solver: str, limit: float, cancel: threading.Event | None,
               model: bool = False) -> Attempt | None:
        """The attempt of another prover than Z3 on the task's goal (with a model when the goal is expected
        to be refuted, or ``model`` asks for one, and the prover gives one); None when cancelled."""
        theory, goal = self._goals[task.artifact]
        with_model = (model or task.obligation.expect == "invalid") and solver == BITS.shortcut
        output, elapsed = self.prove_goal(theory.path, goal.module, theory.selector(goal), limit, solver=solver,
                                          with_model=with_model, cancel=cancel)
        if output is None:
            return None
        return attempt_from_output(output, task.obligation.expect, elapsed, theory.stated_in(goal).name,
                                   task.obligation, solver=solver)

    def _run_file_passes(self, goals: list[tuple[why3render.Theory, why3render.Goal]]) -> None:
        """The file passes over ``goals`` (those the run will ask for, in the obligations' order), from the
        start of the run: a theory's obligations come one after another, so without it both workers would
        reach its pass at once and wait for it, one core idle; with it they find it done or under way.
        `PASSES_AT_ONCE` threads walk the list, each running the next pass nobody has claimed: a pass a task
        or another thread has started is not run again.  After the passes comes the one attempt on each goal
        beyond Z3 here (`_prove_beyond`), run the same way: the strategies' tasks come last, and their attempts
        (1-5 s each) would otherwise end a cold run beside an idle core."""
        passes: dict[tuple[Path, str], why3render.Theory] = {}
        for theory, goal in goals:
            solver = self._file_pass(goal)
            if solver is not None:
                passes.setdefault((theory.path, solver), theory)
        widest_first = sorted(((solver, theory) for (_, solver), theory in passes.items()),
                              key=lambda pass_: -_blasted_width(*pass_))
        ahead: list[tuple[str, why3render.Theory, Callable[[why3render.Theory], dict[str, Attempt]]]] = [
            (f"file {solver}", theory, functools.partial(self._prove_file, solver=solver))
            for solver, theory in widest_first]
        # then the one attempt on each goal beyond Z3 here: the strategies, whose tasks come last
        ahead += [(_beyond_kind(goal), theory, functools.partial(self._prove_beyond, goal=goal))
                  for theory, goal in goals if goal.beyond]
        for kind, theory, work in ahead:
            if aborted():
                return
            pending, mine = self._claim(kind, theory)
            if mine:
                _run_pass(work, theory, *pending)

    def _claim(self, kind: str, theory: why3render.Theory) -> tuple[tuple[threading.Event, dict[str, Attempt]], bool]:
        """The pass's end and answers, and whether the caller is the first to ask (and so runs it)."""
        with self._lock:
            pending = self._passes.get((kind, theory.path))
            if pending is not None:
                return pending, False
            pending = self._passes[kind, theory.path] = (threading.Event(), {})
            return pending, True

    def _shared_pass(self, kind: str, theory: why3render.Theory,
                     work: Callable[[why3render.Theory], dict[str, Attempt]],
                     cancel: threading.Event | None) -> dict[str, Attempt]:
        """Goal name -> answer of a pass over a theory that its tasks share (a file pass, the lemma pass),
        run once: the first task that asks starts it in its own thread, so that no obligation waits for
        another's goals; a task stopped meanwhile stops waiting (empty answer)."""
        pending, mine = self._claim(kind, theory)
        if mine:
            threading.Thread(target=_run_pass, args=(work, theory, *pending)).start()
        done, answers = pending
        while not done.wait(0.05):
            if cancel is not None and cancel.is_set():
                return {}
        return answers

    def _prove_file(self, theory: why3render.Theory, solver: str) -> dict[str, Attempt]:
        """Goal name -> answer of one `why3 prove` run with ``solver`` over the goals of the file whose file
        pass it is, of those the run asks for (`expect`): Z3 on Why3's whole task under the file pass's steps,
        Z3 under a route's driver under that route's own, Gappa by time."""
        goals = [goal for goal in theory.goals if self._file_pass(goal) == solver
                 and (self._asked is None or theory.goal_ref(goal) in self._asked)]
        limit = self._capped({"z3": FILE_PASS_S, "gappa": GAPPA_S}.get(solver, ROUTE_S))
        steps = Z3_STEPS["file"] if solver == "z3" else step_limit(solver)
        return self._prove_together(theory, solver, [(goal.module, theory.selector(goal)) for goal in goals],
                                    limit, steps)

    def _prove_together(self, theory: why3render.Theory, solver: str, goals: list[tuple[str, str]], limit: float,
                        steps: int | None) -> dict[str, Attempt]:
        """Goal name -> answer of one `why3 prove` run with ``solver`` over ``goals`` ((module, goal) in the
        theory's file): one Why3 start-up for all of them instead of one each.  A goal without exactly one
        answer is absent."""
        if not goals:
            return {}
        self._configure()
        selection = [option for module in dict.fromkeys(module for module, _ in goals)
                     for option in ["-T", module, *(word for inside, goal in goals if inside == module
                                                     for word in ("-G", goal))]]
        command = [require_why3(), "prove", *self._options(theory.path), "-P", solver,
                   "-t", str(max(1, math.ceil(limit))), *(["-s", str(steps)] if steps else []),
                   "-m", str(self.memory_mb), str(theory.path), *selection]
        output = _run(command, limit * len(goals) + 30)
        if output is None:   # the run was abandoned (Ctrl-C)
            return {}
        return parse_file_answers(output, {goal.rpartition(".")[2] for _, goal in goals}, solver)

    def _configure(self) -> None:
        """This machine's Why3 configuration, written on first use (`write_config`)."""
        if self._config is None or self._extra is None:
            self._config, self._extra = self.write_config()

    def _options(self, theory: Path) -> list[str]:
        """The configuration and the load path (the hand-written library, and the theory's own directory:
        the generic float module it clones).  They follow the command: Why3 1.5 reads options given
        before it twice, and a ``[prover]`` of the extra config read twice is refused."""
        assert self._config is not None and self._extra is not None
        return ["-C", str(self._config), f"--extra-config={self._extra}", "-L", str(self.library),
                "-L", str(theory.parent)]

    def prove_goal(self, path: Path, module: str, goal: str, timeout: float, with_model: bool = False,
                   cancel: threading.Event | None = None, solver: str = "z3",
                   steps: int | None = None) -> tuple[str | None, float]:
        """Run why3 with one prover (Z3 unless told) on one goal, under its steps (`step_limit` unless told);
        returns why3's output and the wall time."""
        self._configure()
        steps = steps or step_limit(solver)
        command = [require_why3(), "prove", *self._options(path), "-P", f"{solver}-ce" if with_model else solver,
                   "-t", str(max(1, math.ceil(timeout))), *(["-s", str(steps)] if steps else []),
                   "-m", str(self.memory_mb), str(path), "-T", module, "-G", goal]
        started = time.monotonic()
        output = _run(command, timeout + 30, cancel)
        return output, time.monotonic() - started


def _satisfiable(attempt: Attempt) -> bool:
    """Whether Z3 found the negated goal satisfiable (a model exists): "Invalid", or "Unknown (sat)"."""
    return attempt.verdict == "refuted" or attempt.message == "why3: Unknown (sat)"


def _beyond_kind(goal: why3render.Goal) -> str:
    """The shared run (`Why3Backend._claim`) of the one attempt on a goal beyond Z3 here."""
    return f"beyond {goal.module}.{goal.name}"


def _blasted_width(solver: str, theory: why3render.Theory) -> int:
    """The significand width a pass bit-blasts (0: a pass that does not).  A divider's circuit grows with the
    square of it, so FP64's pass on the goals' bits takes about 20 CPU-seconds where FP16's takes 2: the
    passes start widest first, since the longest one started late would end a cold run alone beside an idle
    core.  Passes of one width keep the obligations' order."""
    if solver != BITS.shortcut:
        return 0
    return max((fmt.sb for goal in theory.goals if isinstance(fmt := get_format(goal.obligation.format), FloatFormat)),
               default=0)


def _run_pass(work: Callable[[why3render.Theory], dict[str, Attempt]], theory: why3render.Theory,
              done: threading.Event, answers: dict[str, Attempt]) -> None:
    try:
        answers.update(work(theory))
    finally:   # whatever happens, the waiting tasks go on (to their own runs)
        done.set()


def backstop(timeout: float) -> float:
    """Why3's time cap on a goal, recorded in its sessions: its steps bound Z3, so a run's ``--timeout``
    may raise the cap but never lower it below BESIDE_S, where the time the steps take on a loaded
    machine would decide the verdict instead of the steps."""
    return max(timeout, BESIDE_S)


def step_limit(solver: str) -> int | None:
    """The steps Z3 is given on a goal of its own (`Z3_STEPS`); None for a prover run by time alone."""
    return {"z3": Z3_STEPS["beside"], ABSTRACT.shortcut: Z3_STEPS["abstract"], BITS.shortcut: Z3_STEPS["bits"]}.get(
        solver.removesuffix("-ce"))


def parse_file_answers(output: str, goals: set[str], solver: str = "z3") -> dict[str, Attempt]:
    """Goal name -> Attempt from the output of `why3 prove` on a whole file: one
    "Goal NAME." block each (program VCs, named NAME'vc, are not goals of ours)."""
    blocks = re.split(r"^Goal ([\w']+)\.$", output, flags=re.MULTILINE)
    answers: dict[str, Attempt] = {}
    names = blocks[1::2]
    for name, text in zip(names, blocks[2::2]):
        if name in goals and names.count(name) == 1:
            answers[name] = attempt_from_output(f"Goal {name}.\n{text}", "valid", 0.0, solver=solver)
    return answers


def _stopped(prover: str, elapsed: float) -> Attempt:
    """The attempt of a goal whose run was stopped: the obligation was decided, or the run abandoned."""
    return Attempt(prover, "skipped", elapsed, message="stopped: another prover answered first")


def attempt_from_output(output: str, expect: str, elapsed: float, file_name: str | None = None,
                        obligation: Obligation | None = None, solver: str = "z3", steps: int | None = None) -> Attempt:
    """One Attempt of Why3 with ``solver`` (under ``steps``, `step_limit` unless told) from why3's output on
    one goal; a refutation's model is replayed when the obligation is given (see `refutation`)."""
    prover = f"{PROVER}+{solver}"
    answer = parse_answer(output, steps or step_limit(solver))
    if answer is None:
        last = [line for line in output.splitlines() if line.strip()]
        return Attempt(prover, "error", round(elapsed, 3), message=last[-1] if last else "why3 gave no answer")
    text, prover_time = answer
    if text == "High failure" and re.search(r"prover output:\s*timeout", output):
        text = "Timeout"   # Z3 stopped by its own -T limit prints "timeout", which Why3 1.5.1 does not recognise
    verdict = verdict_of(text, expect)
    model = parse_model(output, file_name)
    if text == "Unknown (sat)" and verdict == "unknown" and obligation is not None and model:
        # satisfiable, with a model Z3 cannot vouch for: it refutes the goal when it names the operands and the
        # mirror reproduces it; any other leaves the goal unknown
        found, problem = refutation(obligation, model)
        if found is not None and found.replayed and not problem:
            return Attempt(prover, "refuted", round(prover_time, 3), counterexample=found)
    found, problem = refutation(obligation, model) if verdict == "refuted" else (None, "")
    return Attempt(prover, "error" if problem else verdict, round(prover_time, 3), counterexample=found,
                   message=problem or ("" if verdict in ("proved", "refuted") else f"why3: {text}"))


_MACHINE: dict[Path, tuple[Path, Path]] = {}
_MACHINE_LOCK = threading.Lock()
_SCRATCH: list[tempfile.TemporaryDirectory] = []


def machine_config(library: Path = assets.WHY3_LIBRARY, directory: Path | None = None) -> tuple[Path, Path]:
    """This machine's why3.conf (`why3 config detect` on `SYSTEM_PATH`: the provers by absolute path)
    and the extra config that puts ``library``/floats.drv in Z3's and CVC4's drivers (an absolute path
    too).  Both depend on the machine, not on the evidence: they go to ``directory``, by default the
    cache's ``why3/`` (a scratch directory when the caches are off), detected once per process."""
    if directory is None:
        root = cachedir.root()
        if root is None:
            with _MACHINE_LOCK:
                if not _SCRATCH:
                    _SCRATCH.append(tempfile.TemporaryDirectory(prefix="divbridge-why3-"))
            directory = Path(_SCRATCH[0].name)
        else:
            directory = root / "why3"
    directory = directory.absolute()
    with _MACHINE_LOCK:
        if directory in _MACHINE and all(path.exists() for path in _MACHINE[directory]):
            return _MACHINE[directory]
        why3 = require_why3()
        with tempfile.TemporaryDirectory() as scratch:
            detected = Path(scratch) / "why3.conf"
            _run([why3, "-C", str(detected), "config", "detect"], 60, env={**os.environ, "PATH": SYSTEM_PATH})
            config = directory / "why3.conf"
            write_text_atomic(config, detected.read_text())
        extra = directory / "why3-extra.conf"
        stock = Path(_run([why3, "--print-datadir"], 60).strip()) / "drivers"
        for variant in VARIANTS:
            for path, text in variant.drivers(stock, directory, library / "floats.drv").items():
                write_text_atomic(path, text)
        z3 = _require("z3", "apt-get install z3")
        version = _version([z3, "--version"])
        write_text_atomic(extra, "# Generated by divbridge: Z3, CVC4 and Gappa also read their FP16/BFloat16 "
                                 "driver;\n# Z3 on abstract floats and Z3 on a goal's bits are provers of their own.\n"
                          + "".join(f'[prover_modifiers]\nname = "{name}"\ndriver = "{(library / file).resolve()}"\n\n'
                                    for name, file in MODIFIERS.items())
                          + "\n".join(variant.prover_entries(z3, version, directory) for variant in VARIANTS))
        _MACHINE[directory] = config, extra
        return config, extra


def version() -> str:
    """The system why3's version (asked once, as every tool's here: `toolprobe`)."""
    return _version([require_why3(), "--version"])


def require_why3() -> str:
    """The system's why3 (`SYSTEM_PATH`); ToolMissing when absent."""
    return _require("why3", "apt-get install why3")


def run_why3(command: list[str], limit: float) -> tuple[str, int]:
    """stdout+stderr and exit code of a why3 command (a run over ``limit`` is killed: exit code -9)."""
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               errors="replace", start_new_session=True)
    output, _, outcome = communicate(process, None, limit)
    return output, (process.returncode if outcome == "done" else -9)


def _require(tool: str, install: str) -> str:
    path = shutil.which(tool, path=SYSTEM_PATH)
    if path is None:
        raise ToolMissing(tool, install)
    return path


def _version(command: list[str], pattern: str = r"version (\S+)") -> str:
    found = re.search(pattern, toolprobe.output(tuple(command)))
    return found.group(1) if found else "unknown"


def _run(command: list[str], limit: float, cancel: threading.Event | None = None,
         env: dict[str, str] | None = None) -> str | None:
    """stdout+stderr of a command, None when cancelled; on overrun or cancellation the
    whole process group (why3 and its Z3) is killed."""
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               errors="replace", start_new_session=True, env=env)
    output, _, outcome = communicate(process, None, limit, cancel)
    if outcome == "cancelled":
        return None
    if outcome == "timeout":
        output += "\nProver result is: Timeout (%.2fs)." % limit
    return output

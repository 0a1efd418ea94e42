"""The Why3 backend: one `why3 prove` run with Z3 per generated file (every goal
of the file under a short limit), then one run per goal the file pass left open.

Why3 1.5.1 maps only Float32 and Float64 to SMT-LIB; the FP16 and BFloat16
clones of why3/floats.mlw need why3/floats.drv, which a generated
``--extra-config`` adds to Z3's driver through ``[prover_modifiers]``.  The
Why3 configuration itself is generated too (``why3 config detect``) so that
a run never depends on the user's ~/.why3.conf; Why3 and the provers it
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
other variables (the INT_MIN / -1 probe's goal quantifies over the quotient
and remainder, not the operands) is kept in Why3's words, never replayed, and
never the headline counterexample (`verdicts.headline`).
"""

from __future__ import annotations

import math
import os
import re
import shutil
import subprocess
import tempfile
import threading
import time
from fractions import Fraction
from pathlib import Path

from divbridge import assets
from divbridge.atomicio import write_text_atomic
from divbridge.errors import InputError, ToolMissing
from divbridge.formats import FloatFormat, IntFormat, get_format
from divbridge.obligations import smtrender, why3render
from divbridge.obligations.model import Obligation
from divbridge.provers import counterexample
from divbridge.provers.counterexample import Counterexample
from divbridge.provers.process import communicate
from divbridge.provers.runner import Backend, ProofTask
from divbridge.provers.verdicts import Attempt

PROVER = "why3+z3"
# the per-file pass: what Z3 proves within this limit is settled by one Why3 run per file;
# a goal it leaves open (or expected invalid: it needs the counterexample run) gets its own run
FILE_PASS_S = 2.0
LIBRARY_FILES = ("floats.mlw", "floats.drv", "tensor.mlw")
SYSTEM_PATH = "/usr/local/bin:/usr/bin:/bin"   # where Debian (and a local build) put why3 and its provers

_RESULT = re.compile(r"Prover result is: (?P<answer>.*?) \((?P<time>\d+(?:\.\d+)?)s")
_MODEL_LINE = re.compile(r"^\s{4}(?P<name>[A-Za-z_][\w']*) = (?P<value>.+?)\s*$")
_GLOSS = re.compile(r"\s*\([^()]*\)$")     # Why3's gloss after a value: "128 (0X80)", "-0x1.004p0 (-1.00098)"
_FLOAT_WORDS = {"+\u221e": "inf", "\u221e": "inf", "-\u221e": "-inf", "+0": "0", "nan": "nan"}


def parse_answer(output: str) -> tuple[str, float] | None:
    """("Unknown (sat)", 0.03) from why3's output, or None when no prover answered."""
    match = _RESULT.search(output)
    if match is None:
        return None
    return match.group("answer").strip(), float(match.group("time"))


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
            word = _FLOAT_WORDS.get(word.lower(), word)
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

    def __init__(self, memory_mb: int = 2000, library: Path = assets.WHY3_LIBRARY):
        self.memory_mb = memory_mb
        self.library = library
        self._config: Path | None = None
        self._extra: Path | None = None
        self._goals: dict[str, tuple[why3render.Theory, why3render.Goal]] = {}
        self._lock = threading.Lock()
        self._file_passes: dict[Path, tuple[threading.Event, dict[str, Attempt]]] = {}

    # -- tools ---------------------------------------------------------------
    def versions(self) -> dict[str, str]:
        why3, z3 = _require("why3", "apt-get install why3"), _require("z3", "apt-get install z3")
        return {"why3": _version([why3, "--version"]), "why3/z3": _version([z3, "--version"])}

    # -- rendering -------------------------------------------------------------
    def prepare(self, obligations: list[Obligation], out_dir: Path, provers: set[str]) -> list[list[ProofTask]]:
        if "why3" not in provers and PROVER not in provers:
            return []
        theory_dir = out_dir / "why3"
        theories = why3render.render(obligations, theory_dir)
        # why3.conf is detected when a goal first runs, beside this run's theories: a run that the
        # cache answers entirely does not start Why3 at all
        self._config = self._extra = None
        library_text = "".join((self.library / name).read_text() for name in LIBRARY_FILES)
        z3_version = self.versions()["why3/z3"]
        groups = []
        for theory in theories:
            for goal in theory.goals:
                artifact = theory.goal_ref(goal)
                self._goals[artifact] = (theory, goal)
                options = (("goal", f"{goal.module}.{theory.selector(goal)}"), ("memory_mb", str(self.memory_mb)),
                           ("z3", z3_version))
                clones = theory.clones.text if theory.clones is not None else ""
                groups.append([ProofTask(goal.obligation, PROVER, theory.text + clones + library_text, artifact,
                                         options)])
        return groups

    def write_config(self, directory: Path) -> tuple[Path, Path]:
        """A fresh why3.conf (detected provers) and the extra config adding floats.drv to Z3."""
        why3 = _require("why3", "apt-get install why3")
        with tempfile.TemporaryDirectory() as scratch:
            detected = Path(scratch) / "why3.conf"
            _run([why3, "-C", str(detected), "config", "detect"], 60, env={**os.environ, "PATH": SYSTEM_PATH})
            config = directory / "why3.conf"
            write_text_atomic(config, detected.read_text())
        extra = directory / "why3-extra.conf"
        write_text_atomic(extra, "# Generated by divbridge: Z3 also reads the FP16/BFloat16 driver.\n"
                                 "[prover_modifiers]\n"
                                 'name = "Z3"\n'
                                 f'driver = "{(self.library / "floats.drv").resolve()}"\n')
        return config, extra

    # -- proving -------------------------------------------------------------
    def run_group(self, group: list[ProofTask], timeout: float, agree: int,
                  cancel: threading.Event | None = None) -> list[Attempt]:
        return [self.run_task(task, timeout, cancel) for task in group]

    def run_task(self, task: ProofTask, timeout: float, cancel: threading.Event | None = None) -> Attempt:
        theory, goal = self._goals[task.artifact]
        if task.obligation.expect == "valid":
            quick = self._file_pass(theory, min(timeout, FILE_PASS_S), cancel).get(goal.name)
            if quick is not None and quick.verdict == "proved":
                return quick
        with_model = task.obligation.expect == "invalid"
        selector, stated_in = theory.selector(goal), theory.stated_in(goal).name
        output, elapsed = self.prove_goal(theory.path, goal.module, selector, timeout,
                                          with_model=with_model, cancel=cancel)
        if output is None:
            return Attempt(PROVER, "skipped", round(elapsed, 3), message="stopped: another prover answered first")
        attempt = attempt_from_output(output, task.obligation.expect, elapsed, stated_in, task.obligation)
        if attempt.verdict == "refuted" and not with_model:   # "Invalid" with no model: ask Z3 for one
            again, _ = self.prove_goal(theory.path, goal.module, selector, timeout, with_model=True, cancel=cancel)
            found, problem = refutation(task.obligation, parse_model(again or "", stated_in))
            attempt = Attempt(PROVER, "error" if problem else "refuted", attempt.time_s, counterexample=found,
                              message=problem)
        elif attempt.message == "why3: Unknown (sat)" and not with_model:
            # Z3 found the claim satisfiable but cannot vouch for its model (quantified axioms): a model
            # that names the operands and that the mirror reproduces refutes it; any other stays unknown
            again, _ = self.prove_goal(theory.path, goal.module, selector, timeout, with_model=True, cancel=cancel)
            found, problem = refutation(task.obligation, parse_model(again or "", stated_in))
            if found is not None and found.replayed and not problem:
                attempt = Attempt(PROVER, "refuted", attempt.time_s, counterexample=found)
        return attempt

    def _file_pass(self, theory: why3render.Theory, limit: float,
                   cancel: threading.Event | None) -> dict[str, Attempt]:
        """Goal name -> answer of one `why3 prove` run over the whole file (one Why3 start-up
        for all its goals instead of one each).  The first task that asks starts it in its own
        thread, so that no obligation waits for another's goals; a task whose obligation is
        decided meanwhile stops waiting (empty answer).  A goal without exactly one answer is absent."""
        with self._lock:
            pending = self._file_passes.get(theory.path)
            if pending is None:
                pending = self._file_passes[theory.path] = (threading.Event(), {})
                threading.Thread(target=self._prove_file, args=(theory, limit, *pending)).start()
        done, answers = pending
        while not done.wait(0.05):
            if cancel is not None and cancel.is_set():
                return {}
        return answers

    def _prove_file(self, theory: why3render.Theory, limit: float, done: threading.Event,
                    answers: dict[str, Attempt]) -> None:
        try:
            if self._config is None or self._extra is None:
                self._config, self._extra = self.write_config(theory.path.parent)
            command = [_require("why3", "apt-get install why3"), "-C", str(self._config),
                       f"--extra-config={self._extra}", *self._load_path(theory.path), "prove", "-P", "z3",
                       "-t", str(max(1, math.ceil(limit))), "-m", str(self.memory_mb), str(theory.path)]
            output = _run(command, limit * len(theory.goals) + 30)
            if output is not None:   # None: the run was abandoned (Ctrl-C)
                answers.update(parse_file_answers(output, {goal.name for goal in theory.goals}))
        finally:   # whatever happens, the waiting tasks go on (to their own runs)
            done.set()

    def _load_path(self, theory: Path) -> list[str]:
        """The hand-written library, and the theory's own directory (the generic float module it clones)."""
        return ["-L", str(self.library), "-L", str(theory.parent)]

    def prove_goal(self, path: Path, module: str, goal: str, timeout: float,
                   with_model: bool = False, cancel: threading.Event | None = None) -> tuple[str | None, float]:
        """Run why3 with Z3 on one goal; returns why3's output and the wall time."""
        if self._config is None or self._extra is None:
            self._config, self._extra = self.write_config(path.parent)
        command = [_require("why3", "apt-get install why3"), "-C", str(self._config),
                   f"--extra-config={self._extra}", *self._load_path(path), "prove",
                   "-P", "z3-ce" if with_model else "z3", "-t", str(max(1, math.ceil(timeout))),
                   "-m", str(self.memory_mb), str(path), "-T", module, "-G", goal]
        started = time.monotonic()
        output = _run(command, timeout + 30, cancel)
        return output, time.monotonic() - started


def parse_file_answers(output: str, goals: set[str]) -> dict[str, Attempt]:
    """Goal name -> Attempt from the output of `why3 prove` on a whole file: one
    "Goal NAME." block each (program VCs such as div'vc are not goals of ours)."""
    blocks = re.split(r"^Goal ([\w']+)\.$", output, flags=re.MULTILINE)
    answers: dict[str, Attempt] = {}
    names = blocks[1::2]
    for name, text in zip(names, blocks[2::2]):
        if name in goals and names.count(name) == 1:
            answers[name] = attempt_from_output(f"Goal {name}.\n{text}", "valid", 0.0)
    return answers


def attempt_from_output(output: str, expect: str, elapsed: float, file_name: str | None = None,
                        obligation: Obligation | None = None) -> Attempt:
    """One Attempt from why3's output on one goal; a refutation's model is replayed when the
    obligation is given (see `refutation`)."""
    answer = parse_answer(output)
    if answer is None:
        last = [line for line in output.splitlines() if line.strip()]
        return Attempt(PROVER, "error", round(elapsed, 3), message=last[-1] if last else "why3 gave no answer")
    text, prover_time = answer
    if text == "High failure" and re.search(r"prover output:\s*timeout", output):
        text = "Timeout"   # Z3 stopped by its own -T limit prints "timeout", which Why3 1.5.1 does not recognise
    verdict = verdict_of(text, expect)
    found, problem = refutation(obligation, parse_model(output, file_name)) if verdict == "refuted" else (None, "")
    return Attempt(PROVER, "error" if problem else verdict, round(prover_time, 3), counterexample=found,
                   message=problem or ("" if verdict in ("proved", "refuted") else f"why3: {text}"))


def _require(tool: str, install: str) -> str:
    path = shutil.which(tool, path=SYSTEM_PATH)
    if path is None:
        raise ToolMissing(tool, install)
    return path


def _version(command: list[str]) -> str:
    found = re.search(r"version (\S+)", _run(command, 30))
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

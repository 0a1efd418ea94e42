"""Gappa for the accuracy obligations: bounds on the rounding error of the operator's result.

Gappa proves enclosures of rounding errors with interval arithmetic and
certified theorems on floating-point rounding; that is exactly the accuracy
clause (relative error at most 2^-p in the normal range, absolute error at
most half the smallest subnormal below it), which bit-blasting SMT solvers
and Why3's rounding axioms do not reach.  Gappa is sound but incomplete: a
property it fails to prove is `unknown`, never `refuted`.

Gappa says "proved" by exiting 0 and printing nothing, which any program can
do: so the executable is the system's (`toolprobe.system_tool`, never one
first on PATH), and before its first answer is believed it must fail a false
bound and prove a true one (`_controls`, once per executable and process); an
executable that does not is refused, and no answer of it is cached.

No Gappa proof rests on Gappa alone: each obligation's group holds a second task, Coq's check of Gappa's
certificate (`gappacert`: ``gappa -Bcoq`` on the same script, run when the files are rendered and written
beside it as ``<id>.v``, then compiled by coqc against Gappa's Coq library), and Gappa's "proved" counts only
beside that check's (`verdicts.standing`).  A script Gappa gives no certificate for (it does not prove it: a
false bound) has no check; any other failure to make one is the check's error.
"""

from __future__ import annotations

import functools
import re
import subprocess
import threading
import time
from pathlib import Path

from divbridge import assets, operators, statements
from divbridge.atomicio import remove_others, write_text_atomic
from divbridge.errors import ToolBroken, ToolMissing
from divbridge.formats import get_format
from divbridge.obligations.model import Obligation
from divbridge.provers import coq, gappacert, toolprobe
from divbridge.provers.process import communicate
from divbridge.provers.runner import FileBackend, ProofTask
from divbridge.provers.verdicts import Attempt
from divbridge.terms import Var
from divbridge.terms import gappa as gappa_terms

# the time `gappa -Bcoq` has to write a certificate when the files are rendered (Gappa proves divbridge's goals
# in hundredths of a second; the run's own limit is not known then)
CERTIFICATE_S = 60.0
UNCHECKED = "no certificate"   # the option of a check task without a file: why its certificate cannot be checked


def handles(obligation: Obligation) -> bool:
    return "gappa" in obligation.backends


class GappaBackend(FileBackend):
    name = "gappa"
    suffix = ".g"
    cost = 0
    first = True   # the certificates' checks take seconds (coqc), like the Coq backend's proofs

    def __init__(self) -> None:
        self._template = assets.template_environment("gappa", keep_trailing_newline=True).get_template("accuracy.g.j2")
        self.libraries = coq.Libraries()   # none is loaded by a certificate; the Coq backend's way of running coqc
        self.batches = coq.Batches()

    def versions(self) -> dict[str, str]:
        gappa = toolprobe.system_tool("gappa")
        if gappa is None:
            raise ToolMissing("gappa", "apt-get install gappa")
        said = toolprobe.output((gappa, "--version")).strip()
        if not said.startswith("Gappa "):
            raise ToolBroken(f"{gappa} --version: {' '.join(said.split())[:80]!r} is not Gappa's answer")
        executable()   # its controls, before any answer of it is believed
        return {"gappa": said.removeprefix("Gappa "), gappacert.VERSION_KEY: gappacert.version()}

    def prepare(self, obligations: list[Obligation], out_dir: Path, provers: set[str]) -> list[list[ProofTask]]:
        """The scripts (FileBackend), and for each one Gappa proves its certificate's check: a task of
        ``gappa+coq`` on ``<id>.v`` beside the script, keyed on the check file's text and Gappa's library."""
        groups = super().prepare(obligations, out_dir, provers)
        checker = ("checked by", gappacert.version())
        checks = []
        for group in groups:
            task = group[0]
            try:
                text = self._check_file(task)
            except gappacert.NoCertificate as exc:   # a task that says why: its check is an error
                group.append(ProofTask(task.obligation, gappacert.PROVER, "", "", (checker, (UNCHECKED, str(exc)))))
                continue
            if text is None:   # Gappa does not prove it: nothing to check
                continue
            path = Path(task.artifact).with_suffix(".v")
            write_text_atomic(path, text)
            self.batches.include(text)
            checks.append(path)
            group.append(ProofTask(task.obligation, gappacert.PROVER, text, path.as_posix(), (checker,),
                                   question=coq.without_comments(text)))
        remove_others(out_dir / self.name, "*.v", checks)
        return groups

    def _check_file(self, task: ProofTask) -> str | None:
        """The check file of a script's certificate; None when Gappa does not prove the script (no certificate),
        NoCertificate when it cannot be made."""
        certificate, failure = certify(task.text, CERTIFICATE_S)
        if certificate is None:
            if failure is None:
                return None
            raise gappacert.NoCertificate(f"gappa -Bcoq gave no certificate: {failure}")
        return gappacert.check_file(task.obligation, Path(task.artifact).name, task.text, certificate)

    def run_group(self, group: list[ProofTask], timeout: float, agree: int,
                  cancel: threading.Event | None = None) -> list[Attempt]:
        return [self.prove(task.text, timeout, cancel) if task.prover == self.name else self._check(task, timeout, cancel)
                for task in group]

    def _check(self, task: ProofTask, timeout: float, cancel: threading.Event | None) -> Attempt:
        unchecked = dict(task.options).get(UNCHECKED)
        if unchecked is not None:
            return Attempt(gappacert.PROVER, "error", 0.0, message=unchecked)
        return gappacert.check(task.text, timeout, cancel, self.batches, self.libraries)

    def render(self, obligation: Obligation) -> str:
        fmt = get_format(obligation.format)
        op = operators.of_obligation_name(obligation.operator)
        exact = None          # a bound on the rounding of any real r (`accuracy_bound`'s region "rounding")
        if obligation.params.get("region") != "rounding":
            exact = gappa_terms.term(op.applied("real", args=(Var("a", "real"), Var("b", "real"))))   # a, b exactly
        return self._template.render(o=obligation, fmt=fmt, op=op, exact=exact,
                                     goal=statements.of(obligation).gappa(obligation, fmt))

    def handles(self, obligation: Obligation) -> bool:
        return handles(obligation)

    def question(self, text: str) -> str:
        return re.sub(r"#[^\n]*", "", text)   # Gappa's comments run from # to the line's end

    def prove(self, text: str, timeout: float, cancel: threading.Event | None = None) -> Attempt:
        return prove(text, timeout, cancel)


TRUE_BOUND = "{ x in [1,2] -> x + 1 in [2,3] }\n"
FALSE_BOUND = "{ x in [1,2] -> x in [3,4] }\n"


def executable() -> str:
    """The system's gappa, checked by its controls."""
    gappa = toolprobe.system_tool("gappa")
    if gappa is None:
        raise ToolMissing("gappa", "apt-get install gappa")
    _controls(gappa)
    return gappa


@functools.cache
def _controls(gappa: str) -> None:
    """Refuse an executable that proves a false bound or fails a true one: its "proved" means nothing."""
    for text, proved in ((FALSE_BOUND, False), (TRUE_BOUND, True)):
        process = subprocess.Popen([gappa], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   text=True, start_new_session=True)
        stdout, stderr, outcome = communicate(process, text, toolprobe.VERSION_TIMEOUT_S)
        if outcome == "done" and (process.returncode == 0 and not (stdout + stderr).strip()) == proved:
            continue
        raise ToolBroken(f"{gappa}: {'fails the true' if proved else 'proves the false'} bound {text.strip()}: "
                         f"not Gappa; none of its answers is believed")


def certify(text: str, timeout: float) -> tuple[str | None, str | None]:
    """``gappa -Bcoq`` on a script: (its certificate, None); (None, None) when Gappa does not prove the script;
    (None, why) when it gave no certificate otherwise."""
    stdout, stderr, outcome, code = _run(["-Bcoq"], text, timeout)
    if outcome != "done":
        return None, f"no answer in {timeout:g} s"
    if "some properties were not satisfied" in stderr:
        return None, None
    if code != 0 or stderr.strip() or not stdout.strip():
        return None, " ".join((stderr or stdout).split())[:300] or f"exit {code}"
    return stdout, None


def _run(options: list[str], text: str, timeout: float, cancel: threading.Event | None = None
         ) -> tuple[str, str, str, int | None]:
    """The system's gappa (checked by its controls) on a script: stdout, stderr, how it ended, its exit code."""
    process = subprocess.Popen([executable(), *options], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, start_new_session=True)
    stdout, stderr, outcome = communicate(process, text, timeout, cancel)
    return stdout, stderr, outcome, process.returncode


def prove(text: str, timeout: float, cancel: threading.Event | None = None) -> Attempt:
    """Run Gappa on a script; exit 0 with no output means every property was proved."""
    started = time.monotonic()
    stdout, stderr, outcome, code = _run([], text, timeout, cancel)
    elapsed = round(time.monotonic() - started, 3)
    if outcome == "cancelled":
        return Attempt("gappa", "skipped", elapsed, message="stopped: another prover answered first")
    if outcome == "timeout":
        return Attempt("gappa", "timeout", elapsed, message=f"no answer in {timeout:g} s")
    output = (stderr + stdout).strip()
    if code == 0 and not output:
        return Attempt("gappa", "proved", elapsed)
    if "some properties were not satisfied" in output:
        return Attempt("gappa", "unknown", elapsed, message=" ".join(output.split())[:300])
    return Attempt("gappa", "error", elapsed, message=" ".join(output.split())[:300] or f"exit {code}")

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
"""

from __future__ import annotations

import functools
import re
import subprocess
import threading
import time


from divbridge import assets, operators, statements
from divbridge.errors import ToolBroken, ToolMissing
from divbridge.formats import get_format
from divbridge.obligations.model import Obligation
from divbridge.provers import toolprobe
from divbridge.provers.process import communicate
from divbridge.provers.runner import FileBackend
from divbridge.provers.verdicts import Attempt
from divbridge.terms import Var
from divbridge.terms import gappa as gappa_terms



def handles(obligation: Obligation) -> bool:
    return "gappa" in obligation.backends


class GappaBackend(FileBackend):
    name = "gappa"
    suffix = ".g"
    cost = 0

    def __init__(self) -> None:
        self._template = assets.template_environment("gappa", keep_trailing_newline=True).get_template("accuracy.g.j2")

    def versions(self) -> dict[str, str]:
        gappa = toolprobe.system_tool("gappa")
        if gappa is None:
            raise ToolMissing("gappa", "apt-get install gappa")
        said = toolprobe.output((gappa, "--version")).strip()
        if not said.startswith("Gappa "):
            raise ToolBroken(f"{gappa} --version: {' '.join(said.split())[:80]!r} is not Gappa's answer")
        executable()   # its controls, before any answer of it is believed
        return {"gappa": said.removeprefix("Gappa ")}

    def render(self, obligation: Obligation) -> str:
        fmt = get_format(obligation.format)
        op = operators.of_obligation_name(obligation.operator)
        exact = op.applied("real", args=(Var("a", "real"), Var("b", "real")))   # the operands a and b, exactly
        return self._template.render(o=obligation, fmt=fmt, op=op, exact=gappa_terms.term(exact),
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


def prove(text: str, timeout: float, cancel: threading.Event | None = None) -> Attempt:
    """Run Gappa on a script; exit 0 with no output means every property was proved."""
    started = time.monotonic()
    process = subprocess.Popen([executable()], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, start_new_session=True)
    stdout, stderr, outcome = communicate(process, text, timeout, cancel)
    elapsed = round(time.monotonic() - started, 3)
    if outcome == "cancelled":
        return Attempt("gappa", "skipped", elapsed, message="stopped: another prover answered first")
    if outcome == "timeout":
        return Attempt("gappa", "timeout", elapsed, message=f"no answer in {timeout:g} s")
    output = (stderr + stdout).strip()
    if process.returncode == 0 and not output:
        return Attempt("gappa", "proved", elapsed)
    if "some properties were not satisfied" in output:
        return Attempt("gappa", "unknown", elapsed, message=" ".join(output.split())[:300])
    return Attempt("gappa", "error", elapsed, message=" ".join(output.split())[:300] or f"exit {process.returncode}")

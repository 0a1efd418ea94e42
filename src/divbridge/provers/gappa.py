"""Gappa for the accuracy obligations: bounds on the rounding error of the quotient.

Gappa proves enclosures of rounding errors with interval arithmetic and
certified theorems on floating-point rounding; that is exactly the accuracy
clause (relative error at most 2^-p in the normal range, absolute error at
most half the smallest subnormal below it), which bit-blasting SMT solvers
and Why3's rounding axioms do not reach.  Gappa is sound but incomplete: a
property it fails to prove is `unknown`, never `refuted`.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import threading
import time


from divbridge import assets, statements
from divbridge.errors import ToolMissing
from divbridge.formats import get_format
from divbridge.obligations.model import Obligation
from divbridge.provers import toolprobe
from divbridge.provers.process import communicate
from divbridge.provers.runner import FileBackend
from divbridge.provers.verdicts import Attempt



def handles(obligation: Obligation) -> bool:
    return "gappa" in obligation.backends


class GappaBackend(FileBackend):
    name = "gappa"
    suffix = ".g"
    cost = 0

    def __init__(self) -> None:
        self._template = assets.template_environment("gappa", keep_trailing_newline=True).get_template("accuracy.g.j2")

    def versions(self) -> dict[str, str]:
        if shutil.which("gappa") is None:
            raise ToolMissing("gappa", "apt-get install gappa")
        return {"gappa": toolprobe.output(("gappa", "--version")).strip().removeprefix("Gappa ")}

    def render(self, obligation: Obligation) -> str:
        fmt = get_format(obligation.format)
        return self._template.render(o=obligation, fmt=fmt, goal=statements.of(obligation).gappa(obligation, fmt))

    def handles(self, obligation: Obligation) -> bool:
        return handles(obligation)

    def question(self, text: str) -> str:
        return re.sub(r"#[^\n]*", "", text)   # Gappa's comments run from # to the line's end

    def prove(self, text: str, timeout: float, cancel: threading.Event | None = None) -> Attempt:
        return prove(text, timeout, cancel)


def prove(text: str, timeout: float, cancel: threading.Event | None = None) -> Attempt:
    """Run Gappa on a script; exit 0 with no output means every property was proved."""
    started = time.monotonic()
    process = subprocess.Popen(["gappa"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
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

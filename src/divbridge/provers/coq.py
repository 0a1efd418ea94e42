"""Coq with Flocq: proofs by reasoning about rounding, for the claims bit-blasting does not reach.

Monotonicity in the numerator, exactness of a representable quotient, and
the two "compute in a wider format" strategies follow from a few facts about
rounding (monotone, idempotent on representable values, double rounding of a
quotient innocuous, a relative error bound).  Flocq proves those facts, and
its ``IEEE754.BinarySingleNaN`` models IEEE 754 binary floats and division
exactly (special values, signed zeros, overflow).  Each template under
``generators/coq/`` states its theorem for every format meeting explicit
hypotheses, proves it, instantiates it for the obligation's format (the
hypotheses checked by ``lia``) and ends with ``Print Assumptions``.

Honesty: a file is proved only when ``coqc`` compiles it and the printed
assumptions are among the standard library's axioms of the classical real
numbers (``STANDARD_AXIOMS``).  A file containing ``Admitted``, ``admit``,
``Axiom``, ``Parameter`` or ``Conjecture``, or whose assumptions name
anything else, is an error; a proof script that does not check is unknown
(the claim may still hold), never refuted.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
import threading
import time
from pathlib import Path


from divbridge import assets, statements
from divbridge.errors import ToolMissing
from divbridge.formats import Format, get_format
from divbridge.obligations.model import Obligation
from divbridge.provers.process import communicate
from divbridge.provers.runner import FileBackend
from divbridge.provers.verdicts import Attempt

INSTALL = "apt-get install coq libcoq-flocq"
# What Coq's standard library assumes for the classical real numbers (Coq.Reals, on
# which Flocq builds): the axioms of its Dedekind-cut construction, excluded middle
# and dependent functional extensionality.  A proof may rest on these and nothing else.
STANDARD_AXIOMS = frozenset({
    "ClassicalDedekindReals.sig_forall_dec",
    "ClassicalDedekindReals.sig_not_dec",
    "Classical_Prop.classic",
    "FunctionalExtensionality.functional_extensionality_dep",
})
# commands that state something without proving it, or switch off a check of the kernel
_UNPROVED = re.compile(r"\b(Admitted|admit|Axioms?|Parameters?|Conjectures?|bypass_check|Declare\s+ML\s+Module"
                       r"|Unset\s+(?:Guard|Positivity|Universe)\s+Checking)\b")
_COMMENT = re.compile(r"\(\*.*?\*\)", re.DOTALL)
_FLOCQ_VERSION = re.compile(r'parse "(?P<version>[\d.]+)"%string')


def handles(obligation: Obligation) -> bool:
    return "coq" in obligation.backends and statements.has(obligation, "coq")


class CoqBackend(FileBackend):
    name = "coq"
    suffix = ".v"
    cost = 0

    def __init__(self) -> None:
        self._env = assets.template_environment("coq", keep_trailing_newline=True)

    def versions(self) -> dict[str, str]:
        if shutil.which("coqc") is None:
            raise ToolMissing("coqc", INSTALL)
        done = subprocess.run(["coqc", "--version"], capture_output=True, text=True, timeout=30)
        match = re.search(r"version (\S+)", done.stdout)
        where = subprocess.run(["coqc", "-where"], capture_output=True, text=True, timeout=30).stdout.strip()
        flocq = Path(where) / "user-contrib" / "Flocq"
        if not (flocq / "IEEE754" / "BinarySingleNaN.vo").exists():
            raise ToolMissing("Flocq (the Coq library)", INSTALL)
        found = _FLOCQ_VERSION.search((flocq / "Version.v").read_text()) if (flocq / "Version.v").exists() else None
        return {"coq": f"{match.group(1) if match else done.stdout.strip()} flocq "
                       f"{found.group('version') if found else 'unknown'}"}

    def render(self, obligation: Obligation, fmt: Format | None = None, via: Format | None = None) -> str:
        """The obligation's Coq file; ``fmt`` and ``via`` replace its formats (the tests' negative controls)."""
        fmt = fmt or get_format(obligation.format)
        if via is None and "via" in obligation.params:
            via = get_format(obligation.params["via"])
        template = statements.of(obligation).coq(obligation)
        return self._env.get_template(template).render(o=obligation, fmt=fmt, via=via)

    def handles(self, obligation: Obligation) -> bool:
        return handles(obligation)

    def prove(self, text: str, timeout: float, cancel: threading.Event | None = None) -> Attempt:
        return prove(text, timeout, cancel)


def unproved_commands(text: str) -> list[str]:
    """The commands in a Coq file (comments aside) that assert without proof."""
    return sorted(set(_UNPROVED.findall(_COMMENT.sub(" ", text))))


def assumptions(output: str) -> list[str] | None:
    """Everything `Print Assumptions` listed, over all its outputs in the file (empty when
    each said closed), None when it printed nothing.  Fails closed: after an "Axioms:"
    header every unindented line (another header such as "Section Variables:" too) is
    taken for an assumption."""
    lines = output.splitlines()
    if not any(line.strip() in ("Axioms:", "Closed under the global context") for line in lines):
        return None
    names: list[str] = []
    listing = False
    for line in lines:
        if line.strip() == "Closed under the global context":
            listing = False
        elif line.strip() == "Axioms:":
            listing = True
        elif listing and line and not line[0].isspace():     # a continuation of a type is indented
            names.append(line.split(" :", 1)[0].strip())
    return names


def prove(text: str, timeout: float, cancel: threading.Event | None = None) -> Attempt:
    """Compile one Coq file; proved only if it checks and rests on the standard axioms alone."""
    forbidden = unproved_commands(text)
    if forbidden:
        return Attempt("coq", "error", 0.0, message=f"refused: the file uses {', '.join(forbidden)}")
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="divbridge-coq-") as work:
        (Path(work) / "obligation.v").write_text(text)
        process = subprocess.Popen(["coqc", "-q", "obligation.v"], cwd=work, stdin=subprocess.DEVNULL,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
        stdout, stderr, outcome = communicate(process, None, timeout, cancel)
    elapsed = round(time.monotonic() - started, 3)
    if outcome == "cancelled":
        return Attempt("coq", "skipped", elapsed, message="stopped: another prover answered first")
    if outcome == "timeout":
        return Attempt("coq", "timeout", elapsed, message=f"no answer in {timeout:g} s")
    if process.returncode != 0:
        words = " ".join((stderr + stdout).split())
        verdict = "error" if "Cannot find a physical path" in words or "Syntax error" in words else "unknown"
        return Attempt("coq", verdict, elapsed, message=words[:300] or f"coqc exit {process.returncode}")
    used = assumptions(stdout)
    if used is None:
        return Attempt("coq", "error", elapsed, message="no Print Assumptions output: nothing shows what the proof rests on")
    extra = [name for name in used if name not in STANDARD_AXIOMS]
    if extra:
        return Attempt("coq", "error", elapsed, message=f"refused: the proof rests on {', '.join(extra)}")
    return Attempt("coq", "proved", elapsed)

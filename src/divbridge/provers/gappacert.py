"""Coq's check of Gappa's certificates: a Gappa proof counts only once coqc has checked it.

Gappa proves an enclosure and, asked with ``-Bcoq``, writes the proof as a Coq script (its certificate): the
goal's negation as Gappa read it, and one lemma per step, each an instance of a theorem of Gappa's Coq library
(Debian's ``libcoq-gappa``, files ``Gappa/*.vo`` beside Flocq's) whose side conditions are computations that
coqc redoes.  `check_file` puts the certificate, verbatim, into a file that also states the goal as divbridge
reads the script (`gappagoal.coq_statement`) and proves it from the certificate's last lemma (the negation
refuted) by propositional logic; `check` compiles it with the system's coqc the way the Coq backend does
(`coq.prove`: system directories only, the ``.vo`` its own coqc wrote, ``Print Assumptions`` from the same
process, the standard library's axioms of the real numbers and nothing else).

So a Gappa proof rests on two tools: Gappa found it, Coq's kernel checked every step of it and that it proves
divbridge's goal.  The check's attempt is ``gappa+coq`` (`PROVER`), and Gappa's "proved" counts only beside
its ``proved`` (`verdicts.standing`).  A certificate that does not compile, a goal stated otherwise, an
assumption beyond the standard ones: an ``error``, never a proof.
"""

from __future__ import annotations

import functools
import re
import threading
from pathlib import Path

from divbridge import assets
from divbridge.errors import ToolMissing
from divbridge.obligations.model import Obligation
from divbridge.provers import coq, gappagoal, toolprobe
from divbridge.provers.verdicts import Attempt

PROVER = "gappa+coq"   # Coq on Gappa's certificate
VERSION_KEY = "gappa/coq"   # its tools' versions among the run's (runner: why3/z3 is Why3's Z3 likewise)
INSTALL = "apt-get install libcoq-gappa"
SECTION = "Generated_by_Gappa"   # the section gappa -Bcoq opens around its certificate
_END = re.compile(rf"^End {SECTION}\.\s*$", re.MULTILINE)
_LAST_LEMMA = re.compile(r"^Lemma (\w+) : \w+ -> False\.$", re.MULTILINE)   # the negated goal, refuted
_TREES = re.compile(r"^Definition (s\d+) :=", re.MULTILINE)   # the negated goal's connectives, as Gappa names them


class NoCertificate(ValueError):
    """A certificate that cannot be checked (none given, not Gappa's layout, a goal divbridge does not state)."""


def library() -> Path:
    """The directory of Gappa's Coq library; ToolMissing when it is not installed."""
    where = toolprobe.output((coq.coqc(), "-where")).strip()
    directory = Path(where) / "user-contrib" / "Gappa"
    if not (directory / "Gappa_library.vo").exists():
        raise ToolMissing("Gappa's Coq library (libcoq-gappa, which checks Gappa's certificates)", INSTALL)
    return directory


def version() -> str:
    """What the check's answers depend on besides coqc's executable: Coq's and Flocq's versions and the digest
    of the Gappa library's compiled files (it has no version of its own); ToolMissing when one is absent."""
    checker = coq.coq_version()
    digest = toolprobe.files_digest(sorted(library().glob("*.vo")))
    return f"{checker}, Gappa library sha256 {digest[:16]}"


@functools.cache
def _template():
    return assets.template_environment("gappa", keep_trailing_newline=True, trim_blocks=True).get_template(
        "certificate.v.j2")


def check_file(obligation: Obligation, script_name: str, script: str, certificate: str) -> str:
    """The Coq file that checks ``certificate`` (gappa -Bcoq's answer to ``script``, the file ``script_name``)
    proves the script's goal as divbridge reads it; NoCertificate when it cannot be made."""
    try:
        statement = gappagoal.coq_statement(script)
    except gappagoal.NotStated as exc:
        raise NoCertificate(f"divbridge does not state this goal in Coq: {exc}") from None
    ends, lemmas = list(_END.finditer(certificate)), _LAST_LEMMA.findall(certificate)
    if len(ends) != 1 or not lemmas or certificate[ends[0].end():].strip():
        raise NoCertificate(f"not a certificate of Gappa (a section {SECTION} ending with a lemma refuting the "
                            "goal's negation)")
    return _template().render(o=obligation, script=script_name, certificate=certificate[:ends[0].start()].rstrip(),
                            statement=statement.proposition, lemma=lemmas[-1], section=SECTION,
                            trees=_TREES.findall(certificate))


def check(text: str, timeout: float, cancel: threading.Event | None, batches: coq.Batches,
          libraries: coq.Libraries) -> Attempt:
    """coqc on a check file (with the other check files of the run at once when it can: `coq.Batches`)."""
    elapsed = batches.proved(text, timeout, cancel, libraries)
    if elapsed is not None:
        return Attempt(PROVER, "proved", elapsed)
    checked = coq.prove(text, timeout, cancel, libraries)
    if checked.verdict in ("proved", "timeout", "skipped"):
        return Attempt(PROVER, checked.verdict, checked.time_s, message=checked.message)
    return Attempt(PROVER, "error", checked.time_s, message=f"Coq does not accept Gappa's certificate: {checked.message}")

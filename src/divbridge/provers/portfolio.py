"""The provers divbridge knows, and the backends a set of them needs.

Importing it is cheap (the runner and the backends are imported when used): `divbridge prove` lists the
provers before its up-to-date check, which must not pay for the document reader and the statements.
"""

from __future__ import annotations

import functools
import io
import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from divbridge.errors import ToolMissing

if TYPE_CHECKING:
    from divbridge.obligations.model import Obligation
    from divbridge.provers.cache import ProofCache
    from divbridge.provers.runner import Backend
    from divbridge.provers.verdicts import ObligationResult

SMT_SOLVERS = ("z3", "cvc5", "bitwuzla")
PROVERS = ("why3", *SMT_SOLVERS, "gappa", "coq", "exhaustive")


def backends(provers: set[str], cap: float | None = None) -> list[Backend]:
    """The backends the chosen provers need; imported here so that a run without
    a backend does not need its tools.  ``cap``: the user's --timeout, which bounds Why3's own passes too."""
    chosen: list[Backend] = []
    if "why3" in provers:
        from divbridge.provers.why3 import Why3Backend
        chosen.append(Why3Backend(cap=cap))
    solvers = tuple(s for s in SMT_SOLVERS if s in provers)
    if solvers:
        from divbridge.provers.smt import SmtBackend
        chosen.append(SmtBackend(solvers))
    if "gappa" in provers:
        from divbridge.provers.gappa import GappaBackend
        chosen.append(GappaBackend())
    if "coq" in provers:
        from divbridge.provers.coq import CoqBackend
        chosen.append(CoqBackend())
    if "exhaustive" in provers:
        from divbridge.provers.enumeration.backend import ExhaustiveBackend
        chosen.append(ExhaustiveBackend())
    return chosen


def available(provers: set[str]) -> set[str]:
    """The provers of the set whose tool is installed (a missing one is left out, never counted as an answer)."""
    found = set()
    for name in provers:
        try:
            for backend in backends({name}):
                backend.versions()
        except ToolMissing:
            continue
        found.add(name)
    return found


def prove_obligations(obligations: list[Obligation], provers: set[str], cache: ProofCache, timeout: float,
                      stream: TextIO | None = None, label: str = "") -> list[ObligationResult]:
    """`prove`'s pipeline on a few obligations (the runner: tiers, race, process isolation and limits;
    the content-addressed proof cache), rendered files in a scratch directory; one outcome each.
    ``stream``: where the runner's progress lines go (None: nowhere), each starting with ``label``."""
    from divbridge.provers.runner import RunOptions, Runner
    if not obligations:
        return []
    # the rendered files are scratch (written atomically, with fsync): in memory when the machine has /dev/shm
    scratch = "/dev/shm" if os.access("/dev/shm", os.W_OK) else None
    with tempfile.TemporaryDirectory(prefix="divbridge-", dir=scratch) as out:
        runner = Runner(_reused_backends(frozenset(provers)), cache, RunOptions(timeout=timeout, provers=provers), Path(out),
                        stream=stream or io.StringIO(), label=label)
        outcomes, _ = runner.run(obligations)
    return outcomes


@functools.lru_cache(maxsize=4)
def _reused_backends(provers: frozenset[str]) -> list[Backend]:
    """Backends kept from call to call (check-spec on one document after another): their solver
    worker processes start once per process, not once per document."""
    return backends(set(provers))

"""The provers divbridge knows, and the backends a set of them needs."""

from __future__ import annotations

from divbridge.provers.runner import Backend

SMT_SOLVERS = ("z3", "cvc5", "bitwuzla")
PROVERS = ("why3", *SMT_SOLVERS, "gappa", "coq", "exhaustive")


def backends(provers: set[str]) -> list[Backend]:
    """The backends the chosen provers need; imported here so that a run without
    a backend does not need its tools."""
    chosen: list[Backend] = []
    if "why3" in provers:
        from divbridge.provers.why3 import Why3Backend
        chosen.append(Why3Backend())
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
        from divbridge.provers.exhaustive import ExhaustiveBackend
        chosen.append(ExhaustiveBackend())
    return chosen

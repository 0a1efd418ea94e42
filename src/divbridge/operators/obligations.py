"""What the obligations and the checks of check-spec need of an operator beyond its `model.Operator` fields:
the implementation strategies it lists (ways of computing it, proved or refuted as divbridge's own
obligations, `obligations.strategies`), how ids spell its symbol."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Strategy:
    """A way of computing the operator, stated as an obligation that traces to no requirement: the strategy
    gives the profile's result on every operand pair (``expect`` "invalid": a known defect, a probe whose
    counterexample is evidence).  ``prop``: the statement that encodes it (`statements.strategy`)."""

    id: str
    title: str
    family: str
    format: str
    prop: str
    statement: str
    params: dict = field(compare=False)     # (an operator is hashed: its params are not)
    backends: frozenset[str]
    expect: str = "valid"


@dataclass(frozen=True)
class Obligations:
    strategies: tuple[Strategy, ...] = field(default=())
    # how an obligation's id spells the operator's symbol where a case's condition writes it ("/": "div"; the
    # ids name the evidence, so a spelling once chosen stays)
    id_symbols: tuple[tuple[str, str], ...] = ()

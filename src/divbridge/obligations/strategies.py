"""Obligations about ways of computing the operator (implementation strategies), not about the spec itself:
the strategies its library claims (`operators.library.StrategyClaim`).

They trace to no requirement of the document (``requirements`` empty): the
reports list them as divbridge's own.
"""

from __future__ import annotations

from divbridge import operators
from divbridge.obligations.model import Obligation
from divbridge.operators.model import Operator


def strategy_obligations(op: Operator) -> list[Obligation]:
    """The operator's implementation strategies, in its description's order."""
    return [Obligation(id=operators.id_prefix(op) + s.id, title=s.title, family=s.family, format=s.format,
                       kind="strategy", prop=s.prop, requirements=(), statement=s.statement, expect=s.expect,
                       params=dict(s.params), backends=s.backends, operator=operators.obligation_name(op))
            for s in op.library.strategy_claims]

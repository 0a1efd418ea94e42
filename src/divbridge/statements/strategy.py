"""Ways of computing an operator (implementation strategies, `operators.library.Strategy`, which its
library lists): each gives the same result as SONNX on every operand pair.

These are divbridge's own claims, traced to no requirement (`obligations.strategies` lists their
obligations and which are probes of known defects).  A strategy states how it computes ``s`` from the
operands: in SMT-LIB (inside the frame ``<family>_strategy``, which defines the SONNX result and the goal
``s`` equals it), in Why3 where its operations have a term there (in the format's module), and vectorised
in NumPy's hardware arithmetic for the predicate, which compares it with the mirror.  Where it has them: a
Coq template (by reasoning on rounding) and an enumeration job (every operand pair of a 16-bit format,
`provers.enumeration`).

The strategies through a wider format state their Why3 goal in a module of its own, with the wider
format's module and the conversions to it (``ieee_float.FloatConverter``, the library's
``floats.Float16Convert``...): Z3 inside Why3 does not reach double rounding by bit-blasting, nor an
integer result through binary64 (`Statement.why3_beyond`): Coq proves them, and SMT refutes the probe.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

import numpy as np

from divbridge import operators
from divbridge.formats import FloatFormat, Format, get_format
from divbridge.operators.arrays import bits, same
from divbridge.operators.library import Strategy
from divbridge.statements import NotEncoded, Statement, one_point
from divbridge.statements.mirrorops import result
from divbridge.statements.smtlib import snippet
from divbridge.statements.why3terms import FLOAT_THEORIES
from divbridge.terms import Var, text


@dataclass(frozen=True, eq=False)
class StrategyStatement(Statement, Strategy):
    """The statement of a `Strategy`: the strategy's data with its encodings."""

    kind = "strategy"

    @property
    def families(self) -> tuple[str, ...]:   # type: ignore[override]
        return (self.family,)

    @property
    def encodings(self) -> frozenset[str]:   # type: ignore[override]
        return frozenset({"smt", "predicate"} | ({"why3"} if self.why3_s else set())
                         | ({"coq"} if self.coq_template else set())
                         | ({"enumeration"} if self.enumerated else set()))

    def variables(self, o) -> tuple[str, ...]:
        return ("x", "y") if self.family == "float" else ("a", "b")

    def smt_frame(self, o) -> str:
        return f"{self.family}_strategy"

    def smt(self, o, context) -> str:
        return snippet(self.smt_body).render(fmt=context["fmt"], via=_via(o))

    def why3(self, o) -> str:
        if not self.why3_s:
            raise NotEncoded(f"{o.id}: {self.name} has no Why3 goal")
        term = snippet(self.why3_s).render(fmt=get_format(o.format), via=_via(o), type_name=_type_name)
        return snippet(operators.of_obligation_name(o.operator).library.strategy_goals[self.family]).render(term=term)

    def why3_apart(self, o) -> bool:
        return self.family == "int" or "via" in o.params

    def why3_uses(self, o) -> tuple[str, ...]:
        via = _via(o)
        if via is None:
            return ()
        return (f"{FLOAT_THEORIES[via.name]} as Wide",) + ((_CONVERTERS[o.format],) if o.format in _CONVERTERS else ())

    def why3_beyond(self, o) -> str:
        return self.beyond
    def why3_route(self, o) -> str:
        return "bits"   # a float strategy's goal compares two float results: nothing but bits

    def why3_name(self, o) -> str:
        return f"strategy_{self.name}"

    def coq(self, o) -> str:
        if not self.coq_template:
            raise NotEncoded(f"{o.id}: {self.name} has no Coq proof")
        return self.coq_template

    def enumeration(self, o) -> str:
        if not self.enumerated:
            raise NotEncoded(f"{o.id}: {self.name} has no enumeration")
        return f"pairs:{o.params['strategy']}"

    def predicate(self, o, fmt, **columns):
        x, y = columns.values()
        assert self.compute is not None
        s = self.compute(fmt, x, y, _via(o))
        expected = result(o.operator, fmt, x, y)
        if isinstance(fmt, FloatFormat):
            return np.ones(x.shape, bool), same(fmt, s, expected)
        ok = _domain(o)(fmt, x, y)
        return ok, ~ok | np.array([p == q for p, q in zip(s, expected.astype(object))], bool)

    def explain(self, o, fmt, values) -> str:
        assert self.compute is not None
        x, y = one_point(fmt, values).values()
        op = operators.of_obligation_name(o.operator)
        if not isinstance(fmt, FloatFormat):
            if not _domain(o)(fmt, x, y)[0]:
                return "precondition not met"
            exact = text.term(op.applied("real", args=(Var("a", "real"), Var("b", "real"))))
            return (f"strategy gives {self.compute(fmt, x, y, _via(o))[0]}, "
                    f"trunc({exact}) = {result(o.operator, fmt, x, y)[0]}")
        s, spec = (int(bits(fmt, v)[0]) for v in (self.compute(fmt, x, y, _via(o)), result(o.operator, fmt, x, y)))
        return f"strategy gives {fmt.describe(s)}, IEEE {text.term(op.applied('float', args=(Var('x'), Var('y'))))} = " \
            f"{fmt.describe(spec)}"


def _via(o) -> Format | None:
    return get_format(o.params["via"]) if "via" in o.params else None


def _type_name(fmt: FloatFormat) -> str:
    """The Why3 name of a float format's type (its theory's, in lower case): float16, float32..."""
    return FLOAT_THEORIES[fmt.name].rpartition(".")[2].lower()


def _domain(o):
    domain = operators.of_obligation_name(o.operator).library.domain
    assert domain is not None
    return domain


# the conversions between a 16-bit format and binary32 (why3/floats.mlw); binary32 and binary64 have Why3's own
_CONVERTERS = {"fp16": "floats.Float16Convert as Convert", "bf16": "floats.BFloat16Convert as Convert",
               "fp32": "ieee_float.FloatConverter as Convert"}


STATEMENTS = tuple(StrategyStatement(**{f.name: getattr(strategy, f.name) for f in fields(strategy)})
                   for op in operators.OPERATORS.values() for strategy in op.library.strategies)

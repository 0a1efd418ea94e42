"""The float library: the laws of an operator's result every float format has (`operators.library.FloatLaw`,
listed by the operator's description), one statement each.

A law gives its statement, the requirement role it verifies, its variables, its Why3 goal, its SMT-LIB goal,
its predicate on the mirror, and where it has them its Coq template, Gappa goal and the formats where
enumerating every operand pair proves it.  The obligations of a law exist in every float format of a
document whose requirement binds its role.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from divbridge import operators
from divbridge.formats import FloatFormat
from divbridge.operators.library import FloatLaw
from divbridge.statements import NotEncoded, Statement
from divbridge.statements.smtlib import snippet

ROLES = ("float.rounding", "float.accuracy")     # the requirement a property verifies (see obligations.document)


@dataclass(frozen=True, eq=False)
class FloatProperty(Statement, FloatLaw):
    """The statement of a `FloatLaw`: the law's data with its encodings."""

    kind = "float_property"
    generic_why3 = True
    families = ("float",)

    @property
    def encodings(self) -> frozenset[str]:   # type: ignore[override]
        return frozenset({"why3", "smt", "predicate"} | ({"coq"} if self.coq_template else set())
                         | ({"gappa"} if self.gappa_goal else set())
                         | ({"enumeration"} if self.enumerated_in else set()))

    def backends(self, fmt: FloatFormat) -> frozenset[str]:
        """The provers of its obligation in a format."""
        return frozenset(({"exhaustive"} if fmt.name in self.enumerated_in else set())
                         | self.encodings - {"predicate", "enumeration"})

    def variables(self, o) -> tuple[str, ...]:
        return self.operands

    def why3(self, o) -> str:
        return self.why3_goal

    def why3_lemmas(self, o) -> tuple[tuple[str, str], ...]:
        return tuple((f"{self.name}_{step}", formula) for step, formula in self.why3_steps)

    def why3_route(self, o) -> str:
        return self.why3_by

    def heading(self, o) -> str:
        return self.title.replace("{p}", "p")

    def smt(self, o, context: dict[str, Any]) -> str:
        return snippet(self.wide + self.smt_goal).render(**context)

    def coq(self, o) -> str:
        if not self.coq_template:
            raise NotEncoded(f"{o.id}: {self.name} has no Coq proof")
        return self.coq_template

    def gappa(self, o, fmt: FloatFormat) -> str:
        if not self.gappa_goal:
            raise NotEncoded(f"{o.id}: {self.name} has no Gappa goal")
        return snippet(self.gappa_goal).render(fmt=fmt)

    def enumeration(self, o) -> str:
        if o.format not in self.enumerated_in:
            raise NotEncoded(f"{o.id}: {self.name} is not enumerated in {o.format}")
        return self.name

    def predicate(self, o, fmt, **columns):
        assert self.holds is not None
        return self.holds(fmt, **columns)

    def samples(self, o, vector_sets):
        if self.pairs is None:
            yield from super().samples(o, vector_sets)
            return
        for vectors in vector_sets:
            yield vectors.source, _format(o), self.pairs(vectors.a, vectors.b)


def _format(o) -> FloatFormat:
    from divbridge.formats import get_format
    fmt = get_format(o.format)
    assert isinstance(fmt, FloatFormat)
    return fmt


class IncompleteProperty(RuntimeError):
    """A property without an encoding it needs: a programming error, reported at start-up."""


def check(prop: FloatProperty, where: str) -> FloatProperty:
    missing = [field for field in ("why3_goal", "smt_goal", "holds", "title", "statement") if not getattr(prop, field)]
    if prop.role not in ROLES:
        missing.append(f"role (one of {', '.join(ROLES)})")
    if "goal" not in prop.smt_goal:
        missing.append("an SMT body defining `goal`")
    if missing:
        raise IncompleteProperty(f"property {prop.name} ({where}) lacks: {', '.join(missing)}")
    return prop


STATEMENTS = tuple(check(FloatProperty(**{f.name: getattr(law, f.name) for f in fields(law)}), op.name)
                   for op in operators.OPERATORS.values() for law in op.library.laws)

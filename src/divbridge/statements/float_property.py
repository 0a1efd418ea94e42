"""The float library: the properties of Div every float format has, one file each in ``statements/float/``.

A property module defines ``PROPERTY = FloatProperty(...)``: its statement, the requirement role it
verifies, its variables, its Why3 goal, its SMT-LIB goal, its predicate on the mirror, and where it has
them its Coq template, Gappa goal and the formats where enumerating every operand pair proves it.  The
obligations of a property exist in every float format of a document whose requirement binds its role.

Adding a float property is one file in ``statements/float/`` (copy ``div_by_one.py``) and its test.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

from divbridge.formats import FloatFormat
from divbridge.statements import NotEncoded, Statement
from divbridge.statements.smtlib import snippet

ROLES = ("float.rounding", "float.accuracy")     # the requirement a property verifies (see obligations.document)


@dataclass(frozen=True, eq=False)
class FloatProperty(Statement):
    kind = "float_property"
    generic_why3 = True

    name: str = ""
    group: str = "generic"    # the obligations' kind, which the summaries group by: generic | accuracy
    role: str = ""            # which requirement of the document it verifies (one of ROLES)
    title: str = ""           # {p}: the format's precision
    statement: str = ""       # readable mathematics; {p}: the precision
    why3_goal: str = ""       # the goal's formula, over the names div_float_generic.mlw declares
    why3_steps: tuple[tuple[str, str], ...] = ()   # (step, formula): the lemmas of its Why3 proof, over the
    # format's own floats (ieee_float); see `Statement.why3_lemmas`
    why3_by: str = "abstract"   # how Z3 proves its Why3 goal: abstract | bits | whole (`Statement.why3_route`)
    smt_goal: str = ""        # Jinja2 snippet of SMT-LIB definitions ending with `(define-fun goal () Bool ...)`
    holds: Callable[..., tuple[np.ndarray, np.ndarray]] | None = None   # (fmt, *columns) -> (applies, holds)
    operands: tuple[str, ...] = ("a", "b")     # the SMT query's free variables, in counterexample order
    wide: bool = False        # the SMT body compares exact products in a wider format (wa, wb)
    coq_template: str = ""    # generators/coq/<name>: a proof by reasoning where bit-blasting fails
    gappa_goal: str = ""      # Jinja2 snippet (fmt): a Gappa goal over r = a / b and q = rnd(r)
    enumerated_in: tuple[str, ...] = ()   # formats where enumerating every operand pair proves it
    pairs: Callable[[np.ndarray, np.ndarray], dict[str, np.ndarray]] | None = None
    # the variables on a vector set of operand pairs (default: a and b)

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
        body = snippet(self.smt_goal).render(**context)
        if not self.wide:
            return body
        fmt, wide = context["fmt"], context["wide"]
        return (f"; {wide.eb}/{wide.sb}-bit floats hold every product of two {fmt.name} values exactly,\n"
                f"; so the comparisons below are comparisons of exact reals\n"
                f"(define-fun wa () {context['W']} ({context['TO_W']} RNE a))\n"
                f"(define-fun wb () {context['W']} ({context['TO_W']} RNE b))\n{body}")

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


def check(prop: FloatProperty, module: str) -> FloatProperty:
    missing = [field for field in ("why3_goal", "smt_goal", "holds", "title", "statement") if not getattr(prop, field)]
    if prop.role not in ROLES:
        missing.append(f"role (one of {', '.join(ROLES)})")
    if "goal" not in prop.smt_goal:
        missing.append("an SMT body defining `goal`")
    if missing:
        raise IncompleteProperty(f"property {prop.name} ({module}) lacks: {', '.join(missing)}")
    return prop


def _load() -> tuple[FloatProperty, ...]:
    from divbridge.statements import float as package
    found = []
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        prop = getattr(module, "PROPERTY", None)
        if not isinstance(prop, FloatProperty):
            raise IncompleteProperty(f"{module.__name__} defines no PROPERTY")
        found.append(check(prop, module.__name__))
    return tuple(found)


STATEMENTS = _load()

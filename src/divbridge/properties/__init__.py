"""The property library: every float property of Div defined once, with every encoding it has.

A property is one small module in ``properties/float/`` holding a `Property`:
its statement and the requirement role it verifies, its variables, its Why3
goal body, its SMT-LIB goal body, one Python predicate (used vectorised by
the cross-check, and on a counterexample's operands) and the backends that
can prove it.  The Why3 and SMT-LIB templates only insert the bodies.  The
special-value rules are not here: the document states them, and
`properties.case_rule` encodes whatever it states.

Adding a float property: one file in ``properties/float/`` (copy
``div_by_one.py``) plus its test; it is then rendered for Why3 and SMT-LIB,
cross-checked and reported for every float format the document lists.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from typing import Callable

import numpy as np

ROLES = ("float.rounding", "float.accuracy")        # the requirement a property verifies (see obligations.document)
ENCODINGS = ("why3", "smt", "predicate")


@dataclass(frozen=True)
class Property:
    name: str
    kind: str                 # generic | accuracy: the group the summaries show
    role: str                 # which requirement of the document it verifies (one of ROLES)
    title: str                # {p}: the format's precision
    statement: str            # readable mathematics; {p}: the precision
    why3: str                 # the goal's formula, over the names div_float_generic.mlw declares (README)
    smt: str                  # SMT-LIB definitions ending with `(define-fun goal () Bool ...)` (a Jinja2 snippet)
    predicate: Callable[..., tuple[np.ndarray, np.ndarray]]   # (fmt, a, b) -> (applies, holds) on the mirror
    variables: tuple[str, ...] = ("a", "b")     # the SMT query's free variables, in counterexample order
    wide: bool = False        # the SMT body compares exact products in a wider format (wa, wb)
    backends: frozenset[str] = frozenset({"why3", "smt"})
    exhaustive_formats: tuple[str, ...] = ()    # formats where enumerating every pair proves it


class IncompleteProperty(RuntimeError):
    """A property without an encoding it needs: a programming error, reported at start-up."""


def _check(prop: Property, module: str) -> Property:
    missing = [e for e in ENCODINGS if not getattr(prop, e)]
    if prop.role not in ROLES:
        missing.append(f"role (one of {', '.join(ROLES)})")
    if "goal" not in prop.smt:
        missing.append("an SMT body defining `goal`")
    if missing:
        raise IncompleteProperty(f"property {prop.name} ({module}) lacks: {', '.join(missing)}")
    return prop


def _load() -> dict[str, Property]:
    from divbridge.properties import float as package
    found = {}
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        prop = getattr(module, "PROPERTY", None)
        if not isinstance(prop, Property):
            raise IncompleteProperty(f"{module.__name__} defines no PROPERTY")
        found[prop.name] = _check(prop, module.__name__)
    return found


FLOAT_PROPERTIES: dict[str, Property] = _load()

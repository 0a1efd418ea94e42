"""What an operator's float library is (`Operator.library`): the laws its result obeys in every float
format, the ways of computing it that divbridge checks against it (strategies), how a document's other
rounding rule is claimed of its result, how an accuracy note's claims on its rounding are encoded
(`operators.accuracy`), and how it computes in each format's profile.

Plain data, Jinja2 snippets (SMT-LIB, Why3, Gappa) and NumPy predicates: `statements.float_property`,
`statements.strategy` and `statements.rounding_rule` render and run them.  An operator without a library
has none of these obligations.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

import numpy as np

from divbridge.formats import Format

if TYPE_CHECKING:
    from divbridge.operators.accuracy import Accuracy

Predicate = Callable[..., tuple[np.ndarray, np.ndarray]]   # (fmt, *columns) -> (applies, holds)


@dataclass(frozen=True)
class FloatLaw:
    """A law of the operator's result that every float format obeys, with each encoding it has."""

    name: str = ""
    group: str = "generic"    # the obligations' kind, which the summaries group by: generic | accuracy
    role: str = ""            # which requirement of the document it verifies (`statements.float_property.ROLES`)
    title: str = ""           # {p}: the format's precision
    statement: str = ""       # readable mathematics; {p}: the precision
    why3_goal: str = ""       # the goal's formula, over the names the generic float module declares
    why3_steps: tuple[tuple[str, str], ...] = ()   # (step, formula): the lemmas of its Why3 proof, over the
    # format's own floats (ieee_float); see `Statement.why3_lemmas`
    why3_by: str = "abstract"   # how Z3 proves its Why3 goal: abstract | bits | whole (`Statement.why3_route`)
    smt_goal: str = ""        # Jinja2 snippet of SMT-LIB definitions ending with `(define-fun goal () Bool ...)`
    holds: Predicate | None = None
    operands: tuple[str, ...] = ("a", "b")     # the SMT query's free variables, in counterexample order
    wide: str = ""            # Jinja2 snippet: the definitions in a wider format (wa, wb) that the SMT goal
    # compares exactly, before it
    coq_template: str = ""    # generators/coq/<name>: a proof by reasoning where bit-blasting fails
    gappa_goal: str = ""      # Jinja2 snippet (fmt): a Gappa goal over the exact result r and q = rnd(r)
    enumerated_in: tuple[str, ...] = ()   # formats where enumerating every operand pair proves it
    pairs: Callable[[np.ndarray, np.ndarray], dict[str, np.ndarray]] | None = None
    # the variables on a vector set of operand pairs (default: a and b)


@dataclass(frozen=True)
class Strategy:
    """A way of computing the operator, claimed equal to its result on every operand pair: how it computes
    ``s`` in SMT-LIB (a Jinja2 snippet over ``fmt`` and ``via``, the wider format or None), in Why3 where
    its operations have a term there (a snippet over ``fmt``, ``via`` and ``type_name(format)``, the Why3
    name of a float format's type), and in NumPy's hardware arithmetic (``compute``)."""

    name: str = ""
    family: str = "float"
    smt_body: str = ""         # defines s
    why3_s: str = ""           # the term s over the operands ("": no Why3 goal)
    compute: Callable[..., np.ndarray] | None = None    # (fmt, x, y, via) -> s
    coq_template: str = ""
    enumerated: bool = False   # every operand pair of a 16-bit format, by the engine's strategy params["strategy"]
    beyond: str = ""           # why Z3 inside Why3 does not settle its Why3 goal ("": it does)


@dataclass(frozen=True)
class StatedRounding:
    """A rounding rule a document states instead of the operator's own, as a claim on its result in one
    family: Jinja2 snippets over ``mode`` (trunc, floor, ceil, nearest) and ``smt_mode`` (float: SMT-LIB's
    rounding mode of the rule) of the Why3 goal (float: also ``theory``, the format's Why3 theory), of the
    SMT-LIB definitions ending with ``goal`` (integer: also ``w``, the type's bits) and of the readable
    statement."""

    why3: str
    smt: str
    statement: str


@dataclass(frozen=True, eq=False)   # one per operator, compared (and hashed) as itself
class Library:
    laws: tuple[FloatLaw, ...] = ()
    strategies: tuple[Strategy, ...] = ()
    # by family: the Why3 goal (a Jinja2 snippet over ``term``) that a strategy's term s is claimed equal in
    strategy_goals: dict[str, str] = field(default_factory=dict)
    rounding: dict[str, StatedRounding] = field(default_factory=dict)   # by family: float, int
    # its accuracy claims' encodings, loaded when asked for (they bring sympy, which most runs do not need)
    accuracy: Callable[[], Accuracy] | None = None
    # the result in each format's profile, elementwise (pairs outside the domain: 0); None: the fast kernel
    compute: Callable[[Format, np.ndarray, np.ndarray], np.ndarray] | None = None
    # the pairs whose result the integer profile defines (its preconditions), elementwise
    domain: Callable[[Format, np.ndarray, np.ndarray], np.ndarray] | None = None

"""What an operator's statement library is (`Operator.library`): the laws its result obeys in every float
format, the ways of computing it that divbridge checks against it (strategies), how a document's other
rounding rule is claimed of its result, how an accuracy note's claims on its rounding are encoded
(`operators.accuracy`), how it computes in each format's profile, its integer and real properties, its WhyML
contract, and how a counterexample shows its result.

Plain data, Jinja2 snippets (SMT-LIB, Why3, Gappa) and NumPy predicates: `divbridge.statements` renders and
runs them (`float_property`, `strategy`, `rounding_rule`, `integer`, `real`, `specification`).  An operator
whose description lists no library has none of these obligations.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

import numpy as np

from divbridge.formats import Format, IntFormat

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
    coq_template: str = ""    # generators/coq/<path>: a proof by reasoning where bit-blasting fails
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
class StrategyClaim:
    """A way of computing the operator (`Strategy`) claimed in one format, stated as an obligation that
    traces to no requirement: the strategy gives the profile's result on every operand pair (``expect``
    "invalid": a known defect, a probe whose counterexample is evidence).  ``prop``: the statement that
    encodes it (`statements.strategy`)."""

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
class StatedRounding:
    """A rounding rule a document states instead of the operator's own, as a claim on its result in one
    family: Jinja2 snippets over ``mode`` (trunc, floor, ceil, nearest) and ``smt_mode`` (float: SMT-LIB's
    rounding mode of the rule) of the Why3 goal (float: also ``theory``, the format's Why3 theory), of the
    SMT-LIB definitions ending with ``goal`` (integer: also ``w``, the type's bits) and of the readable
    statement."""

    why3: str
    smt: str
    statement: str


@dataclass(frozen=True)
class IntegerClaim:
    """An integer property of the operator, in every integer type a document lists: its Why3 goal (over the
    operator's integer module, whose preconditions are the document's constraints), its SMT-LIB goal inside
    a frame and the check the mirror runs on the domain."""

    name: str = ""
    group: str = ""           # the obligations' kind: a property's group, range, probe
    title: str = ""
    roles: tuple[str, ...] = ()   # the requirements it verifies (a probe: the one it shows necessary)
    statement: str = ""
    why3_goal: str = ""       # over the operator's integer module's names
    smt_goal: str = ""        # Jinja2 snippet (fmt, w) inside the frame `frame`
    frame: str = "int"        # int (bit-vectors) | int_exact (mathematical integers)
    holds: Callable[..., np.ndarray] | None = None   # (fmt, a, b, c) on the domain -> holds
    # a claim expected to fail, showing why a constraint is needed: the pairs (fmt, a, b) -> mask it is about
    probe: Callable[[IntFormat, np.ndarray, np.ndarray], np.ndarray] | None = None
    # where the document leaves the overflowing pairs in its domain: the statement then made (None: the same)
    unguarded: str | None = None
    signed_only: bool = False  # a statement about signs: stated in the signed types alone


@dataclass(frozen=True)
class RealClaim:
    """A real property of the operator: its Why3 goal (over the operator's real module), its SMT-LIB goal
    over the reals and the check of one point in exact rationals."""

    name: str = ""
    title: str = ""
    statement: str = ""
    why3_goal: str = ""
    smt_goal: str = ""
    operands: tuple[str, ...] = ("a", "b")
    # one point's values -> (applies, holds)
    check: Callable[..., tuple[bool, bool]] | None = None
    group: str = "generic"
    roles: tuple[str, ...] = ("real.definition",)


@dataclass(frozen=True)
class Requirement:
    """A ``requires`` clause of the contract that a document may state (the obligation's params name it):
    its Why3 condition on one pair of elements ``{a}``, ``{b}`` (``{zero}`` the element type's zero, ``{min}``
    the type's least value) and the pairs it admits on the mirror."""

    why3: str
    admits: Callable[[Format, np.ndarray, np.ndarray], np.ndarray]
    signed_only: bool = False  # stated in the signed integer types alone


@dataclass(frozen=True, eq=False)   # its tables are dicts: equal only to itself
class Contract:
    """How the WhyML specification states the operator in each element family (real, float, int): the
    infix operation of Why3's machine types an element-wise loop computes with, the integer results a
    document may state (Why3 over int, ``{q}`` the result of ``{x}`` and ``{y}``, by rounding), the theories
    those use, and the requirements a document may state."""

    machine: dict[str, str]
    integer_rules: dict[str, str]
    integer_theories: tuple[str, ...]
    requires: dict[str, Requirement]


@dataclass(frozen=True, eq=False)   # one per operator, compared (and hashed) as itself
class Library:
    laws: tuple[FloatLaw, ...] = ()
    strategies: tuple[Strategy, ...] = ()
    # the strategies claimed in each format, as divbridge's own obligations (`obligations.strategies`)
    strategy_claims: tuple[StrategyClaim, ...] = ()
    # by family: the Why3 goal (a Jinja2 snippet over ``term``) that a strategy's term s is claimed equal in
    strategy_goals: dict[str, str] = field(default_factory=dict)
    rounding: dict[str, StatedRounding] = field(default_factory=dict)   # by family: float, int
    # its accuracy claims' encodings, loaded when asked for (they bring sympy, which most runs do not need)
    accuracy: Callable[[], Accuracy] | None = None
    # the result in each format's profile, elementwise (pairs outside the domain: 0); None: the fast kernel
    compute: Callable[[Format, np.ndarray, np.ndarray], np.ndarray] | None = None
    # the pairs whose result the integer profile defines (its preconditions), elementwise
    domain: Callable[[Format, np.ndarray, np.ndarray], np.ndarray] | None = None
    integer: tuple[IntegerClaim, ...] = ()
    real: tuple[RealClaim, ...] = ()
    contract: Contract | None = None
    # the pairs of an integer type the integer claims apply to (fmt, a, b, whether the document excludes
    # the overflowing pairs)
    integer_domain: Callable[[IntFormat, np.ndarray, np.ndarray, bool], np.ndarray] | None = None
    # how a counterexample shows the result of one operand pair (fmt, a's name, b's name, a, b), where the
    # kernels alone would not say it (None: ``a op b = <the kernel's result>``)
    shown: Callable[[Format, str, str, object, object], str] | None = None

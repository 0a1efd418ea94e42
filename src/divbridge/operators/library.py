"""The statement library an operator's description may list (`model.Operator.library`): integer and real
properties, the WhyML contract, and how a counterexample shows the operator's result.

`divbridge.statements` turns each property into a `Statement` (its encodings and its predicate on the
mirror); a description lists the data: the goals' texts over the names of its Why3 modules and SMT-LIB
frames, and the checks the mirror runs.  An operator whose description lists none has no such statements.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np

from divbridge.formats import Format, IntFormat


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


@dataclass(frozen=True)
class Library:
    """The statements of the library an operator's description lists (none by default), and ``shown``: how
    a counterexample shows the result of one operand pair ``(fmt, a name, b name, a, b)``, where the
    description's kernels alone would not say it (None: ``a op b = <the kernel's result>``)."""

    integer: tuple[IntegerClaim, ...] = ()
    real: tuple[RealClaim, ...] = ()
    contract: Contract | None = None
    # the pairs of an integer type the operator is defined on (fmt, a, b, whether the overflowing pairs
    # are excluded), where the integer claims apply
    integer_domain: Callable[[IntFormat, np.ndarray, np.ndarray, bool], np.ndarray] | None = None
    shown: Callable[[Format, str, str, object, object], str] | None = None

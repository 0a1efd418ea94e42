"""The integer properties of an operator, in every integer type a document lists: the `IntegerClaim`s its
description's library lists (`operators.library`), none for most.

Each property states its Why3 goal (over the operator's integer module, whose preconditions are the
document's constraints), its SMT-LIB goal inside one of two frames (``int``: bit-vectors, the operator is its
SMT-LIB operation; ``int_exact``: mathematical integers, for statements about the exact result, which no
solver settles over bit-vectors), and its predicate on the mirror.  An integer property assumes the
preconditions, so it traces to their requirements too (`obligations.catalog`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from divbridge import operators
from divbridge.operators.library import IntegerClaim
from divbridge.statements import Statement
from divbridge.statements.mirrorops import result
from divbridge.statements.smtlib import snippet


@dataclass(frozen=True, eq=False)
class IntProperty(Statement, IntegerClaim):
    """An integer claim of an operator's library, with its encodings and its predicate."""

    kind = "integer"
    families = ("int",)
    encodings = frozenset({"why3", "smt", "predicate"})

    def why3(self, o) -> str:
        return self.why3_goal

    def why3_apart(self, o) -> bool:
        return self.probe is not None

    def smt_frame(self, o) -> str:
        return self.frame

    def smt(self, o, context) -> str:
        return snippet(self.smt_goal).render(fmt=context["fmt"], w=context["fmt"].bits)

    def predicate(self, o, fmt, a, b):
        assert self.holds is not None
        op = operators.of_obligation_name(o.operator)
        assert op.library.integer_domain is not None
        domain = op.library.integer_domain(fmt, a, b, True)     # where the operator is defined
        if self.probe is not None:
            applies = self.probe(fmt, a, b)
        else:
            applies = op.library.integer_domain(fmt, a, b, o.params.get("excludes_int_min", True))
        results = result(o.operator, fmt, a, b).astype(object)
        for i in np.flatnonzero(applies & ~domain):    # pairs the operator refuses: the exact result
            results[i] = op.kernels.integer(fmt, int(a[i]), int(b[i]))
        holds = np.ones(a.shape, bool)
        if applies.any():
            holds[applies] = self.holds(fmt, a[applies].astype(object), b[applies].astype(object), results[applies])
        return applies, holds


STATEMENTS = tuple(IntProperty(**vars(claim)) for op in operators.OPERATORS.values() for claim in op.library.integer)

"""The real properties of an operator, C = A op B exactly: the `RealClaim`s its description's library lists
(`operators.library`), none for most.

Each property states its Why3 goal (over the operator's real module), its SMT-LIB goal over the reals, and
its predicate on exact rationals; the cross-check evaluates it on every point of a grid of small
fractions.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from divbridge import operators
from divbridge.formats import get_format
from divbridge.operators.library import RealClaim
from divbridge.statements import Statement

# the grid the cross-check evaluates a real statement on: small integers and fractions
GRID = tuple(Fraction(n, d) for n in (-7, -3, -1, 0, 1, 2, 5, 35) for d in (1, 3, 4))


@dataclass(frozen=True, eq=False)
class RealProperty(Statement, RealClaim):
    """A real claim of an operator's library, with its encodings and its predicate."""

    kind = "real"
    families = ("real",)
    encodings = frozenset({"why3", "smt", "predicate"})

    def variables(self, o) -> tuple[str, ...]:
        return self.operands

    def why3(self, o) -> str:
        return self.why3_goal

    def smt(self, o, context) -> str:
        return self.smt_goal

    def predicate(self, o, fmt, **columns):
        assert self.check is not None
        points = [self.check(**dict(zip(columns, values))) for values in zip(*columns.values())]
        return np.array([p[0] for p in points], bool), np.array([p[1] for p in points], bool)

    def samples(self, o, vector_sets):
        yield from grid_samples(self.variables(o))


def grid_samples(names: tuple[str, ...], grid=GRID):
    """Every point of the grid over the variables, as object columns of exact rationals."""
    points = [()]
    for _ in names:     # every tuple of grid values, the last variable the fastest
        points = [p + (v,) for p in points for v in grid]
    yield f"a grid of {len(grid)} values per variable", get_format("real"), \
        {n: np.array([p[k] for p in points], dtype=object) for k, n in enumerate(names)}


STATEMENTS = tuple(RealProperty(**vars(claim)) for op in operators.OPERATORS.values() for claim in op.library.real)

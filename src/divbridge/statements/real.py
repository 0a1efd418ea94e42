"""The real properties of Div: C = A / B, the exact quotient, where B is non-zero.

Each property states its Why3 goal (over div_real.mlw's ``div``), its SMT-LIB goal over the reals, and
its predicate on exact rationals; the cross-check evaluates it on every point of a grid of small
fractions.  Adding a real property is one `RealProperty` in ``STATEMENTS``.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable

import numpy as np

from divbridge.formats import get_format
from divbridge.operators.div.kernels import real_div
from divbridge.statements import Statement

# the grid the cross-check evaluates a real statement on: small integers and fractions
GRID = tuple(Fraction(n, d) for n in (-7, -3, -1, 0, 1, 2, 5, 35) for d in (1, 3, 4))


@dataclass(frozen=True, eq=False)
class RealProperty(Statement):
    kind = "real"
    families = ("real",)
    encodings = frozenset({"why3", "smt", "predicate"})

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
    points = list(itertools.product(grid, repeat=len(names)))
    yield f"a grid of {len(grid)} values per variable", get_format("real"), \
        {n: np.array([p[k] for p in points], dtype=object) for k, n in enumerate(names)}


STATEMENTS = (
    RealProperty(
        name="quotient_times_divisor", title="(A / B) * B = A", statement="b != 0 -> (a / b) * b = a",
        why3_goal="forall a b: real. b <> 0.0 -> div a b *. b = a",
        smt_goal="(define-fun goal () Bool (=> (not (= b 0.0)) (= (* (/ a b) b) a)))",
        check=lambda a, b: (b != 0, b == 0 or real_div(a, b) * b == a)),
    RealProperty(
        name="div_by_one", title="A / 1 = A", statement="a / 1 = a",
        why3_goal="forall a: real. div a 1.0 = a",
        smt_goal="(define-fun goal () Bool (= (/ a 1.0) a))",
        check=lambda a, b: (True, real_div(a, Fraction(1)) == a)),
    RealProperty(
        name="neg_numerator", title="(-A) / B = -(A / B)", statement="b != 0 -> (-a) / b = -(a / b)",
        why3_goal="forall a b: real. b <> 0.0 -> div (-. a) b = -. (div a b)",
        smt_goal="(define-fun goal () Bool (=> (not (= b 0.0)) (= (/ (- a) b) (- (/ a b)))))",
        check=lambda a, b: (b != 0, b == 0 or real_div(-a, b) == -real_div(a, b))),
    RealProperty(
        name="neg_denominator", title="A / (-B) = -(A / B)", statement="b != 0 -> a / (-b) = -(a / b)",
        why3_goal="forall a b: real. b <> 0.0 -> div a (-. b) = -. (div a b)",
        smt_goal="(define-fun goal () Bool (=> (not (= b 0.0)) (= (/ a (- b)) (- (/ a b)))))",
        check=lambda a, b: (b != 0, b == 0 or real_div(a, -b) == -real_div(a, b))),
    RealProperty(
        name="self_div_one", title="A / A = 1 for non-zero A", statement="a != 0 -> a / a = 1",
        why3_goal="forall a: real. a <> 0.0 -> div a a = 1.0",
        smt_goal="(define-fun goal () Bool (=> (not (= a 0.0)) (= (/ a a) 1.0)))",
        check=lambda a, b: (a != 0, a == 0 or real_div(a, a) == 1)),
    RealProperty(
        name="monotone_numerator", title="A / B is monotone in A for B > 0",
        statement="b > 0 and a1 <= a2 -> a1 / b <= a2 / b", operands=("a1", "a2", "b"),
        why3_goal="forall a1 a2 b: real. b >. 0.0 /\\ a1 <=. a2 -> div a1 b <=. div a2 b",
        smt_goal="(define-fun goal () Bool (=> (and (> b 0.0) (<= a1 a2)) (<= (/ a1 b) (/ a2 b))))",
        check=lambda a1, a2, b: (b > 0 and a1 <= a2, not (b > 0 and a1 <= a2) or real_div(a1, b) <= real_div(a2, b))),
)

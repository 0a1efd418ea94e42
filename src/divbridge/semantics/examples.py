"""The worked examples of the SONNX Div draft (seed 000), as data.

Values are written as the draft writes them: numbers, ``inf``, ``nan``.
They become ground proof goals and cross-check vectors.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class WorkedExample:
    name: str
    title: str
    a: tuple
    b: tuple
    c: tuple
    tags: tuple[str, ...]

    def elements(self) -> list[tuple[str, str, str]]:
        """The (a, b, c) triples, element by element, in row-major order."""
        def flat(m):
            return [x for row in m for x in row] if isinstance(m[0], tuple) else list(m)
        return list(zip(flat(self.a), flat(self.b), flat(self.c)))

    def statement(self) -> str:
        return "Div(A, B) = C elementwise: " + ", ".join(f"{a} / {b} = {c}" for a, b, c in self.elements())


REAL_EXAMPLES = (
    WorkedExample("row_vector", "real example 1, a 1x3 row", (("6", "9", "35"),), (("3", "3", "5"),),
                  (("2", "3", "7"),), ("E_DIV_REAL_DEF_0010",)),
    WorkedExample("matrix_3x2", "real example 2, a 3x2 matrix with a zero numerator",
                  (("3", "4"), ("16", "0"), ("25", "24")), (("3", "2"), ("4", "1"), ("5", "4")),
                  (("1", "2"), ("4", "0"), ("5", "6")), ("E_DIV_REAL_DEF_0010",)),
)

FLOAT_EXAMPLES = (
    WorkedExample("zero_denominator", "float example 1, 1 / 0 = inf",
                  (("3", "4"), ("16", "1"), ("25", "24")), (("3", "2"), ("4", "0"), ("5", "4")),
                  (("1", "2"), ("4", "inf"), ("5", "6")), ("E_DIV_FLOAT_DEF_0010", "E_DIV_FLOAT_DEF_0040")),
    WorkedExample("zero_by_zero", "float example 2, 0 / 0 = nan",
                  (("3", "4"), ("16", "0"), ("25", "24")), (("3", "2"), ("4", "0"), ("5", "4")),
                  (("1", "2"), ("4", "nan"), ("5", "6")), ("E_DIV_FLOAT_DEF_0010", "E_DIV_FLOAT_DEF_0030")),
)

EXAMPLES_BY_NAME = {e.name: e for e in REAL_EXAMPLES + FLOAT_EXAMPLES}

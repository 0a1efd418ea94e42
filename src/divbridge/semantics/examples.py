"""A specification draft's worked examples, as data.

Values are written as the draft writes them: numbers, ``inf``, ``nan``.
They become ground proof goals and cross-check vectors.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class WorkedExample:
    name: str
    section: str      # the draft's section: real | float
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

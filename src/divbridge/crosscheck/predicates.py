"""An obligation's statement evaluated on concrete vectors: the formal model against the mirror.

`evaluate(obligation, vectors)` runs the statement's predicate (`statements`) at every point it is
sampled at (the vector sets of its format, a grid of rationals, a worked example's elements, tensors)
and returns (points it applies to, failures, first failing point).  A failure means the formal model
and the mirror disagree.
"""

from __future__ import annotations

import numpy as np

from divbridge import statements
from divbridge.crosscheck.vectors import Vectors
from divbridge.formats import describe_element
from divbridge.obligations.model import Obligation


def evaluate(obligation: Obligation, vector_sets: list[Vectors]) -> tuple[int, int, str | None]:
    """(points run, failures, first failing point) of one obligation."""
    statement = statements.of(obligation)
    run, failures, first = 0, 0, None
    for source, fmt, columns in statement.samples(obligation, vector_sets):
        applies, holds = statement.predicate(obligation, fmt, **columns)
        failing = np.flatnonzero(applies & ~holds)
        run += int(applies.sum())
        failures += int(failing.size)
        if failing.size and first is None:
            i = failing[0]
            first = f"{source}: " + ", ".join(f"{name} = {describe_element(fmt, column[i])}" for name, column in columns.items()
                                              if np.ndim(column[i]) == 0)
    return run, failures, first

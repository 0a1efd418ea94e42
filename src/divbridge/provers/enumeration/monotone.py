"""Division is monotone in the numerator: a complete proof for a 16-bit format by enumeration.

The statement (obligation ``float.<fmt>.generic.monotone_numerator``):
not isNaN(a1) and not isNaN(a2) and isFinite(b) and b > 0 and a1 <= a2 ->
a1 / b <= a2 / b, with IEEE comparison (-0 and +0 are equal).

For every finite b > 0, `check_monotone_numerator` walks every non-NaN
numerator in increasing value (-inf, the negatives, -0, +0, the positives,
+inf) and checks that the correctly rounded quotient never decreases and is
never NaN.  Two numerators adjacent in that order are a1 <= a2, and every
pair a1 <= a2 is a chain of adjacent ones, so by transitivity the walk covers
every pair: for FP16 and BF16 about 2^31 divisions, a few seconds.

The quotients are those of the reference of `divbridge.provers.enumeration.engine`
(integer arithmetic, rounded once to nearest even, validated by the tests
against exact rationals); so is the kernel, which lives there.
"""

from __future__ import annotations

import time
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Iterator

import numba
import numpy as np

from divbridge.provers.enumeration.engine import monotone_kernel, tables
from divbridge.errors import InputError
from divbridge.formats import FloatFormat


@dataclass(frozen=True)
class Monotonicity:
    fmt: FloatFormat
    denominators: int
    pairs_checked: int          # adjacent numerator pairs (a1 < a2 in the walk) times denominators
    violations: int             # descents, and NaN quotients
    first_violation: tuple[int, int, int] | None   # (a1_bits, a2_bits, b_bits)
    seconds: float

    @property
    def passed(self) -> bool:
        return self.violations == 0


def value_order(fmt: FloatFormat) -> np.ndarray:
    """Every non-NaN bit pattern of ``fmt`` in increasing value, -0 just before +0."""
    inf = fmt.inf(0)
    negatives = fmt.sign_mask | np.arange(inf, -1, -1, dtype=np.int64)   # -inf up to -0
    return np.concatenate([negatives, np.arange(0, inf + 1, dtype=np.int64)])


def positive_finite(fmt: FloatFormat) -> range:
    """The bit patterns of the finite b > 0: the smallest subnormal up to the largest finite."""
    return range(1, fmt.inf(0))


@contextmanager
def _threads(jobs: int | None) -> Iterator[None]:
    previous = numba.get_num_threads()
    if jobs is not None:
        numba.set_num_threads(max(1, min(jobs, numba.config.NUMBA_NUM_THREADS)))
    try:
        yield
    finally:
        numba.set_num_threads(previous)


def check_monotone_numerator(fmt: FloatFormat, jobs: int | None = None,
                             denominators: range | None = None) -> Monotonicity:
    """Check a1 / b <= a2 / b for every non-NaN a1 <= a2 and every finite b > 0 of ``fmt``.

    ``denominators`` restricts the run to a slice of bit patterns of finite b > 0
    (for tests and benchmarks); by default all of them."""
    if fmt.width > 16:
        raise InputError(f"{fmt.name} has {fmt.width} bits: exhaustive enumeration covers formats of at most 16 bits")
    every = positive_finite(fmt)
    denominators = every if denominators is None else denominators
    if denominators.step != 1 or (len(denominators) and (denominators.start < every.start
                                                         or denominators.stop > every.stop)):
        raise InputError(f"denominators {denominators} are not a slice of the finite b > 0 of {fmt.name} {every}")
    start = time.perf_counter()
    cls, sig, ex, qtab, rtab, rnorm, _ = tables(fmt)
    order = value_order(fmt)
    bs = np.arange(denominators.start, denominators.stop, dtype=np.int64)
    counts = np.zeros(bs.size, np.int64)
    first_a1 = np.full(bs.size, -1, np.int64)
    first_a2 = np.full(bs.size, -1, np.int64)
    with _threads(jobs):
        monotone_kernel(fmt.eb, fmt.sb, cls, sig, ex, qtab, rtab, rnorm, order, bs, counts, first_a1, first_a2)
    first = None
    bad = np.flatnonzero(counts)
    if bad.size:
        i = int(bad[0])
        first = (int(first_a1[i]), int(first_a2[i]), int(bs[i]))
    return Monotonicity(fmt, int(bs.size), int(bs.size) * (order.size - 1), int(counts.sum()), first,
                        time.perf_counter() - start)

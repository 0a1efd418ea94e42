"""NumPy helpers on arrays of a format that the descriptions' predicates and the statements share: bit
patterns, float64 views, bit equality, negation, a bounded sample, and the exact results beside computed ones."""

from __future__ import annotations

from fractions import Fraction
from typing import Callable, Iterator

import numpy as np

from divbridge.formats import FloatFormat, FloatValue

SAMPLE = 400   # exact-rational checks run per element: keep the default cross-check fast


def bits(fmt: FloatFormat, x) -> np.ndarray:
    return np.asarray(x).view(fmt.uint_dtype)


def f64(x) -> np.ndarray:
    with np.errstate(invalid="ignore"):   # NaN payloads of narrow formats
        return np.asarray(x).astype(np.float64)


def same(fmt: FloatFormat, x, y) -> np.ndarray:
    """Bit-equal, or both NaN."""
    both_nan = np.isnan(f64(x)) & np.isnan(f64(y))
    return (bits(fmt, x) == bits(fmt, y)) | both_nan


def neg(fmt: FloatFormat, x) -> np.ndarray:
    return (bits(fmt, x) ^ fmt.sign_mask).astype(fmt.uint_dtype).view(fmt.dtype)


def sample(mask: np.ndarray) -> np.ndarray:
    return np.flatnonzero(mask)[:SAMPLE]


def exact_results(real: Callable[[Fraction, Fraction], Fraction], fmt: FloatFormat, a, b,
                  c) -> Iterator[tuple[int, Fraction, FloatValue]]:
    """(index, the exact result ``real(a, b)``, decoded c) at a sample of the pairs of finite operands
    where the exact result is defined (``real`` raises ZeroDivisionError elsewhere)."""
    x, y = f64(a), f64(b)
    found = 0
    for i in np.flatnonzero(np.isfinite(x) & np.isfinite(y)):
        if found == SAMPLE:
            return
        ca, cb, cc = (fmt.decode(int(bits(fmt, v[i]))) for v in (a, b, c))
        try:
            exact = real(ca.value, cb.value)
        except ZeroDivisionError:
            continue
        found += 1
        yield i, exact, cc

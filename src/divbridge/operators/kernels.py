"""The kernels every operator description shares: wrap-around into an integer type and the vectorised
IEEE path through a wider NumPy format.

`wrap` is the integer profile of Add, Sub and Mul exactly as the working group's documents state it:
C = A op B - k.2^n, with the integer k that brings the result into the type's range (so k < 0 for a
signed result below the range: the documents' ``+ k_2.2^n``).

`fast` computes in a wider NumPy format and rounds once to the narrow one.  For +, -, x and / that
double rounding is correct rounding when the wider precision p' is at least 2p + 2 and its exponent
range covers the narrow one's (Figueroa, "When is double rounding innocuous?", 1995): FP16 (p = 11) and
BF16 (p = 8) through FP32 (p' = 24), whose conversions NumPy and ml_dtypes round to nearest even.
"""

from __future__ import annotations

import numpy as np

from divbridge.formats import BF16, FP16, IntFormat

_THROUGH_FP32 = (FP16, BF16)


def wrap(fmt: IntFormat, value: int) -> int:
    """The representative of ``value`` modulo 2^n in the range of ``fmt``."""
    k = (value - fmt.min) >> fmt.bits          # floor((value - min) / 2^n)
    return value - k * (1 << fmt.bits)


def wrap_k(fmt: IntFormat, value: int) -> int:
    """The k of the documents' C = A op B - k.2^n (negative when the exact result is below the range)."""
    return (value - fmt.min) >> fmt.bits


def fast(ufunc: np.ufunc, fmt, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``ufunc`` over arrays of a standard format: integers wrap (NumPy's own arithmetic modulo 2^n),
    FP16 and BF16 go through FP32, FP32 and FP64 use the hardware's IEEE operation."""
    with np.errstate(all="ignore"):
        if isinstance(fmt, IntFormat):
            return ufunc(a, b, dtype=fmt.dtype)
        if fmt in _THROUGH_FP32:
            return ufunc(a.astype(np.float32), b.astype(np.float32)).astype(fmt.dtype)
        return ufunc(a, b, dtype=fmt.dtype)

"""The vectorised Div for the standard formats, tested bit for bit against `exact`.

FP32 and FP64 divide in their own format (the hardware's IEEE division; NumPy
never sets flush-to-zero).  FP16 and BF16 divide in a wider format and round
once more, which is correctly rounded because the wider precision p' is at
least 2p + 2 and its exponent range covers the narrower one's subnormals
(the strategy obligations prove it; the exhaustive enumeration checks it on
all 2^32 pairs).  FP16 goes through FP64, whose conversion to float16 NumPy
rounds directly; BF16 through FP32, whose conversion ml_dtypes rounds to
nearest even.
"""

from __future__ import annotations

import numpy as np

from divbridge.formats import BF16, FP16, FP32, FP64, Format, IntFormat

_WIDER = {FP16: np.float64, BF16: np.float32}


def supports(fmt: Format) -> bool:
    return fmt in (FP16, BF16, FP32, FP64) or isinstance(fmt, IntFormat)


def div(fmt: Format, a: np.ndarray, b: np.ndarray, int_rounding: str) -> np.ndarray:
    with np.errstate(all="ignore"):
        if isinstance(fmt, IntFormat):
            return _int_div(a, b, int_rounding)
        if fmt in _WIDER:
            wide = _WIDER[fmt]
            return (a.astype(wide) / b.astype(wide)).astype(fmt.dtype)
        return np.divide(a, b, dtype=fmt.dtype)


def _int_div(a: np.ndarray, b: np.ndarray, rounding: str) -> np.ndarray:
    """Floor division from NumPy, corrected toward zero for truncation where the
    remainder is non-zero and the signs differ.  Preconditions (b != 0, no
    INT_MIN / -1) are checked by the caller."""
    quotient = np.floor_divide(a, b)
    if rounding == "floor":
        return quotient
    inexact = np.remainder(a, b) != 0
    if np.issubdtype(a.dtype, np.signedinteger):
        quotient = quotient + (inexact & ((a < 0) != (b < 0))).astype(a.dtype)
    return quotient

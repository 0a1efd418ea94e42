"""Div's kernels: the exact reference semantics, one element at a time, written to be read, and the
vectorised ones for the standard formats, tested bit for bit against them.

Exact: real division through exact rationals; IEEE 754 division for any binary format (eb, sb) from the
exact rational quotient rounded to nearest even; integer division through exact integer arithmetic.  No
floating-point hardware is involved there.

Fast: FP32 and FP64 divide in their own format (the hardware's IEEE division; NumPy never sets
flush-to-zero).  FP16 and BF16 divide in a wider format and round once more, which is correctly rounded
because the wider precision p' is at least 2p + 2 and its exponent range covers the narrower one's
subnormals (the strategy obligations prove it; the exhaustive enumeration checks it on all 2^32 pairs).
FP16 goes through FP64, whose conversion to float16 NumPy rounds directly; BF16 through FP32, whose
conversion ml_dtypes rounds to nearest even.

The integer quotient is rounded toward zero (``trunc``: ONNX, SONNX) or toward -inf (``floor``: OpenVINO's
``m_pythondiv``, NumPy's ``//``): `TRUNCATING` and `FLOORING` are the kernels of each.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from divbridge.formats import BF16, FP16, FloatFormat, Format, IntFormat
from divbridge.operators.model import Kernels


def real_div(a: Fraction | int, b: Fraction | int) -> Fraction:
    """[E_DIV_REAL_DEF_0010] the exact quotient; b != 0 is the caller's precondition."""
    return Fraction(a) / Fraction(b)


def float_div_bits(fmt: FloatFormat, a_bits: int, b_bits: int) -> int:
    """IEEE 754-2019 division (clause 5.4.1, special cases of 6.1-6.3, 7.2, 7.3), as bit patterns."""
    a, b = fmt.decode(a_bits), fmt.decode(b_bits)
    sign = a.sign ^ b.sign
    if a.is_nan or b.is_nan:                        # [E_DIV_FLOAT_DEF_0020]
        return fmt.nan
    if (a.is_zero and b.is_zero) or (a.is_inf and b.is_inf):  # [E_DIV_FLOAT_DEF_0030]
        return fmt.nan
    if a.is_inf:                                    # [E_DIV_FLOAT_DEF_0050] inf / finite
        return fmt.inf(sign)
    if b.is_inf:                                    # [E_DIV_FLOAT_DEF_0060] finite / inf
        return fmt.zero(sign)
    if b.is_zero:                                   # [E_DIV_FLOAT_DEF_0040] non-zero finite / 0
        return fmt.inf(sign)
    # [E_DIV_FLOAT_DEF_0010] the exact quotient, rounded once; a zero numerator
    # gives a zero signed by XOR [E_DIV_FLOAT_DEF_0070]
    return fmt.round(a.value / b.value, sign_if_zero=sign)


def int_div(a: int, b: int, rounding: str = "trunc") -> int:
    """The integer quotient rounded toward zero ("trunc") or toward -inf ("floor").  Unbounded: the caller
    checks the type's range."""
    if rounding == "floor":
        return a // b
    if rounding == "trunc":
        q = abs(a) // abs(b)
        return q if (a < 0) == (b < 0) else -q
    raise ValueError(f"unknown integer rounding {rounding!r}")


_WIDER = {FP16: np.float64, BF16: np.float32}


def fast_div(fmt: Format, a: np.ndarray, b: np.ndarray, int_rounding: str) -> np.ndarray:
    """Div over arrays of a standard format (FP16, BF16, FP32, FP64, the integer types)."""
    with np.errstate(all="ignore"):
        if isinstance(fmt, IntFormat):
            return _fast_int_div(a, b, int_rounding)
        if fmt in _WIDER:
            wide = _WIDER[fmt]
            return (a.astype(wide) / b.astype(wide)).astype(fmt.dtype)
        return np.divide(a, b, dtype=fmt.dtype)


def _fast_int_div(a: np.ndarray, b: np.ndarray, rounding: str) -> np.ndarray:
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


def _kernels(int_rounding: str) -> Kernels:
    return Kernels(
        real=lambda a, b: real_div(Fraction(a), Fraction(b)),
        float_bits=float_div_bits,
        integer=lambda fmt, a, b: int_div(a, b, int_rounding),
        fast=lambda fmt, a, b: fast_div(fmt, a, b, int_rounding))


TRUNCATING = _kernels("trunc")
FLOORING = _kernels("floor")

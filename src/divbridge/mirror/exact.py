"""The exact reference semantics of Div, one element at a time, written to be read.

Real division through exact rationals; IEEE 754 division for any binary
format (eb, sb) from the exact rational quotient rounded to nearest even;
integer division through exact integer arithmetic.  No floating-point
hardware is involved anywhere here.
"""

from __future__ import annotations

from fractions import Fraction

from divbridge.formats import FloatFormat


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
    """The integer quotient rounded toward zero ("trunc", ONNX) or toward -inf ("floor",
    OpenVINO m_pythondiv, NumPy //).  Unbounded: the caller checks the type's range."""
    if rounding == "floor":
        return a // b
    if rounding == "trunc":
        q = abs(a) // abs(b)
        return q if (a < 0) == (b < 0) else -q
    raise ValueError(f"unknown integer rounding {rounding!r}")

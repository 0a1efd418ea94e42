"""The kernels every operator description shares: wrap-around into an integer type and the vectorised
IEEE path through a wider NumPy format.

`wrap` is the integer profile of Add, Sub and Mul exactly as the working group's documents state it:
C = A op B - k.2^n, with the integer k that brings the result into the type's range (so k < 0 for a
signed result below the range: the documents' ``+ k_2.2^n``).

`fast` computes in a wider NumPy format and rounds once to the narrow one: the mirror's rounded operation
(`terms.numpy.rounded`, where the reason it is correct rounding is given).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from divbridge.formats import FloatFormat, IntFormat
from divbridge.terms.numpy import rounded


def wrap(fmt: IntFormat, value: int) -> int:
    """The representative of ``value`` modulo 2^n in the range of ``fmt``."""
    k = (value - fmt.min) >> fmt.bits          # floor((value - min) / 2^n)
    return value - k * (1 << fmt.bits)


def wrap_k(fmt: IntFormat, value: int) -> int:
    """The k of the documents' C = A op B - k.2^n (negative when the exact result is below the range)."""
    return (value - fmt.min) >> fmt.bits


def on_sign(ufunc: np.ufunc, on_bits):
    """The fast kernel of an operation on the sign alone (negation, absolute value): integers by NumPy's ``ufunc``
    (modulo 2^n: INT_MIN is its own negation), reals (arrays of fractions) by it exactly, floats on their bit
    patterns, ``on_bits(bits, sign_mask)`` (NaN's sign too, as IEEE 754 says)."""
    def kernel(fmt, a: np.ndarray) -> np.ndarray:
        if isinstance(fmt, FloatFormat):
            return on_bits(a.view(fmt.uint_dtype), np.array(fmt.sign_mask, fmt.uint_dtype)).view(fmt.dtype)
        with np.errstate(over="ignore"):
            return ufunc(a).astype(fmt.dtype) if isinstance(fmt, IntFormat) else ufunc(a)
    return kernel


def fast(ufunc: np.ufunc, fmt, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``ufunc`` over arrays of a standard format: integers wrap (NumPy's own arithmetic modulo 2^n),
    FP16 and BF16 go through FP32, FP32 and FP64 use the hardware's IEEE operation."""
    return rounded(ufunc, fmt, a, b)


def as_fraction(value) -> Fraction | bool:
    """A real kernel's value as an exact rational: a `Fraction` itself, an mpmath number (an irrational value
    approximated at its precision, `operators.elementary`: a binary rational) exactly; a truth value (a
    comparison's) stays one."""
    if isinstance(value, (Fraction, bool)):
        return value
    sign, mantissa, exponent, _ = value._mpf_
    return (-1) ** sign * Fraction(mantissa) * Fraction(2) ** exponent

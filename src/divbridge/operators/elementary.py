"""The kernels of an operator whose float result IEEE 754 does not prescribe (exp, log, tanh, pow: clause 9.2
recommends them correctly rounded, no implementation must be), and of Sqrt (prescribed: correctly rounded).

The mirror's reference is the correctly rounded result: the real function's value, exact where it is a
rational number (the description's ``real`` kernel returns a `Fraction` there: sqrt(9/4), exp(0)), else
computed by mpmath at `PRECISION` bits (an `mpmath.mpf`), then rounded once to the format.  Rounding the
approximation gives the correctly rounded result unless the exact value lies within 2^-PRECISION (relative) of a
rounding boundary: the value of such a function at a rational point other than its exact ones is irrational
(Lindemann-Weierstrass), so never a boundary, and the hardest cases known for binary64 need about 2^-120.
An implementation is judged against this reference by its accuracy (the notes' bounds), not bit for bit.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Callable

import mpmath
import numpy as np

from divbridge.formats import FloatFormat, FloatValue
from divbridge.operators.model import Kernels

PRECISION = 320     # bits of the mpmath approximations

Real = Fraction | mpmath.mpf
# the IEEE 754 result (a bit pattern) where an operand is not finite or the function is not defined there,
# else None: the kernel rounds the real function's value
Special = Callable[..., "int | None"]


def mpf(x: Fraction) -> mpmath.mpf:
    """``x`` as an mpmath number at `PRECISION` bits (exact: a float's value has fewer bits)."""
    with mpmath.workprec(PRECISION):
        return mpmath.mpf(x.numerator) / x.denominator


def evaluate(function: Callable[..., mpmath.mpf], *args: Fraction) -> mpmath.mpf:
    """``function`` (an mpmath function) of exact arguments, at `PRECISION` bits."""
    with mpmath.workprec(PRECISION):
        return function(*(mpf(a) for a in args))


def round_real(fmt: FloatFormat, value: Real, sign_if_zero: int = 0) -> int:
    """The format's float nearest ``value`` (ties to even; overflow to an infinity, underflow to a subnormal
    or a zero of the value's sign).  A value far outside the format's range is rounded without being written
    as a rational (exp(1e300) has 10^300 binary digits)."""
    if isinstance(value, Fraction):
        return fmt.round(value, sign_if_zero)
    if value == 0:
        return fmt.zero(sign_if_zero)
    sign = int(value < 0)
    magnitude = abs(value)
    if magnitude > 2 * mpf(Fraction(fmt.max_finite)):
        return fmt.inf(sign)
    if magnitude < mpf(Fraction(fmt.min_subnormal)) / 4:
        return fmt.zero(sign)
    _, mantissa, exponent, _ = value._mpf_     # mpmath's (sign, mantissa, exponent, bits): man_exp drops the sign
    return fmt.round((-1) ** sign * Fraction(mantissa) * Fraction(2) ** exponent, sign)


def float_kernel(real: Callable[..., Real], special: Special) -> Callable[..., int]:
    """The kernel on bit patterns (`model.Kernels.float_bits`): ``special``'s result where it gives one, else
    the correctly rounded real function of the operands' values."""
    def float_bits(fmt: FloatFormat, *bits: int) -> int:
        values = [fmt.decode(b) for b in bits]
        found = special(fmt, *values)
        return found if found is not None else round_real(fmt, real(*(v.value for v in values)))
    return float_bits


def fast_kernel(float_bits: Callable[..., int]) -> Callable[..., np.ndarray]:
    """The kernel over NumPy arrays of a standard format (`model.Kernels.fast`): ``float_bits`` on each
    element's bit pattern, so bit-identical to it (NumPy's own exp is not correctly rounded)."""
    def fast(fmt: FloatFormat, *arrays: np.ndarray) -> np.ndarray:
        shaped = np.broadcast_arrays(*(np.asarray(a, dtype=fmt.dtype) for a in arrays))
        patterns = [a.view(fmt.uint_dtype).ravel() for a in shaped]
        out = np.array([float_bits(fmt, *(int(p) for p in each)) for each in zip(*patterns)], dtype=fmt.uint_dtype)
        return out.reshape(shaped[0].shape).view(fmt.dtype)
    return fast


def is_integer(v: FloatValue) -> bool:
    return v.is_finite and v.value.denominator == 1


def is_odd_integer(v: FloatValue) -> bool:
    return is_integer(v) and v.value.numerator % 2 == 1


def kernels(real: Callable[..., Real], special: Special) -> Kernels:
    """The kernels of an operator typed on floats alone (no integer kernel) whose result is the correctly rounded
    real function: `float_kernel`, and `fast_kernel` over it."""
    float_bits = float_kernel(real, special)
    return Kernels(real=real, float_bits=float_bits, integer=None, fast=fast_kernel(float_bits))

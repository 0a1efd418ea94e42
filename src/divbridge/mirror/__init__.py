"""The executable Div of each profile: `div(a, b, dtype=..., profile=...)`.

Two paths compute the same function: `exact` (element by element, exact
rationals, the reference a reviewer reads) and `fast` (NumPy, for the
standard formats).  Both sit behind the same checks of the profile's
restrictions and preconditions, each raising `SpecViolation` with its tag.

For a float format without a NumPy dtype (e.g. ``fp(3,4)``) operands and
results are bit patterns; for ``real`` they are exact rationals (object arrays).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np

from divbridge.errors import InputError, SpecViolation
from divbridge.formats import FloatFormat, Format, IntFormat, RealFormat, format_of_dtype, get_format
from divbridge.mirror import exact, fast
from divbridge.semantics.profiles import Profile, get_profile

__all__ = ["div", "resolve_format", "to_bits", "from_bits"]


def resolve_format(dtype: Any) -> Format:
    if isinstance(dtype, (FloatFormat, IntFormat, RealFormat)):
        return dtype
    if isinstance(dtype, str):
        return get_format(dtype)
    try:
        return format_of_dtype(np.dtype(dtype))
    except TypeError:
        raise InputError(f"unknown dtype {dtype!r}") from None


def to_bits(fmt: FloatFormat, values: np.ndarray) -> np.ndarray:
    """The bit patterns of an array of the format (identity for formats without a dtype)."""
    values = np.asarray(values)
    return values.view(fmt.uint_dtype) if fmt.dtype is not None else values.astype(fmt.uint_dtype)


def from_bits(fmt: FloatFormat, bits) -> np.ndarray:
    bits = np.asarray(bits, dtype=fmt.uint_dtype)
    return bits.view(fmt.dtype) if fmt.dtype is not None else bits


def div(a, b, *, dtype, profile: str = "sonnx", method: str = "auto", **attributes) -> np.ndarray:
    """C = Div(A, B) under ``profile`` with its attributes (``opset``, ``broadcast``, ``axis``,
    ``m_pythondiv``, ``auto_broadcast``).  ``method`` is "auto" (fast where it exists),
    "fast" or "exact"."""
    fmt = resolve_format(dtype)
    prof = get_profile(profile, **attributes)
    prof.check_type(fmt)
    a, b = _operand(a, fmt, prof, "A"), _operand(b, fmt, prof, "B")
    shape = prof.result_shape(a.shape, b.shape)
    if prof.broadcasting == "legacy":
        b = b.reshape(prof.legacy_b_shape(a.shape, b.shape))
    a, b = np.broadcast_to(a, shape), np.broadcast_to(b, shape)
    _check_preconditions(fmt, prof, a, b)
    use_fast = method == "fast" or (method == "auto" and fast.supports(fmt))
    if method not in ("auto", "fast", "exact"):
        raise InputError(f"unknown method {method!r} (auto, fast, exact)")
    if use_fast:
        return fast.div(fmt, a, b, prof.int_rounding)
    return _exact_div(fmt, a, b, prof.int_rounding)


def _operand(x, fmt: Format, prof: Profile, name: str) -> np.ndarray:
    """An operand as an array of the format; an array of another type violates [R2]."""
    if isinstance(fmt, RealFormat):
        return np.vectorize(Fraction, otypes=[object])(np.asarray(x, dtype=object))
    target = fmt.dtype if fmt.dtype is not None else fmt.uint_dtype
    if isinstance(x, np.ndarray) and x.dtype != target:
        raise SpecViolation(prof.same_type_tag, f"{name} has type {x.dtype}, not {fmt.name}")
    try:
        return np.asarray(x, dtype=target)
    except (OverflowError, ValueError) as exc:
        raise InputError(f"{name} does not fit {fmt.name}: {exc}") from None


def _check_preconditions(fmt: Format, prof: Profile, a: np.ndarray, b: np.ndarray) -> None:
    if isinstance(fmt, FloatFormat):
        return  # every float input has a defined result
    zero = np.argwhere(b == 0)
    if len(zero):
        tag = prof.real_zero_tag if isinstance(fmt, RealFormat) else prof.int_zero_tag
        raise SpecViolation(tag, f"B{_index(zero[0])} = 0")
    if isinstance(fmt, IntFormat) and fmt.signed:
        overflow = np.argwhere((a == fmt.min) & (b == -1))
        if len(overflow):
            raise SpecViolation(prof.int_overflow_tag,
                                f"A{_index(overflow[0])} / B{_index(overflow[0])} = {fmt.min} / -1 is not representable in {fmt.name}")


def _index(position) -> str:
    return "[" + ", ".join(str(int(i)) for i in position) + "]"


def _exact_div(fmt: Format, a: np.ndarray, b: np.ndarray, rounding: str) -> np.ndarray:
    if isinstance(fmt, RealFormat):
        return np.vectorize(exact.real_div, otypes=[object])(a, b)
    if isinstance(fmt, IntFormat):
        out = [exact.int_div(int(x), int(y), rounding) for x, y in zip(a.ravel(), b.ravel())]
        return np.array(out, dtype=fmt.dtype).reshape(a.shape)
    a_bits, b_bits = to_bits(fmt, np.ascontiguousarray(a)), to_bits(fmt, np.ascontiguousarray(b))
    out = [exact.float_div_bits(fmt, int(x), int(y)) for x, y in zip(a_bits.ravel(), b_bits.ravel())]
    return from_bits(fmt, np.array(out, dtype=fmt.uint_dtype).reshape(a.shape))

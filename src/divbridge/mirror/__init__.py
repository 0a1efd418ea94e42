"""The executable operator of each of its profiles: `compute(profiles, *inputs, dtype=..., profile=...)`.

Two paths compute the same function, the profile's kernels (`semantics.profiles.Profile.kernels`): the
exact ones (element by element, exact rationals, the reference a reviewer reads) and the fast one (NumPy,
for the standard formats).  Both sit behind the same checks of the profile's restrictions and
preconditions, each raising `SpecViolation` with its tag.

For a float format without a NumPy dtype (e.g. ``fp(3,4)``) operands and
results are bit patterns; for ``real`` they are exact rationals (object arrays).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np

from divbridge.errors import InputError, SpecViolation
from divbridge.formats import (FLOAT_FORMATS, FloatFormat, Format, IntFormat, RealFormat, format_of_dtype,
                               get_format)
from divbridge.semantics.profiles import Profile, Profiles

__all__ = ["compute", "resolve_format", "to_bits", "from_bits"]


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


def compute(profiles: Profiles, *inputs, dtype, profile: str | None = None, method: str = "auto",
            **attributes) -> np.ndarray:
    """The operator on its inputs, in order (A op B; Where's condition, X, Y), under ``profile`` (the default of
    ``profiles`` when None) with its attributes, by their spec names.  ``method`` is "auto" (fast where it
    exists), "fast" or "exact"."""
    fmt = resolve_format(dtype)
    prof = profiles.get(profile or profiles.default, **attributes)
    prof.check_type(fmt)
    if len(inputs) != len(prof.inputs):
        raise InputError(f"{len(prof.inputs)} input{'s' if len(prof.inputs) > 1 else ''} expected, "
                         f"{len(inputs)} given")
    inputs = [_operand(x, fmt, prof, kind, position) for position, (x, kind) in enumerate(zip(inputs, prof.inputs))]
    shape = prof.result_shape(*(x.shape for x in inputs))
    if prof.broadcasting == "legacy":
        a, b = inputs
        inputs = [a, b.reshape(prof.legacy_b_shape(a.shape, b.shape))]
    inputs = [np.broadcast_to(x, shape) for x in inputs]
    prof.check_preconditions(fmt, *inputs)
    use_fast = method == "fast" or (method == "auto" and (fmt in FLOAT_FORMATS or isinstance(fmt, IntFormat)))
    if method not in ("auto", "fast", "exact"):
        raise InputError(f"unknown method {method!r} (auto, fast, exact)")
    if use_fast:
        return prof.kernels.fast(fmt, *inputs)
    return _exact(prof, fmt, inputs)


def _operand(x, fmt: Format, prof: Profile, kind: str, position: int) -> np.ndarray:
    """An input as an array of the format (a condition: of bools); an array of another type violates the
    profile's same-type rule."""
    name = "ABCDEFGH"[position] if len(prof.inputs) <= 2 else f"input {position + 1}"
    if kind == "bool":
        return np.asarray(x, dtype=bool)
    if isinstance(fmt, RealFormat):
        return np.vectorize(Fraction, otypes=[object])(np.asarray(x, dtype=object))
    target = fmt.dtype if fmt.dtype is not None else fmt.uint_dtype
    if isinstance(x, np.ndarray) and x.dtype != target:
        raise SpecViolation(prof.same_type_tag, f"{name} has type {x.dtype}, not {fmt.name}")
    try:
        return np.asarray(x, dtype=target)
    except (OverflowError, ValueError) as exc:
        raise InputError(f"{name} does not fit {fmt.name}: {exc}") from None


def _exact(prof: Profile, fmt: Format, inputs: list[np.ndarray]) -> np.ndarray:
    kernels, shape = prof.kernels, inputs[0].shape
    if isinstance(fmt, RealFormat):
        return np.vectorize(kernels.real, otypes=[object])(*inputs)
    columns = [x.ravel() for x in inputs]
    if isinstance(fmt, IntFormat):
        out = [kernels.integer(fmt, *(_scalar(x, kind) for x, kind in zip(point, prof.inputs)))
               for point in zip(*columns)]
        return _of(out, fmt.dtype).reshape(shape)
    bits = [x if kind == "bool" else to_bits(fmt, np.ascontiguousarray(x))
            for x, kind in zip(columns, prof.inputs)]
    out = [kernels.float_bits(fmt, *(_scalar(x, kind) for x, kind in zip(point, prof.inputs)))
           for point in zip(*bits)]
    results = _of(out, fmt.uint_dtype).reshape(shape)
    return results if results.dtype == bool else from_bits(fmt, results)


def _scalar(value, kind: str) -> int | bool:
    """An element as the kernels take it: a Python integer (an integer or a float's bits), a bool condition."""
    return bool(value) if kind == "bool" else int(value)


def _of(results: list, dtype: np.dtype) -> np.ndarray:
    """The kernels' results as an array of the format's type, or of bools where they are truth values (Less's)."""
    return np.array(results, dtype=bool if results and isinstance(results[0], bool) else dtype)

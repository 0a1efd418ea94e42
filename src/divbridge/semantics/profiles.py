"""The Div semantics of each profile: which types, which shapes, which integer rounding.

Every rule raises `SpecViolation` naming the tag of the rule it enforces.
Float semantics (IEEE 754, round to nearest even) are the same in every
profile; the profiles differ on types, broadcasting and integers.

- ``sonnx``: the SONNX draft (seed 000) as divbridge completes it.
- ``onnx`` with ``opset``: ONNX Div-1, -6, -7, -13, -14 (seeds 002, 003).
- ``openvino``: OpenVINO Divide-1 with ``m_pythondiv`` and ``auto_broadcast`` (seed 004).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from divbridge.errors import InputError, SpecViolation
from divbridge.formats import Format, IntFormat

FLOATS = frozenset({"fp16", "bf16", "fp32", "fp64"})
WIDE_INTS = frozenset({"int32", "int64", "uint32", "uint64"})
NARROW_INTS = frozenset({"int8", "int16", "uint8", "uint16"})

# ONNX Div versions: since_version -> type set (seed 002)
ONNX_TYPES = {
    1: frozenset({"fp16", "fp32", "fp64"}),
    6: FLOATS - {"bf16"} | WIDE_INTS,
    7: FLOATS - {"bf16"} | WIDE_INTS,
    13: FLOATS | WIDE_INTS,
    14: FLOATS | WIDE_INTS | NARROW_INTS,
}


@dataclass(frozen=True)
class Profile:
    name: str
    types: frozenset[str]
    broadcasting: str               # none | numpy | legacy
    int_rounding: str               # trunc | floor
    type_tag: str
    shape_tag: str
    same_type_tag: str
    int_zero_tag: str               # B = 0 for integers
    int_overflow_tag: str           # INT_MIN / -1
    real_zero_tag: str = "E_DIV_REAL_CONSTR_B_0010"
    legacy_broadcast: bool = False  # Div-1/6 attribute `broadcast`
    legacy_axis: int | None = None  # Div-1/6 attribute `axis`

    def check_type(self, fmt: Format) -> None:
        if fmt.name not in self.types:
            allowed = ", ".join(sorted(self.types))
            raise SpecViolation(self.type_tag, f"type {fmt.name} is not allowed by {self.name} (allowed: {allowed})")

    def result_shape(self, shape_a: tuple[int, ...], shape_b: tuple[int, ...]) -> tuple[int, ...]:
        """The output shape, or a SpecViolation when the shapes are not allowed together."""
        if self.broadcasting == "none":
            if shape_a != shape_b:
                raise SpecViolation(self.shape_tag, f"shapes {shape_a} and {shape_b} differ")
            return shape_a
        if self.broadcasting == "numpy":
            return numpy_broadcast_shape(shape_a, shape_b, self.shape_tag)
        return legacy_broadcast_shape(shape_a, shape_b, self.legacy_broadcast, self.legacy_axis, self.shape_tag)

    def legacy_b_shape(self, shape_a: tuple[int, ...], shape_b: tuple[int, ...]) -> tuple[int, ...]:
        """B's shape padded with 1s so that NumPy broadcasting realises the legacy rule."""
        if not self.legacy_broadcast or shape_a == shape_b:
            return shape_b
        if all(d == 1 for d in shape_b):
            return (1,) * len(shape_a)
        start = len(shape_a) - len(shape_b) if self.legacy_axis is None else self.legacy_axis % max(len(shape_a), 1)
        return (1,) * start + shape_b + (1,) * (len(shape_a) - start - len(shape_b))


def numpy_broadcast_shape(shape_a: tuple[int, ...], shape_b: tuple[int, ...], tag: str) -> tuple[int, ...]:
    """Multidirectional (NumPy) broadcasting: align right, dimensions equal or 1."""
    rank = max(len(shape_a), len(shape_b))
    a = (1,) * (rank - len(shape_a)) + tuple(shape_a)
    b = (1,) * (rank - len(shape_b)) + tuple(shape_b)
    out = []
    for da, db in zip(a, b):
        if da != db and 1 not in (da, db):
            raise SpecViolation(tag, f"shapes {tuple(shape_a)} and {tuple(shape_b)} do not broadcast")
        out.append(da if db == 1 else db)
    return tuple(out)


def legacy_broadcast_shape(shape_a, shape_b, broadcast: bool, axis: int | None, tag: str) -> tuple[int, ...]:
    """Div-1/-6: B broadcast to A only with broadcast=1: B a scalar or one element, or
    B's shape a contiguous run of A's starting at `axis` (suffix matching by default)."""
    shape_a, shape_b = tuple(shape_a), tuple(shape_b)
    if shape_a == shape_b:
        return shape_a
    if not broadcast:
        raise SpecViolation(tag, f"shapes {shape_a} and {shape_b} differ and broadcast=0")
    if all(d == 1 for d in shape_b) and len(shape_b) <= len(shape_a):
        return shape_a
    if len(shape_b) > len(shape_a):
        raise SpecViolation(tag, f"B of shape {shape_b} has a higher rank than A of shape {shape_a}")
    start = len(shape_a) - len(shape_b) if axis is None else axis
    if not -len(shape_a) <= start < len(shape_a):
        raise SpecViolation(tag, f"axis {axis} is out of range for A of rank {len(shape_a)}")
    start %= len(shape_a)
    if shape_a[start:start + len(shape_b)] != shape_b:
        where = "as a suffix" if axis is None else f"at axis {axis}"
        raise SpecViolation(tag, f"shape {shape_b} of B is not a contiguous run of A's shape {shape_a} {where}")
    return shape_a


def sonnx() -> Profile:
    return Profile(
        name="sonnx",
        # seed 000 sections: real; FP16, FP32, FP64, BFLOAT16; INT8, INT16, INT32
        types=frozenset({"real"}) | FLOATS | frozenset({"int8", "int16", "int32"}),
        broadcasting="none", int_rounding="trunc",
        type_tag="E_DIV_TYPES_0010", shape_tag="R1", same_type_tag="R2",
        int_zero_tag="E_DIV_INT_CONSTR_B_0010", int_overflow_tag="E_DIV_INT_CONSTR_AB_0020",
    )


def onnx(opset: int = 14, broadcast: int = 0, axis: int | None = None) -> Profile:
    if not isinstance(opset, int) or opset < 1:
        raise InputError(f"opset must be a positive integer, not {opset!r}")
    version = max(v for v in ONNX_TYPES if v <= opset)
    return Profile(
        name=f"onnx Div-{version}",
        types=ONNX_TYPES[version],
        broadcasting="legacy" if version < 7 else "numpy",
        int_rounding="trunc",
        type_tag=f"ONNX_DIV{version}_TYPES", shape_tag=f"ONNX_DIV{version}_BROADCAST",
        same_type_tag=f"ONNX_DIV{version}_TYPES",
        # ONNX leaves both unspecified; divbridge refuses to invent a result
        int_zero_tag="ONNX_DIV_INT_ZERO_UNSPECIFIED", int_overflow_tag="ONNX_DIV_INT_OVERFLOW_UNSPECIFIED",
        legacy_broadcast=bool(broadcast), legacy_axis=axis,
    )


def openvino(m_pythondiv: bool = True, auto_broadcast: str = "numpy") -> Profile:
    if auto_broadcast not in ("none", "numpy"):
        raise InputError(f"auto_broadcast must be 'none' or 'numpy', not {auto_broadcast!r}")
    return Profile(
        name="openvino Divide-1",
        types=frozenset({"real"}) | FLOATS | WIDE_INTS | NARROW_INTS,
        broadcasting=auto_broadcast,
        int_rounding="floor" if m_pythondiv else "trunc",
        type_tag="OV_DIVIDE_TYPES", shape_tag="OV_DIVIDE_AUTO_BROADCAST", same_type_tag="OV_DIVIDE_TYPES",
        int_zero_tag="OV_DIVIDE_ZERO_UNDEFINED", int_overflow_tag="OV_DIVIDE_OVERFLOW_UNDEFINED",
    )


_FACTORIES = {"sonnx": (sonnx, set()), "onnx": (onnx, {"opset", "broadcast", "axis"}),
              "openvino": (openvino, {"m_pythondiv", "auto_broadcast"})}
PROFILE_NAMES = tuple(_FACTORIES)


def get_profile(name: str, **attributes) -> Profile:
    """A profile by name, with its attributes by their spec names."""
    if name not in _FACTORIES:
        raise InputError(f"unknown profile '{name}' (known: {', '.join(PROFILE_NAMES)})")
    factory, allowed = _FACTORIES[name]
    unknown = set(attributes) - allowed
    if unknown:
        raise InputError(f"profile {name} has no attribute {', '.join(sorted(unknown))}"
                         + (f" (attributes: {', '.join(sorted(allowed))})" if allowed else ""))
    return factory(**attributes)


def profile_for(fmt: Format) -> str:
    """SONNX for its own types; for the types it leaves out (int64, unsigned) the ONNX rule,
    truncation, which is the rule SONNX states for the integer types it keeps."""
    return "sonnx" if fmt.name in get_profile("sonnx").types else "onnx"


def in_domain(fmt: Format, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Pairs satisfying the SONNX preconditions (every float pair does): B non-zero, and not INT_MIN / -1."""
    if not isinstance(fmt, IntFormat):
        return np.ones(a.shape, dtype=bool)
    ok = b != 0
    if fmt.signed:
        ok &= ~((a == fmt.min) & (b == -1))
    return ok

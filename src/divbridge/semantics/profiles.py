"""The profiles an operator is specified in: which types, which shapes, which preconditions, which kernels.

Every rule raises `SpecViolation` naming the tag of the rule it enforces.  Float semantics (IEEE 754,
round to nearest even) are the same in every profile; profiles differ on types, broadcasting, the
pairs they leave undefined (`Precondition`) and, on integers, the kernels.  An operator's description
lists its profiles (`Profiles`: a specification draft as divbridge completes it, the ONNX operator of
each opset, a runtime's own specification), each built from its attributes by their spec names.
"""

from __future__ import annotations

import functools

from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

from divbridge.errors import InputError, SpecViolation
from divbridge.formats import Format
from divbridge.semantics.examples import WorkedExample
from divbridge.semantics.requirements import Requirement

FLOATS = frozenset({"fp16", "bf16", "fp32", "fp64"})
WIDE_INTS = frozenset({"int32", "int64", "uint32", "uint64"})
NARROW_INTS = frozenset({"int8", "int16", "uint8", "uint16"})

# The types of ONNX's binary arithmetic operators, which their versions share: since_version -> type set
# (seed 002)
ONNX_TYPES = {
    1: frozenset({"fp16", "fp32", "fp64"}),
    6: FLOATS - {"bf16"} | WIDE_INTS,
    7: FLOATS - {"bf16"} | WIDE_INTS,
    13: FLOATS | WIDE_INTS,
    14: FLOATS | WIDE_INTS | NARROW_INTS,
}


@dataclass(frozen=True)
class Precondition:
    """A rule the operands must satisfy for the profile to define C, on the formats of the classes
    ``formats``: ``violated(fmt, a, b)`` marks the pairs that break it, ``says(fmt, where)`` what the
    breaking pair at index ``where`` (``[0, 1]``) is, and ``witness(fmt)`` is one such pair (or None when
    the format has none)."""

    tag: str
    formats: tuple[type, ...]
    violated: Callable[[Format, np.ndarray, np.ndarray], np.ndarray]
    says: Callable[[Format, str], str]
    witness: Callable[[Format], tuple[int, int] | None]


@dataclass(frozen=True)
class Profile:
    """One specification of the operator: the types it allows, how it broadcasts, the tags its
    restrictions raise, the pairs it leaves undefined and the kernels that compute the rest."""

    name: str
    types: frozenset[str]
    broadcasting: str               # none | numpy | legacy
    kernels: Any                    # the operator's kernels in this profile (an `operators.model.Kernels`)
    type_tag: str
    shape_tag: str
    same_type_tag: str
    preconditions: tuple[Precondition, ...] = ()
    legacy_broadcast: bool = False  # ONNX opsets 1 and 6: the attribute `broadcast`
    legacy_axis: int | None = None  # ONNX opsets 1 and 6: the attribute `axis`
    inputs: tuple[str, ...] = ("T", "T")   # each input's type constraint: T, the element type, or bool (a condition)

    def check_type(self, fmt: Format) -> None:
        if fmt.name not in self.types:
            allowed = ", ".join(sorted(self.types))
            raise SpecViolation(self.type_tag, f"type {fmt.name} is not allowed by {self.name} (allowed: {allowed})")

    def result_shape(self, *shapes: tuple[int, ...]) -> tuple[int, ...]:
        """The output shape of the inputs' shapes, or a SpecViolation when they are not allowed together (the
        legacy rule broadcasts B to A: two inputs)."""
        if self.broadcasting != "legacy":
            return functools.reduce(lambda x, y: broadcast_shape(self.broadcasting, x, y, self.shape_tag), shapes)
        shape_a, shape_b = shapes
        return legacy_broadcast_shape(shape_a, shape_b, self.legacy_broadcast, self.legacy_axis, self.shape_tag)

    def legacy_b_shape(self, shape_a: tuple[int, ...], shape_b: tuple[int, ...]) -> tuple[int, ...]:
        """B's shape padded with 1s so that NumPy broadcasting realises the legacy rule."""
        if not self.legacy_broadcast or shape_a == shape_b:
            return shape_b
        if all(d == 1 for d in shape_b):
            return (1,) * len(shape_a)
        start = len(shape_a) - len(shape_b) if self.legacy_axis is None else self.legacy_axis % max(len(shape_a), 1)
        return (1,) * start + shape_b + (1,) * (len(shape_a) - start - len(shape_b))

    def in_domain(self, fmt: Format, *inputs: np.ndarray) -> np.ndarray:
        """The points satisfying every precondition on the format."""
        ok = np.ones(np.shape(inputs[0]), dtype=bool)
        for rule in self.preconditions:
            if isinstance(fmt, rule.formats):
                ok &= ~np.asarray(rule.violated(fmt, *inputs), dtype=bool)
        return ok

    def witnesses(self, fmt: Format) -> list[tuple[int, int]]:
        """A pair breaking each precondition on the format (that the format can break)."""
        pairs = [rule.witness(fmt) for rule in self.preconditions if isinstance(fmt, rule.formats)]
        return [pair for pair in pairs if pair is not None]

    def check_preconditions(self, fmt: Format, *inputs: np.ndarray) -> None:
        """A SpecViolation naming the first precondition broken, at its first breaking point."""
        for rule in self.preconditions:
            if isinstance(fmt, rule.formats):
                broken = np.argwhere(rule.violated(fmt, *inputs))
                if len(broken):
                    where = "[" + ", ".join(str(int(i)) for i in broken[0]) + "]"
                    raise SpecViolation(rule.tag, rule.says(fmt, where))


def broadcast_shape(broadcasting: str, shape_a: tuple[int, ...], shape_b: tuple[int, ...], tag: str) -> tuple[int, ...]:
    """The output shape with ``none`` (equal shapes only) or ``numpy`` broadcasting, or a SpecViolation."""
    if broadcasting == "none":
        if shape_a != shape_b:
            raise SpecViolation(tag, f"shapes {shape_a} and {shape_b} differ")
        return shape_a
    return numpy_broadcast_shape(shape_a, shape_b, tag)


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
    """ONNX opsets 1 and 6: B broadcast to A only with broadcast=1: B a scalar or one element, or
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


@dataclass(frozen=True, eq=False)   # hashed by identity: an `Operator`, a dict key, holds one
class Profiles:
    """An operator's profiles by name: each a factory taking the profile's attributes (by their spec names)
    and the names it takes.  ``default`` is the profile an evaluation uses unless told, ``fallback`` the one
    for the types ``default`` leaves out.  ``requirements``: those of the draft the default profile
    completes, as divbridge reads them (the tags its rules raise among them); ``examples``: that draft's
    worked examples."""

    factories: dict[str, tuple[Callable[..., Profile], frozenset[str]]]
    default: str
    fallback: str
    requirements: tuple[Requirement, ...] = ()
    examples: tuple[WorkedExample, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self.factories)

    def get(self, name: str, **attributes) -> Profile:
        """A profile by name, with its attributes by their spec names."""
        if name not in self.factories:
            raise InputError(f"unknown profile '{name}' (known: {', '.join(self.names)})")
        factory, allowed = self.factories[name]
        unknown = set(attributes) - allowed
        if unknown:
            raise InputError(f"profile {name} has no attribute {', '.join(sorted(unknown))}"
                             + (f" (attributes: {', '.join(sorted(allowed))})" if allowed else ""))
        return factory(**attributes)

    def name_for(self, fmt: Format) -> str:
        """The default profile for its own types; ``fallback`` for the types it leaves out."""
        return self.default if fmt.name in self.get(self.default).types else self.fallback

    def for_format(self, fmt: Format) -> Profile:
        """The profile `name_for` gives the format."""
        return self.get(self.name_for(fmt))

    def in_domain(self, fmt: Format, *inputs: np.ndarray) -> np.ndarray:
        """The points the format's profile (`name_for`) defines: every precondition holds."""
        return self.for_format(fmt).in_domain(fmt, *inputs)

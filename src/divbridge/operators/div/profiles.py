"""Div's profiles: which types, which shapes, which preconditions, which integer rounding.

- ``sonnx``: the SONNX draft (seed 000) as divbridge completes it.
- ``onnx`` with ``opset``: ONNX Div-1, -6, -7, -13, -14 (seeds 002, 003).
- ``openvino``: OpenVINO Divide-1 with ``m_pythondiv`` and ``auto_broadcast`` (seed 004).
"""

from __future__ import annotations

import numpy as np

from divbridge.errors import InputError
from divbridge.formats import IntFormat, RealFormat
from divbridge.operators.div.examples import EXAMPLES
from divbridge.operators.div.kernels import FLOORING, TRUNCATING
from divbridge.operators.div.requirements import SONNX_REQUIREMENTS
from divbridge.semantics.profiles import FLOATS, NARROW_INTS, ONNX_TYPES, WIDE_INTS, Precondition, Profile, Profiles



def _nonzero_b(tag: str, formats: tuple[type, ...]) -> Precondition:
    return Precondition(tag, formats, violated=lambda fmt, a, b: b == 0, says=lambda fmt, where: f"B{where} = 0",
                        witness=lambda fmt: (7, 0))


def _representable(tag: str) -> Precondition:
    """No INT_MIN / -1 in a signed type: its quotient, -INT_MIN, is out of range."""
    return Precondition(
        tag, (IntFormat,),
        violated=lambda fmt, a, b: (a == fmt.min) & (b == -1) if fmt.signed else np.zeros(np.shape(a), dtype=bool),
        says=lambda fmt, where: f"A{where} / B{where} = {fmt.min} / -1 is not representable in {fmt.name}",
        witness=lambda fmt: (fmt.min, -1) if fmt.signed else None)


def _preconditions(int_zero_tag: str, int_overflow_tag: str) -> tuple[Precondition, ...]:
    return (_nonzero_b("E_DIV_REAL_CONSTR_B_0010", (RealFormat,)), _nonzero_b(int_zero_tag, (IntFormat,)),
            _representable(int_overflow_tag))


def sonnx() -> Profile:
    return Profile(
        name="sonnx",
        # seed 000 sections: real; FP16, FP32, FP64, BFLOAT16; INT8, INT16, INT32
        types=frozenset({"real"}) | FLOATS | frozenset({"int8", "int16", "int32"}),
        broadcasting="none", kernels=TRUNCATING,
        type_tag="E_DIV_TYPES_0010", shape_tag="R1", same_type_tag="R2",
        preconditions=_preconditions("E_DIV_INT_CONSTR_B_0010", "E_DIV_INT_CONSTR_AB_0020"),
    )


def onnx(opset: int = 14, broadcast: int = 0, axis: int | None = None) -> Profile:
    if not isinstance(opset, int) or opset < 1:
        raise InputError(f"opset must be a positive integer, not {opset!r}")
    version = max(v for v in ONNX_TYPES if v <= opset)
    return Profile(
        name=f"onnx Div-{version}",
        types=ONNX_TYPES[version],
        broadcasting="legacy" if version < 7 else "numpy",
        kernels=TRUNCATING,
        type_tag=f"ONNX_DIV{version}_TYPES", shape_tag=f"ONNX_DIV{version}_BROADCAST",
        same_type_tag=f"ONNX_DIV{version}_TYPES",
        # ONNX leaves both unspecified; divbridge refuses to invent a result
        preconditions=_preconditions("ONNX_DIV_INT_ZERO_UNSPECIFIED", "ONNX_DIV_INT_OVERFLOW_UNSPECIFIED"),
        legacy_broadcast=bool(broadcast), legacy_axis=axis,
    )


def openvino(m_pythondiv: bool = True, auto_broadcast: str = "numpy") -> Profile:
    if auto_broadcast not in ("none", "numpy"):
        raise InputError(f"auto_broadcast must be 'none' or 'numpy', not {auto_broadcast!r}")
    return Profile(
        name="openvino Divide-1",
        types=frozenset({"real"}) | FLOATS | WIDE_INTS | NARROW_INTS,
        broadcasting=auto_broadcast,
        kernels=FLOORING if m_pythondiv else TRUNCATING,
        type_tag="OV_DIVIDE_TYPES", shape_tag="OV_DIVIDE_AUTO_BROADCAST", same_type_tag="OV_DIVIDE_TYPES",
        preconditions=_preconditions("OV_DIVIDE_ZERO_UNDEFINED", "OV_DIVIDE_OVERFLOW_UNDEFINED"),
    )


# ONNX's rule, truncation, for the integer types SONNX leaves out (int64, unsigned): the rule SONNX states
# for the integer types it keeps
PROFILES = Profiles(
    factories={"sonnx": (sonnx, frozenset()), "onnx": (onnx, frozenset({"opset", "broadcast", "axis"})),
               "openvino": (openvino, frozenset({"m_pythondiv", "auto_broadcast"}))},
    default="sonnx", fallback="onnx", requirements=SONNX_REQUIREMENTS, examples=EXAMPLES)

"""OpenVINO's `Divide` on the CPU plugin, as a peer: ``openvino[:m_pythondiv=false][:auto_broadcast=none][:hint=bf16]``.

A one-node `ov.Model` C = Divide(A, B) over 1-D tensors, with the node's
``m_pythondiv`` and ``auto_broadcast`` attributes set, compiled for ``CPU``
with ``INFERENCE_PRECISION_HINT`` when a hint is given.  Operands go in and
results come out as raw bit patterns (the Python API has no bfloat16 dtype).
It runs in the crash-surviving child of `divbridge.conform.peers`.

The runtime is judged against SONNX and against its own specification,
OpenVINO Divide-1: the mirror's ``openvino`` profile with the same attributes.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from divbridge.errors import InputError, ToolMissing

HINTS = ("f32", "f16", "bf16")
INSTALL = "pip install openvino (or scripts/setup.sh test)"
_OV_TYPES = {"float16": "f16", "bfloat16": "bf16", "float32": "f32", "float64": "f64", "int8": "i8", "int16": "i16",
             "int32": "i32", "int64": "i64", "uint8": "u8", "uint16": "u16", "uint32": "u32", "uint64": "u64"}


@dataclass(frozen=True)
class OpenVinoSettings:
    m_pythondiv: bool = True          # Divide-1's default
    auto_broadcast: str = "numpy"     # Divide-1's default
    hint: str | None = None           # INFERENCE_PRECISION_HINT; None: the plugin's default

    @property
    def name(self) -> str:
        """The --impl spelling: ``openvino`` plus every attribute that is not the default."""
        parts = ["openvino"]
        if not self.m_pythondiv:
            parts.append("m_pythondiv=false")
        if self.auto_broadcast != "numpy":
            parts.append(f"auto_broadcast={self.auto_broadcast}")
        if self.hint:
            parts.append(f"hint={self.hint}")
        return ":".join(parts)

    @property
    def profile_attributes(self) -> dict:
        """The attributes of the mirror's ``openvino`` profile (its own specification)."""
        return {"m_pythondiv": self.m_pythondiv, "auto_broadcast": self.auto_broadcast}


def parse_settings(spec: str) -> OpenVinoSettings:
    """``openvino`` followed by ``:key=value`` options (m_pythondiv, auto_broadcast, hint)."""
    head, *options = spec.split(":")
    if head != "openvino":
        raise InputError(f"--impl '{spec}': not an OpenVINO spelling")
    values: dict = {}
    for option in options:
        key, sep, value = option.partition("=")
        value = value.lower()
        if key == "m_pythondiv" and sep and value in ("true", "false"):
            values[key] = value == "true"
        elif key == "auto_broadcast" and sep and value in ("none", "numpy"):
            values[key] = value
        elif key == "hint" and sep and value in HINTS:
            values[key] = value
        else:
            raise InputError(f"--impl '{spec}': bad option '{option}' (expected m_pythondiv=true|false, "
                             f"auto_broadcast=none|numpy, hint={'|'.join(HINTS)})")
    return OpenVinoSettings(**values)


def require_openvino() -> None:
    try:
        import openvino  # noqa: F401
    except ImportError:
        raise ToolMissing("openvino (Python package)", INSTALL) from None


class CompiledDivide:
    """Divide compiled for one element type: call it on two 1-D arrays of that type."""

    def __init__(self, dtype: np.dtype, settings: OpenVinoSettings):
        import openvino as ov
        from openvino import opset13
        self.dtype = np.dtype(dtype)
        self.ov_type = getattr(ov.Type, _OV_TYPES[self.dtype.name])
        a = opset13.parameter([-1], self.ov_type, name="A")
        b = opset13.parameter([-1], self.ov_type, name="B")
        node = opset13.divide(a, b, auto_broadcast=settings.auto_broadcast)
        node.set_attribute("m_pythondiv", settings.m_pythondiv)
        config = {"INFERENCE_PRECISION_HINT": settings.hint} if settings.hint else {}
        self.compiled = ov.Core().compile_model(ov.Model([node.output(0)], [a, b], "div"), "CPU", config)
        self.request = self.compiled.create_infer_request()

    def __call__(self, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        import openvino as ov
        raw = f"u{self.dtype.itemsize}"
        tensors = [ov.Tensor(np.ascontiguousarray(x).view(raw), ov.Shape([x.size]), self.ov_type) for x in (a, b)]
        self.request.infer(tensors)
        out = self.request.get_output_tensor(0)
        if out.element_type != self.ov_type:
            raise RuntimeError(f"the output is of type {out.element_type.get_type_name()}, "
                               f"not {self.ov_type.get_type_name()}")
        return np.array(out.data).view(raw).view(self.dtype).reshape(a.shape)


def effective_precision(settings: OpenVinoSettings) -> str:
    """The inference precision the CPU plugin reports after compiling with the settings' hint
    (a plugin without native f16/bf16 arithmetic keeps f32)."""
    compiled = CompiledDivide(np.dtype(np.float32), settings).compiled
    return str(compiled.get_property("INFERENCE_PRECISION_HINT").get_type_name())


def version() -> str:
    import openvino as ov
    return ov.get_version()


def broadcast_probe(settings: OpenVinoSettings) -> dict:
    """A (2, 3) / B (3,) in FP32: does the runtime accept it, and does each specification?
    (Divide-1 with auto_broadcast=numpy broadcasts, with none refuses; SONNX refuses.)"""
    import openvino as ov
    from openvino import opset13

    from divbridge.errors import SpecViolation
    from divbridge.semantics.profiles import get_profile
    shape_a, shape_b = (2, 3), (3,)
    try:
        a = opset13.parameter(list(shape_a), ov.Type.f32, name="A")
        b = opset13.parameter(list(shape_b), ov.Type.f32, name="B")
        node = opset13.divide(a, b, auto_broadcast=settings.auto_broadcast)
        compiled = ov.Core().compile_model(ov.Model([node.output(0)], [a, b], "div"), "CPU")
        out = compiled([np.full(shape_a, 6, np.float32), np.array([1, 2, 3], np.float32)])[0]
        observed = "accepted" if out.tolist() == [[6, 3, 2]] * 2 else f"accepted, wrong values {out.tolist()}"
    except Exception as exc:  # noqa: BLE001 - a refusal is what is recorded
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        observed = f"rejected: {first[:120]}"

    def verdict(profile: str, **attributes) -> str:
        try:
            get_profile(profile, **attributes).result_shape(shape_a, shape_b)
        except SpecViolation:
            return "rejected"
        return "accepted"
    own = verdict("openvino", **settings.profile_attributes)
    return {"input": "A (2, 3) / B (3,)", "behaviour": observed, "own_spec": own, "sonnx": verdict("sonnx"),
            "departs_from_own_spec": observed.split(":")[0] != own}

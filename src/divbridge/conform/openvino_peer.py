"""OpenVINO's node of an operator on the CPU plugin, as a peer: ``openvino[:<attribute>=false][:auto_broadcast=none]
[:hint=bf16]`` (an attribute of the node's own, `Names.openvino_attributes`).

A one-node `ov.Model` C = Node(A, B) over 1-D tensors, the node the operator's
description names (`Names.openvino`, built by the opset factory of that name
in snake case), with its ``auto_broadcast`` attribute and, where the node has
them (`Names.openvino_attributes`), its own attributes set, compiled for
``CPU`` with ``INFERENCE_PRECISION_HINT`` when a hint is given.  Operands go in
and results come out as raw bit patterns (the Python API has no bfloat16
dtype).  It runs in the crash-surviving child of `divbridge.conform.peers`.

The runtime is judged against SONNX and, where the operator's profiles
include OpenVINO's own specification (the profile ``openvino``), against that
profile with the same attributes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from divbridge import operators
from divbridge.errors import InputError, ToolMissing
from divbridge.operators.model import Operator

HINTS = ("f32", "f16", "bf16")
INSTALL = "pip install openvino (or scripts/setup.sh test)"
_OV_TYPES = {"float16": "f16", "bfloat16": "bf16", "float32": "f32", "float64": "f64", "int8": "i8", "int16": "i16",
             "int32": "i32", "int64": "i64", "uint8": "u8", "uint16": "u16", "uint32": "u32", "uint64": "u64"}


@dataclass(frozen=True)
class OpenVinoSettings:
    attributes: tuple[tuple[str, bool], ...] = ()   # the node's own attributes set otherwise than their default
    auto_broadcast: str = "numpy"     # the node's default
    hint: str | None = None           # INFERENCE_PRECISION_HINT; None: the plugin's default

    @property
    def name(self) -> str:
        """The --impl spelling: ``openvino`` plus every attribute that is not the default."""
        parts = ["openvino"] + [f"{key}={str(value).lower()}" for key, value in self.attributes]
        if self.auto_broadcast != "numpy":
            parts.append(f"auto_broadcast={self.auto_broadcast}")
        if self.hint:
            parts.append(f"hint={self.hint}")
        return ":".join(parts)

    def node_attributes(self, op: Operator) -> dict[str, bool]:
        """Every own attribute of the operator's node (`Names.openvino_attributes`), with its value."""
        return {**dict(op.names.openvino_attributes), **dict(self.attributes)}

    def profile_attributes(self, op: Operator) -> dict:
        """The attributes of the operator's ``openvino`` profile (OpenVINO's own specification): the node's."""
        return {**self.node_attributes(op), "auto_broadcast": self.auto_broadcast}


def parse_settings(spec: str, op: Operator) -> OpenVinoSettings:
    """``openvino`` followed by ``:key=value`` options (auto_broadcast, hint, and the node's own boolean
    attributes, `Names.openvino_attributes`)."""
    head, *options = spec.split(":")
    if head != "openvino":
        raise InputError(f"--impl '{spec}': not an OpenVINO spelling")
    defaults = dict(op.names.openvino_attributes)
    values: dict = {}
    given: dict[str, bool] = {}
    for option in options:
        key, sep, value = option.partition("=")
        value = value.lower()
        if key in _node_attributes() and key not in defaults:
            raise InputError(f"--impl '{spec}': OpenVINO's {op.names.openvino} has no attribute {key}")
        if key in defaults and sep and value in ("true", "false"):
            given[key] = value == "true"
        elif key == "auto_broadcast" and sep and value in ("none", "numpy"):
            values[key] = value
        elif key == "hint" and sep and value in HINTS:
            values[key] = value
        else:
            expected = [f"{name}=true|false" for name in defaults] + ["auto_broadcast=none|numpy",
                                                                      f"hint={'|'.join(HINTS)}"]
            raise InputError(f"--impl '{spec}': bad option '{option}' (expected {', '.join(expected)})")
    changed = tuple((key, given[key]) for key, default in defaults.items() if key in given and given[key] != default)
    return OpenVinoSettings(changed, **values)


def _node_attributes() -> set[str]:
    """The options that are some operator's node's own attribute: one its node lacks is refused by name."""
    return {key for other in operators.OPERATORS.values() for key, _ in other.names.openvino_attributes}


def options_apply(spec: str, op: Operator) -> bool:
    """Whether the spelling is one `parse_settings` takes for the operator (its node has every attribute set)."""
    try:
        parse_settings(spec, op)
    except InputError:
        return False
    return True


def factory(op: Operator):
    """The opset function building the operator's node: ``LogicalAnd`` -> ``opset13.logical_and`` (or the name in
    lower case where the opset spells it so, a node type of two capitals in one word)."""
    from openvino import opset13
    snake = re.sub(r"(?<!^)(?=[A-Z])", "_", op.names.openvino).lower()
    return getattr(opset13, snake, None) or getattr(opset13, op.names.openvino.lower())


def require_openvino() -> None:
    try:
        import openvino  # noqa: F401
    except ImportError:
        raise ToolMissing("openvino (Python package)", INSTALL) from None


class CompiledNode:
    """The operator's node compiled for one element type: call it on its inputs, 1-D arrays of that type (stacks
    of matrices, ``rank`` 3, for a contraction: `Operation.contraction`)."""

    def __init__(self, op: Operator, dtype: np.dtype, settings: OpenVinoSettings, rank: int = 1):
        import openvino as ov
        from openvino import opset13
        self.dtype = np.dtype(dtype)
        self.ov_type = getattr(ov.Type, _OV_TYPES[self.dtype.name])
        self.truths = op.operation.result == "bool"   # its output a boolean tensor (Less), not of the inputs' type
        # each input of its own type: a condition a boolean tensor (Where's), the others the element type
        params = [opset13.parameter([-1] * rank, ov.Type.boolean if i.type == "bool" else self.ov_type, name=i.name)
                  for i in op.inputs]
        if op.operation.contraction:   # its node's two transposition flags: off, as ONNX's node has them
            node = factory(op)(*params, False, False)
        else:   # a node of one input has no broadcasting to set
            node = factory(op)(*params, **({"auto_broadcast": settings.auto_broadcast} if op.arity > 1 else {}))
        for key, value in settings.node_attributes(op).items():
            node.set_attribute(key, value)
        config = {"INFERENCE_PRECISION_HINT": settings.hint} if settings.hint else {}
        self.compiled = ov.Core().compile_model(ov.Model([node.output(0)], params, op.name.lower()), "CPU", config)
        self.request = self.compiled.create_infer_request()

    def __call__(self, a: np.ndarray, *rest: np.ndarray) -> np.ndarray:
        import openvino as ov
        raw = f"u{self.dtype.itemsize}"
        tensors = [ov.Tensor(np.ascontiguousarray(x)) if x.dtype == bool else
                   ov.Tensor(np.ascontiguousarray(x).view(raw), ov.Shape(list(x.shape)), self.ov_type)
                   for x in (a, *rest)]
        self.request.infer(tensors)
        out = self.request.get_output_tensor(0)
        if self.truths and out.element_type == ov.Type.boolean:
            return np.array(out.data).astype(bool).reshape(a.shape)
        if out.element_type != self.ov_type or self.truths:
            raise RuntimeError(f"the output is of type {out.element_type.get_type_name()}, "
                               f"not {self.ov_type.get_type_name()}")
        values = np.array(out.data).view(raw).view(self.dtype)
        return values if a.ndim > 1 else values.reshape(a.shape)


def effective_precision(settings: OpenVinoSettings, op: Operator) -> str:
    """The inference precision the CPU plugin reports after compiling with the settings' hint
    (a plugin without native f16/bf16 arithmetic keeps f32)."""
    compiled = CompiledNode(op, np.dtype(np.float32), settings).compiled
    return str(compiled.get_property("INFERENCE_PRECISION_HINT").get_type_name())


def version() -> str:
    import openvino as ov
    return ov.get_version()


def broadcast_probe(settings: OpenVinoSettings, op: Operator) -> dict:
    """A (2, 3) op B (3,) in FP32: does the runtime accept it, and does each specification?
    (OpenVINO's auto_broadcast=numpy broadcasts, none refuses; SONNX refuses.)"""
    import openvino as ov
    from openvino import opset13

    from divbridge.errors import SpecViolation
    from divbridge.formats import FP32
    from divbridge.semantics.profiles import broadcast_shape
    shape_a, shape_b = (2, 3), (3,)
    a_values, b_values = np.full(shape_a, 6, np.float32), np.array([1, 2, 3], np.float32)
    want = op.kernels.fast(FP32, a_values, np.broadcast_to(b_values, shape_a)).tolist()
    try:
        a = opset13.parameter(list(shape_a), ov.Type.f32, name="A")
        b = opset13.parameter(list(shape_b), ov.Type.f32, name="B")
        node = factory(op)(a, b, auto_broadcast=settings.auto_broadcast)
        compiled = ov.Core().compile_model(ov.Model([node.output(0)], [a, b], op.name.lower()), "CPU")
        out = compiled([a_values, b_values])[0]
        observed = "accepted" if out.tolist() == want else f"accepted, wrong values {out.tolist()}"
    except Exception as exc:  # noqa: BLE001 - a refusal is what is recorded
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        observed = f"rejected: {first[:120]}"

    def verdict(broadcasting: str) -> str:
        try:   # the shape rules are the same for every element-wise operator of a specification
            broadcast_shape(broadcasting, shape_a, shape_b, "")
        except SpecViolation:
            return "rejected"
        return "accepted"
    own = verdict(settings.auto_broadcast)
    return {"input": f"A (2, 3) {op.vocabulary.infix} B (3,)", "behaviour": observed, "own_spec": own,
            "sonnx": verdict("none"), "departs_from_own_spec": observed.split(":")[0] != own}   # SONNX's R1

"""The element types ONNX's schema of an operator allows (`onnx.defs`), and a document's type words in ONNX's names.

A section's type list (`{float16, float, double}`, `(FP16, BFLOAT16)`, `bool`) names element types; ONNX names
them `tensor(float16)`, `tensor(float)`, `tensor(bool)`.  A word that is a format divbridge knows is named as
ONNX names that format; a word that is one of ONNX's element types divbridge has no format for (`bool`,
`string`, `float8e4m3fn`) keeps its name; any other word (`real`, a placeholder) names no ONNX type.  The
newest version of the operator's schema decides which its first input accepts.
"""

from __future__ import annotations

import functools

from divbridge.errors import InputError
from divbridge.formats import get_format

# a format's element type in ONNX's names; the integer types are named alike
_ELEMENT = {"fp16": "float16", "bf16": "bfloat16", "fp32": "float", "fp64": "double"}


@functools.cache
def _data_types() -> frozenset[str]:
    import onnx   # 0.3 s: only when a type list is judged
    return frozenset(name.lower() for name in onnx.TensorProto.DataType.keys()) - {"undefined"}


def onnx_type(word: str) -> str | None:
    """A word of a type list as an ONNX tensor type (`float` -> `tensor(float)`), or None."""
    try:
        name = get_format(word).name
    except InputError:
        return f"tensor({word})" if word in _data_types() else None
    return None if name == "real" else f"tensor({_ELEMENT.get(name, name)})"


@functools.cache
def allowed(onnx_name: str) -> tuple[str, tuple[str, ...]]:
    """(the schema's name and version, as ``<Name>-14``; the types its first input accepts)."""
    import onnx.defs
    schema = onnx.defs.get_schema(onnx_name)
    constraint = schema.inputs[0].type_str
    types = next((tuple(c.allowed_type_strs) for c in schema.type_constraints if c.type_param_str == constraint),
                 (constraint,))
    return f"{schema.name}-{schema.since_version}", types


@functools.cache
def result_types(onnx_name: str) -> tuple[str, ...]:
    """The types the schema's first output takes where they are not its inputs' (Less's ``tensor(bool)``)."""
    import onnx.defs
    schema = onnx.defs.get_schema(onnx_name)
    constraint = schema.outputs[0].type_str
    found = next((tuple(c.allowed_type_strs) for c in schema.type_constraints if c.type_param_str == constraint),
                 (constraint,))
    return tuple(t for t in found if t not in allowed(onnx_name)[1])


def disallowed(words: tuple[str, ...], onnx_name: str) -> list[str]:
    """Why each word of a type list names a type the operator's ONNX schema does not accept (none: every one
    does, or names no ONNX type).  A list may name the result's type beside the inputs' (a comparison's
    ``tensor(bool)``)."""
    typed = list(dict.fromkeys((word, t) for word in words if (t := onnx_type(word)) is not None))
    if not typed:
        return []
    schema, types = allowed(onnx_name)
    return [f"type {word} ({t}) is not a type of ONNX {schema}, whose inputs are {', '.join(types)}"
            for word, t in typed if t not in types and t not in result_types(onnx_name)]


@functools.cache
def _operand_types(onnx_name: str) -> dict[str, tuple[str, tuple[str, ...]]]:
    """Each input and output of the newest schema by its name: (its type constraint, the types it allows)."""
    import onnx.defs
    schema = onnx.defs.get_schema(onnx_name)
    allowed_by = {c.type_param_str: tuple(c.allowed_type_strs) for c in schema.type_constraints}
    return {p.name: (p.type_str, allowed_by.get(p.type_str, (p.type_str,))) for p in (*schema.inputs, *schema.outputs)}


def shares_section_type(onnx_name: str, operand: str, section_types: tuple[str, ...]) -> bool:
    """Whether the schema's operand of that name takes the section's element types: its type constraint is the
    one constraint that allows every type of the section (Abs's Y is its X's T; Less's C is T1, bool; Pow's
    float types are allowed by both T and T1, so which one a float section lists is not known: False)."""
    wanted = [t for word in section_types if (t := onnx_type(word)) is not None]
    operands = _operand_types(onnx_name)
    if not wanted or operand not in operands:
        return False
    matching = {constraint for constraint, types in operands.values() if set(wanted) <= set(types)}
    return matching == {operands[operand][0]}

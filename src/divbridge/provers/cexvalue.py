"""A counterexample as values: each operand's format and value, and what the mirror computed there.

A prover's model is decoded into a `Counterexample` (`provers/counterexample.py`):
float operands as bit patterns, integers as integers, reals as exact rationals,
each with its format's name.  ``results.json`` stores the values
(``{"a": {"format": "fp16", "bits": "0x8000"}}``), and `show` is the one
place a counterexample becomes text (reports, the prove summary, messages):
nothing parses display strings back.

A model that names no operand set we can decode (Why3's model of a goal over
other variables, say) keeps the prover's own words in ``model``; it is never
replayed, so it is never a headline counterexample (see `verdicts.combine`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from divbridge.formats import FloatFormat, IntFormat, get_format

Value = int | Fraction


@dataclass(frozen=True)
class Counterexample:
    values: dict[str, Value] = field(default_factory=dict)    # operand -> float bits, integer, exact rational
    formats: dict[str, str] = field(default_factory=dict)     # operand -> format name: fp16, int8, real...
    mirror: str = ""          # what the mirror computes at these operands
    replayed: bool = False    # the mirror reproduces the failure there
    model: dict[str, str] = field(default_factory=dict)       # an undecoded model, in the prover's words

    def __post_init__(self) -> None:
        if set(self.values) != set(self.formats):
            raise ValueError(f"counterexample operands {sorted(self.values)} without formats {sorted(self.formats)}")
        if self.replayed and self.model:
            raise ValueError("an undecoded model cannot have been replayed")

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"operands": {name: _operand_json(self.formats[name], value)
                                             for name, value in self.values.items()},
                                "mirror": self.mirror, "replayed": self.replayed}
        if self.model:
            data["model"] = dict(self.model)
        return data

    @classmethod
    def from_json(cls, data: Any) -> "Counterexample":
        """ValueError for anything but this layout (results schema 4, cache format 1 entries written since)."""
        if not isinstance(data, dict) or not isinstance(data.get("operands"), dict):
            raise ValueError("a counterexample without operands (written by an older divbridge)")
        values, formats = {}, {}
        for name, operand in data["operands"].items():
            formats[name], values[name] = _operand_value(operand)
        model = data.get("model") or {}
        if not all(isinstance(v, str) for v in model.values()):
            raise ValueError("a counterexample model that is not text")
        return cls(values, formats, str(data.get("mirror", "")), bool(data.get("replayed", False)), dict(model))


def is_current(data: Any) -> bool:
    """Whether stored counterexample data has this layout (a cache entry of an older one is proved again)."""
    try:
        Counterexample.from_json(data)
    except (ValueError, TypeError, KeyError):
        return False
    return True


def _operand_json(format_name: str, value: Value) -> dict[str, Any]:
    fmt = get_format(format_name)
    if isinstance(fmt, FloatFormat):
        return {"format": format_name, "bits": fmt.hex_bits(int(value))}
    if isinstance(value, Fraction):
        return {"format": format_name, "value": str(value)}
    return {"format": format_name, "value": int(value)}


def _operand_value(operand: Any) -> tuple[str, Value]:
    if not isinstance(operand, dict) or not isinstance(operand.get("format"), str):
        raise ValueError(f"a counterexample operand without a format: {operand!r}")
    if "bits" in operand:
        return operand["format"], int(str(operand["bits"]), 16)
    value = operand.get("value")
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise ValueError(f"a counterexample operand without a value: {operand!r}")
    return operand["format"], value if isinstance(value, int) else Fraction(value)


def show(counterexample: Counterexample | None) -> dict[str, str]:
    """Operand -> text, the one rendering: ``-1.0 = -0x1.0000000000000p+0 (fp16 0xbc00)``,
    ``-7 (int32 0xfffffff9)``, ``3/7``; an undecoded model as the prover printed it."""
    if counterexample is None:
        return {}
    shown = {}
    for name, value in counterexample.values.items():
        fmt = get_format(counterexample.formats[name])
        if isinstance(fmt, FloatFormat):
            text, hexfloat = fmt.to_text(int(value)), fmt.to_hexfloat(int(value))
            shown[name] = (f"{text} = {hexfloat} ({fmt.name} {fmt.hex_bits(int(value))})" if text != hexfloat
                           else fmt.describe(int(value)))
        elif isinstance(fmt, IntFormat):
            shown[name] = fmt.describe(int(value))
        else:
            shown[name] = str(value)
    for name, text in counterexample.model.items():
        shown[name] = f"{text} (the prover's model, not decoded)"
    return shown


def show_line(counterexample: Counterexample | None) -> str:
    """``a = ..., b = ...``: the operands on one line."""
    return ", ".join(f"{name} = {text}" for name, text in show(counterexample).items())

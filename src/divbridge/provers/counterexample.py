"""Counterexamples: a prover's model decoded into values, replayed on the Python mirror, and shown.

A model assigns bit patterns (floats, integers) or rationals (reals) to the
free variables of a query.  `decode` turns them into values, a
`Counterexample`: float operands as bit patterns, integers as integers,
reals as exact rationals, each with its format's name.  ``results.json``
stores the values (``{"a": {"format": "fp16", "bits": "0x8000"}}``), and
`show` is the one place a counterexample becomes text (reports, the prove
summary, messages): nothing parses display strings back.

`check` replays a counterexample: the obligation's statement evaluated on the
mirror at that point (`statements.holds_at`, its predicate on one-element
arrays).  A counterexample the mirror does not reproduce is a bug in the tool
chain (template, solver or mirror): it becomes an ``error`` verdict with a
message, never a silent pass.

A model that names no operand set we can decode (Why3's model of a goal over
other variables, say) keeps the prover's own words in ``model``; it is never
replayed, so it is never a headline counterexample (see `verdicts.combine`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from divbridge import statements
from divbridge.formats import BoolFormat, FloatFormat, IntFormat, get_format
from divbridge.obligations.model import Obligation

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
    return {"format": format_name, "value": int(value)}     # an integer, or a condition's 0 or 1


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
        elif isinstance(fmt, (IntFormat, BoolFormat)):
            shown[name] = fmt.describe(int(value))
        else:
            shown[name] = str(value)
    for name, text in counterexample.model.items():
        shown[name] = f"{text} (the prover's model, not decoded)"
    return shown


def show_line(counterexample: Counterexample | None) -> str:
    """``a = ..., b = ...``: the operands on one line."""
    return ", ".join(f"{name} = {text}" for name, text in show(counterexample).items())


def decode(variables: dict[str, str], model: dict[str, Any]) -> dict[str, Any]:
    """Variable -> value: float bit patterns, signed or unsigned integers, exact rationals, conditions (a bool
    declared by its one bit, ``c_bits``).

    A variable absent from the model is unconstrained; solvers then leave it
    out, and any value (0 here) completes the counterexample.
    """
    values: dict[str, Any] = {}
    for name, fmt_name in variables.items():
        fmt = get_format(fmt_name)
        if isinstance(fmt, FloatFormat):
            values[name] = int(model.get(f"{name}_bits", 0))
        elif isinstance(fmt, BoolFormat):
            values[name] = int(model.get(f"{name}_bits", 0))
        elif isinstance(fmt, IntFormat):
            raw = int(model.get(name, 0))
            # a bit-vector is unsigned; an SMT integer already carries its sign
            values[name] = raw - (1 << fmt.bits) if fmt.signed and raw >= 1 << (fmt.bits - 1) else raw
        else:
            values[name] = Fraction(model.get(name, 0))
    return values


def replay(obligation: Obligation, values: dict[str, Any]) -> tuple[bool, str]:
    """Does the statement fail at ``values`` on the mirror?  Returns (reproduced, what the mirror computed)."""
    holds, detail = statements.holds_at(obligation, values)
    return not holds, detail


def check(obligation: Obligation, variables: dict[str, str], model: dict[str, Any]) -> tuple[Counterexample, str]:
    """The counterexample of a sat answer (an SMT model, an enumeration's first failure), replayed."""
    return judge(obligation, variables, decode(variables, model))


def judge(obligation: Obligation, variables: dict[str, str], values: dict[str, Any]) -> tuple[Counterexample, str]:
    """Replay decoded operands on the mirror: the counterexample, and an error message when the
    mirror does not reproduce the failure (a tool bug: the attempt is then an ``error``)."""
    reproduced, detail = replay(obligation, values)
    found = Counterexample({name: values[name] for name in variables}, dict(variables), detail, reproduced)
    message = "" if reproduced else (
        "tool bug: the prover's counterexample is not reproduced by the Python mirror "
        f"({show_line(found)}; mirror: {detail})")
    return found, message

"""The proof obligation: a plain value that provers and reporters share.

Provers and reporters never know where an obligation came from; they see
its stable id, what it claims, which requirement tags it traces to, and what
verdict it expects.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

FAMILIES = ("real", "float", "int", "shape", "spec")
EXPECTATIONS = ("valid", "invalid")


@dataclass(frozen=True)
class Obligation:
    id: str                      # stable and readable: float.fp16.special.<rule>, int.int8.generic.<property>
    title: str                   # one line for people
    family: str                  # real | float | int | shape | spec (a section's contract in one type)
    format: str                  # real | fp16 | bf16 | fp32 | fp64 | int8..uint64 | none
    kind: str                    # group for summaries: special, generic, accuracy, example, ...
    prop: str                    # the property template key, shared by every renderer
    requirements: tuple[str, ...]   # the document's tags this obligation verifies
    statement: str               # readable mathematics (plain text)
    expect: str = "valid"        # valid, or invalid for a probe of a known defect
    params: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    backends: frozenset[str] = frozenset({"why3", "smt"})  # the provers it goes to: why3 | smt | gappa | coq | exhaustive
    # Why a claim the provers do not settle within their limits is left open.  An open
    # obligation is attempted on every run and never counts as proved; a run fails
    # only if it is refuted or errors (see results.ObligationResult.settled).
    open: str = ""
    lines: tuple[int, ...] = ()  # the document line stating each requirement (0 where no document does)
    # the operator it is about, as `operators.obligation_name` names it ("" for the description that records none, `model.Evidence`, whose
    # evidence predates the parameter: results.json then names none)
    operator: str = ""

    @property
    def traced_to(self) -> str:
        """The requirements it verifies, as the rendered files name them: by their tags, whose lines only
        results.json gives (a requirement that moves changes no rendered file); a text outside every tag by
        its line."""
        if not self.requirements:
            return "none of the document's: divbridge's own (an implementation strategy)"
        return ", ".join(dict.fromkeys(tag or f"line {line} (outside every tag)" for tag, line in
                                       zip(self.requirements, self.lines or (0,) * len(self.requirements))))

    def to_json(self) -> dict[str, Any]:
        """The obligation as results.json records it (params included: a result names what it proved)."""
        return {"id": self.id, "title": self.title, "family": self.family, "format": self.format,
                "kind": self.kind, "prop": self.prop, "requirements": list(self.requirements),
                "statement": self.statement, "expect": self.expect, "params": _to_json(self.params),
                "backends": sorted(self.backends), "open": self.open, "lines": list(self.lines),
                **({"operator": self.operator} if self.operator else {})}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Obligation":
        """ValueError, KeyError or TypeError for anything but `to_json`'s layout."""
        return cls(id=data["id"], title=data["title"], family=data["family"], format=data["format"],
                   kind=data["kind"], prop=data["prop"], requirements=tuple(data["requirements"]),
                   statement=data["statement"], expect=data["expect"], params=_from_json(data["params"]),
                   backends=frozenset(data["backends"]), open=data["open"], lines=tuple(data["lines"]),
                   operator=data.get("operator", ""))

    def __post_init__(self) -> None:
        if self.family not in FAMILIES:
            raise ValueError(f"{self.id}: unknown family {self.family}")
        if self.expect not in EXPECTATIONS:
            raise ValueError(f"{self.id}: unknown expectation {self.expect}")


# Params are plain data (strings, numbers, tuples, dicts), and for an accuracy note's claims sympy
# expressions: JSON holds a tuple as a list and an expression as its exact construction (sympy.srepr).

def _to_json(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _to_json(item) for key, item in value.items()}
    if isinstance(value, (tuple, list)):
        return [_to_json(item) for item in value]
    if value is None or isinstance(value, (str, int, float)):
        return value
    import sympy     # the value is a sympy expression, so sympy is loaded already
    return {"sympy": sympy.srepr(value)}


def _from_json(value: Any) -> Any:
    if isinstance(value, dict):
        if set(value) == {"sympy"}:
            import sympy
            return sympy.sympify(value["sympy"])
        return {key: _from_json(item) for key, item in value.items()}
    if isinstance(value, list):
        return tuple(_from_json(item) for item in value)
    return value

"""What `check-spec` reports: findings, and the claims they are about.

A finding is one problem in the document, at a document line, of one kind:

- ``incorrect``: the text says something the section's semantics contradicts;
- ``incomplete``: the text leaves inputs without a result (or is unfinished);
- ``ambiguous``: the text allows more than one result, or leaves one open;
- ``ill-formed``: the text cannot be read or does not type-check;
- ``information``: worth knowing, not a defect (an informal tag, an example
  whose operands a listed type cannot hold, a format whose result differs
  from an approximate example's digits).

``incorrect`` and ``incomplete`` findings carry a concrete counterexample
whenever one exists; only they make `check-spec` fail (exit 1).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

KINDS = ("incorrect", "incomplete", "ambiguous", "ill-formed", "information")
FAILING = ("incorrect", "incomplete")


@dataclass(frozen=True)
class Finding:
    kind: str
    line: int
    message: str
    counterexample: str | None = None
    column: int | None = None          # 1-based, when the finding is about one entry of a line

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown finding kind {self.kind}")

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        if self.column is None:
            del data["column"]
        return data

    def render(self, document: str) -> str:
        where = f"{self.line}:{self.column}" if self.column else str(self.line)
        text = f"{document}:{where}: {self.kind}: {self.message}"
        if self.counterexample:
            text += f"\n    counterexample: {self.counterexample}"
        return text


@dataclass
class Claim:
    """One checkable statement of the document and its verdict.

    ``id`` is stable across edits that do not touch the claim (section and
    position, not line), ``text`` is what the document says (the audit
    compares it), ``verdict`` is ``holds``, ``fails``, ``open`` (ambiguous)
    or ``unreadable``.
    """

    id: str
    kind: str                  # case-table | example | types | why3 | tag | definition | sign-rule | rounding | domain | error-condition
    section: str
    line: int
    text: str
    formats: tuple[str, ...] = ()
    verdict: str = "holds"
    findings: list[Finding] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "section": self.section, "line": self.line,
                "text": self.text, "formats": list(self.formats), "verdict": self.verdict}


# "unchecked": a tool the check needs is missing; never counted as holding
VERDICT_RANK = {"holds": 0, "unchecked": 1, "open": 1, "unreadable": 2, "fails": 3}


def verdict_of(findings: list[Finding]) -> str:
    kinds = {f.kind for f in findings}
    if kinds & set(FAILING):
        return "fails"
    if "ill-formed" in kinds:
        return "unreadable"
    if "ambiguous" in kinds:
        return "open"
    return "holds"


def exit_code(findings: list[Finding]) -> int:
    return 1 if any(f.kind in FAILING for f in findings) else 0

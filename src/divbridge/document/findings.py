"""A finding: one problem in a document, at a document line, of one kind.

- ``incorrect``: the text says something the section's semantics contradicts;
- ``incomplete``: the text leaves inputs without a result (or is unfinished);
- ``ambiguous``: the text allows more than one result, or leaves one open;
- ``ill-formed``: the text cannot be read or does not type-check;
- ``unread``: a sentence, formula, row or example inside a requirement or a
  section of the operator's types that states something divbridge cannot read
  (`document.meaning.Unread`): nothing is proved of it; check-spec exits 3 on
  it (1 under ``--strict``) unless its line is accepted (``accepted``);
- ``information``: worth knowing, not a defect (an informal tag, an example
  whose operands a listed type cannot hold).

Reading produces the ``ill-formed`` ones; `checkspec` the others.
``incorrect`` and ``incomplete`` findings carry a concrete counterexample
whenever one exists; only they make `check-spec` fail (exit 1).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

KINDS = ("incorrect", "incomplete", "ambiguous", "ill-formed", "unread", "information")
FAILING = ("incorrect", "incomplete")


@dataclass(frozen=True)
class Finding:
    kind: str
    line: int
    message: str
    counterexample: str | None = None
    column: int | None = None          # 1-based, when the finding is about one entry of a line
    document: str | None = None        # another file than the one checked (an accuracy note it links)
    accepted: bool = False             # an unread line accepted for exploration (`--accept-unread`)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown finding kind {self.kind}")

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        for optional in ("column", "document"):
            if data[optional] is None:
                del data[optional]
        if not self.accepted:
            del data["accepted"]
        return data

    def render(self, document: str) -> str:
        where = f"{self.line}:{self.column}" if self.column else str(self.line)
        kind = f"{self.kind} (accepted)" if self.accepted else self.kind
        text = f"{self.document or document}:{where}: {kind}: {self.message}"
        if self.counterexample:
            text += f"\n    counterexample: {self.counterexample}"
        return text

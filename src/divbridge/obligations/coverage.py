"""Which requirements of a document the proof run does not cover, and why, in one wording everywhere.

A requirement is uncovered when a part of its text states something that is
unread (`document.meaning.Unread`, in `Binding.unread`: not understood, or read
but not encodable exactly), or when its text states something and no
obligation verifies it.  `prove` lists the gaps in its summary and fails on
them, results.json records them with each requirement, the reports'
traceability matrix shows them, and `audit` reports a claim that becomes one.
"""

from __future__ import annotations

from dataclasses import dataclass

from divbridge.obligations.document import Binding
from divbridge.obligations.model import Obligation


@dataclass(frozen=True)
class Gap:
    tag: str
    line: int
    text: str
    why: str                  # "not understood (...)" | "binds no obligation"

    def __str__(self) -> str:
        return f"{self.tag} line {self.line}: «{self.text}» {self.why}"


def gaps(binding: Binding, obligations: list[Obligation]) -> list[Gap]:
    """The gaps of every requirement, in the document's order."""
    verified = {tag for o in obligations for tag in o.requirements}
    found = [Gap(u.tag, u.line, u.text, f"not understood ({u.why})") for u in binding.unread if u.tag]
    for requirement in binding.requirements.values():
        if requirement.claims and requirement.tag not in verified:
            line = requirement.claims[0]
            text = next(text for at, text, _ in requirement.readings if at == line)
            found.append(Gap(requirement.tag, line, text, "binds no obligation"))
    return sorted(dict.fromkeys(found), key=lambda g: (g.line, g.tag))

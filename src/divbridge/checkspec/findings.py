"""What `check-spec` reports: the claims of a document, each with its verdict and findings
(`document.findings.Finding`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from divbridge.document.findings import FAILING, Finding


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
    words: str = ""            # what divbridge read the text as, said back in canonical English ("" : not said)
    evidence: list[dict[str, Any]] = field(default_factory=list)   # the proofs a verdict rests on, where recorded

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "section": self.section, "line": self.line,
                "text": self.text, "words": self.words, "formats": list(self.formats), "verdict": self.verdict,
                **({"evidence": self.evidence} if self.evidence else {})}


# "unchecked": a tool the check needs is missing; never counted as holding; "checked": no counterexample on samples
# or on every input of a format, not proved (an accuracy note's claim, `checkspec.unary`)
VERDICT_RANK = {"holds": 0, "checked": 1, "unchecked": 1, "open": 1, "unreadable": 2, "fails": 3}


def verdict_of(findings: list[Finding]) -> str:
    kinds = {f.kind for f in findings}
    if kinds & set(FAILING):
        return "fails"
    if "ill-formed" in kinds:
        return "unreadable"
    if "ambiguous" in kinds:
        return "open"
    return "holds"


# check-spec's exit codes (docs/exit-codes.md): every statement read and holding; a defect; nothing wrong but
# something not read
HOLDS, DEFECT, UNREAD = 0, 1, 3


def exit_code(findings: list[Finding], strict: bool = False) -> int:
    """`DEFECT` on an incorrect or incomplete finding; else `UNREAD` on an unread statement not accepted
    (``strict``: `DEFECT`); else `HOLDS`."""
    if any(f.kind in FAILING for f in findings):
        return DEFECT
    if any(f.kind == "unread" and not f.accepted for f in findings):
        return DEFECT if strict else UNREAD
    return HOLDS

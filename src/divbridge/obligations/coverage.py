"""What of a document the proof run does not cover, and why, in one wording everywhere.

A statement is uncovered when it is unread (`document.meaning.Unread`, in
`Binding.unread`: a part not understood, or read but not encodable exactly,
anywhere in a requirement's text or a section of the operator's types, under a
tag or not), when a requirement's text states something and no obligation
verifies it, or when a type list names a type the operator's ONNX schema does
not accept (`Binding.wrong_types`: nothing can be proved of it; check-spec
says it is incorrect).  `prove` lists the gaps in its summary and fails on them,
results.json records them, the reports' traceability matrix shows them, and
`audit` reports a claim that becomes one.

Unread lines may be accepted for exploration (`--accept-unread`, `acceptance`): an accepted gap is still
listed, marked accepted, and no longer fails the run; accepting a line that is not unread is an error (a
stale acceptance), so an acceptance never outlives the text it was given for.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from divbridge.errors import InputError
from divbridge.obligations.document import Binding
from divbridge.obligations.model import Obligation


@dataclass(frozen=True)
class Gap:
    tag: str                  # "" for a statement outside every requirement's text
    line: int
    text: str
    why: str                  # "not understood (...)" | "binds no obligation" | "type ... is not a type of ONNX ..."
    accepted: bool = False    # an unread line accepted for exploration (`--accept-unread`)

    @property
    def unread(self) -> bool:
        """Whether it is unread (what `--accept-unread` may accept); the other gaps always fail the run."""
        return self.why.startswith("not understood")

    def __str__(self) -> str:
        where = f"{self.tag} line {self.line}" if self.tag else f"line {self.line}"
        return f"{where}: «{self.text}» {self.why}" + (" (accepted)" if self.accepted else "")

    def to_json(self) -> dict:
        data = {"tag": self.tag, "line": self.line, "text": self.text, "why": self.why}
        return {**data, "accepted": True} if self.accepted else data


def gaps(binding: Binding, obligations: list[Obligation], accepted: frozenset[int] = frozenset()) -> list[Gap]:
    """The gaps of the document, in its order; those at an ``accepted`` line marked so (`acceptance`)."""
    verified = {tag for o in obligations for tag in o.requirements}
    found = [Gap(u.tag, u.line, u.text, f"not understood ({u.why})") for u in binding.unread]
    found += [Gap("", line, words, why) for line, words, why in (*binding.wrong_types, *binding.mistyped)]
    for requirement in binding.requirements.values():
        if requirement.claims and requirement.tag not in verified:
            line = requirement.claims[0]
            text = next(text for at, text, _ in requirement.readings if at == line)
            found.append(Gap(requirement.tag, line, text, "binds no obligation"))
    found = sorted(dict.fromkeys(found), key=lambda g: (g.line, g.tag))
    acceptance(accepted, (g.line for g in found if g.unread), binding.path)
    return [replace(g, accepted=True) if g.unread and g.line in accepted else g for g in found]


def acceptance(accepted: frozenset[int], unread: Iterable[int], path: str) -> None:
    """An InputError (exit 2) naming the accepted lines that are not unread: a stale acceptance."""
    stale = sorted(accepted - set(unread))
    if stale:
        raise InputError(f"--accept-unread: line{'s' if len(stale) > 1 else ''} {', '.join(map(str, stale))} "
                         f"{'are' if len(stale) > 1 else 'is'} not unread (a stale acceptance: remove it)", path,
                         stale[0])


"""The rendered texts an obligation was proved from, read back for the report.

An artifact is a path relative to the project root, with ``#goal`` appended
when it names one goal of a Why3 theory; the report shows that goal (with the
comment just above it), not the whole theory.  A missing file or goal is
reported with a note, never an exception: the report must still be written.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

LABELS = {"why3": "Why3", "smt": "SMT-LIB", "exhaustive": "Exhaustive enumeration"}
MAX_CHARS = 100_000  # an artifact longer than this is cut, with a note
_DECLARATION = re.compile(r"\s*(goal|lemma|theorem|axiom|function|predicate|constant|type|let|val|use|clone|"
                          r"import|scope|end|module|theory)\b")


@dataclass(frozen=True)
class ArtifactText:
    backend: str
    path: str        # as recorded, "#goal" included
    text: str        # "" when it could not be read
    note: str = ""   # why the text is missing or partial

    @property
    def label(self) -> str:
        return LABELS.get(self.backend, self.backend)

    @property
    def language(self) -> str:
        return {"why3": "ocaml", "smt": "lisp"}.get(self.backend, "text")


def read_artifact(backend: str, recorded: str, roots: list[Path]) -> ArtifactText:
    relative, _, goal = recorded.partition("#")
    path = next((root / relative for root in roots if (root / relative).is_file()), None)
    if path is None:
        return ArtifactText(backend, recorded, "", f"file {relative} not found")
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError as exc:
        return ArtifactText(backend, recorded, "", f"cannot read {relative}: {exc.strerror}")
    if goal:
        excerpt = goal_excerpt(text, goal)
        if excerpt is None:
            return ArtifactText(backend, recorded, "", f"goal {goal} not found in {relative}")
        text = excerpt
    if len(text) > MAX_CHARS:
        return ArtifactText(backend, recorded, text[:MAX_CHARS], f"cut at {MAX_CHARS} of {len(text)} characters")
    return ArtifactText(backend, recorded, text)


def goal_excerpt(theory: str, goal: str) -> str | None:
    """The declaration of ``goal`` in a Why3 theory, with the comment just above it."""
    lines = theory.splitlines()
    start = next((i for i, line in enumerate(lines)
                  # "goal g," in a clone's substitution list is not a declaration
                  if re.match(rf"\s*(goal|lemma|theorem)\s+{re.escape(goal)}\b(?!\s*,)", line)), None)
    if start is None:
        return None
    indent = len(lines[start]) - len(lines[start].lstrip())
    first = start
    if first > 0 and lines[first - 1].rstrip().endswith("*)"):  # the comment above, one or several lines
        first -= 1
        while first > 0 and "(*" not in lines[first] and lines[first - 1].strip():
            first -= 1
    end = start + 1
    while end < len(lines) and lines[end].strip():
        line = lines[end]
        if len(line) - len(line.lstrip()) <= indent and (_DECLARATION.match(line) or line.lstrip().startswith("(*")):
            break
        end += 1
    return "\n".join(line[indent:] if line[:indent].isspace() else line for line in lines[first:end]) + "\n"

"""The rendered texts an obligation was proved from, read back for the report.

An artifact is a path relative to the project root, with ``#Module.goal``
appended when it names one goal of a Why3 theory; the report shows that goal
(with the comment just above it), not the whole theory.  ``#Module.Clone.goal``
is a goal the module proves by cloning another generated module's statement
(the generic float module): the report shows that statement.  A missing file or goal is
reported with a note, never an exception: the report must still be written.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

LABELS = {"why3": "Why3", "smt": "SMT-LIB", "exhaustive": "Exhaustive enumeration", "gappa": "Gappa",
          "gappa+coq": "Gappa's certificate, checked by Coq"}
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
    relative, _, ref = recorded.partition("#")
    path = next((root / relative for root in roots if (root / relative).is_file()), None)
    if path is None:
        return ArtifactText(backend, recorded, "", f"file {relative} not found")
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError as exc:
        return ArtifactText(backend, recorded, "", f"cannot read {relative}: {exc.strerror}")
    if ref:
        excerpt = _why3_excerpt(path, text, ref)
        if excerpt is None:
            return ArtifactText(backend, recorded, "", f"goal {ref} not found in {relative}")
        text = excerpt
    if len(text) > MAX_CHARS:
        return ArtifactText(backend, recorded, text[:MAX_CHARS], f"cut at {MAX_CHARS} of {len(text)} characters")
    return ArtifactText(backend, recorded, text)


def _why3_excerpt(path: Path, text: str, ref: str) -> str | None:
    *module, goal = ref.split(".")
    if len(module) == 1 and goal.endswith("'vc"):   # a program's verification condition: its whole module
        found = re.search(rf"^module {re.escape(module[0])}\n.*?^end$", text, re.MULTILINE | re.DOTALL)
        return found[0] + "\n" if found else None
    if len(module) < 2:
        return goal_excerpt(text, goal)
    module, clone = module
    found = re.search(rf"^\s*clone\s+(\w+)\.(\w+)\s+as\s+{re.escape(clone)}\b", text, re.MULTILINE)
    source = path.parent / f"{found[1]}.mlw" if found else None
    if source is None or not source.is_file():
        return None
    statement = goal_excerpt(source.read_text(encoding="utf-8", errors="replace"), goal, ("axiom",))
    return None if statement is None else \
        f"(* {module} proves this statement of {source.name} as its goal {clone}.{goal} *)\n{statement}"


def goal_excerpt(theory: str, goal: str, kinds: tuple[str, ...] = ("goal", "lemma", "theorem")) -> str | None:
    """The declaration of ``goal`` in a Why3 theory, with the comment just above it."""
    lines = theory.splitlines()
    start = next((i for i, line in enumerate(lines)
                  # "goal g," in a clone's substitution list is not a declaration
                  if re.match(rf"\s*({'|'.join(kinds)})\s+{re.escape(goal)}\b(?!\s*,)", line)), None)
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

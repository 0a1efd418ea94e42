"""The task of one Why3 goal as its answer depends on it: what the proof cache keys a Why3 answer on.

Why3 proves a goal in the context of the declarations of its module before it (and of the modules those use or
clone): never another goal (a goal is no hypothesis), a lemma only when stated before it, and no comment.  So a
goal's task is read from its rendered theory (`why3render.Theory`):

- of the theory's modules, only the goal's own (a goal apart is in a module of its own);
- its comments removed and its whitespace collapsed (Why3 reads neither);
- of its ``goal``s only the goal itself, its ``lemma``s only when the goal rests on them (they are stated before
  it; the other goals come before them);
- the generic float module it clones, read the same way: of its statements, which the clone turns into goals,
  only the goal's own when it is one of them, none otherwise;
- the hand-written library, whole.

Two goals with the same task get the same answer from the same prover and limits, wherever the document states
them: the order of the goals, the document's line numbers, the comments and the other goals of the file never
invalidate an answer (`provers.why3`).  The prover's configuration is the cache key's other half (its options).
"""

from __future__ import annotations

import functools
import re

from divbridge.obligations.why3render import Goal, Theory

_MODULE = re.compile(r"^module (?P<name>\S+)\n(?P<body>.*?)^end$", re.MULTILINE | re.DOTALL)
_STATEMENT = re.compile(r"(?P<kind>goal|lemma|axiom) (?P<name>[\w']+)\s*:")


def task(theory: Theory, goal: Goal, library: str = "") -> str:
    """The goal's task: its module's declarations that Why3 puts in its context, then those of the module it
    clones, then ``library`` (the hand-written library's text)."""
    cloned = theory.cloned(goal)
    parts = [declarations(module(theory.text, goal.module), goal="" if cloned else goal.name,
                          lemmas=theory.rests_on_lemmas(goal))]
    if theory.clones is not None and goal.module == theory.module:
        parts.append(declarations(module(theory.clones.text, theory.clones.module),
                                  goal=goal.name if cloned else "", lemmas=False))
    return "\n".join([*parts, library])


def module(text: str, name: str) -> str:
    """The body of module ``name`` in a theory file's text (ValueError when it has none)."""
    for found in _MODULE.finditer(text):
        if found.group("name") == name:
            return found.group("body")
    raise ValueError(f"no module {name} in the theory")


def declarations(body: str, goal: str, lemmas: bool) -> str:
    """A module's declarations without comments, one a line with its whitespace collapsed: of its goals and
    axioms (a generic module's statements) only ``goal``, of its lemmas all or none."""
    kept = []
    for declaration, kind, name in _declarations(body):
        if kind and ((kind == "lemma" and not lemmas) or (kind != "lemma" and name != goal)):
            continue
        kept.append(declaration)
    return "\n".join(kept)


@functools.lru_cache(maxsize=64)   # a module's goals share its declarations: read once per text
def _declarations(body: str) -> tuple[tuple[str, str, str], ...]:
    """A module's top-level declarations, comments removed, each with the kind and name of the statement it
    is ("" for the others): a declaration starts at the module's indentation (two spaces), the lines indented
    deeper continue it; whitespace collapsed."""
    lines: list[list[str]] = []
    for line in uncommented(body).splitlines():
        if not line.strip():
            continue
        if line.startswith("  ") and not line.startswith("   ") or not lines:
            lines.append([])
        lines[-1].append(line)
    found = []
    for declaration in (" ".join(" ".join(group).split()) for group in lines):
        statement = _STATEMENT.match(declaration)
        found.append((declaration, *(statement.group("kind", "name") if statement else ("", ""))))
    return tuple(found)


_COMMENT_MARK = re.compile(r"\(\*\)|\(\*|\*\)")


def uncommented(text: str) -> str:
    """``text`` without its Why3 comments (``(* ... *)``, nested; ``(*)`` is an operator, not a comment);
    each comment's line breaks are kept, so that a declaration's lines stay its own."""
    kept: list[str] = []
    depth = 0
    at = 0
    for mark in _COMMENT_MARK.finditer(text):
        if mark.group() == "(*)" or (mark.group() == "*)" and not depth):
            continue
        if depth == 0:
            kept.append(text[at:mark.start()])
        else:
            kept.append("\n" * text.count("\n", at, mark.start()))
        depth += 1 if mark.group() == "(*" else -1
        at = mark.end()
    kept.append(text[at:] if depth == 0 else "\n" * text.count("\n", at))
    return "".join(kept)

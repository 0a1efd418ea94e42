"""The accepted phrasings of the statement grammar: each kind's example, and the nearest one to a sentence not read.

Every kind of statement of `statements.lark` carries an example
(``//: <kind> [<family>, <infix>]: <example>``), written with the operators' words as placeholders
(``{Name}``, ``{verb}``, ``{noun}``, ``{gerund}``, ``{join}``, ``{participle}``,
``{ing}``): `examples(op)` fills them with an operator's words.  `nearest` gives
the accepted example closest to a sentence divbridge could not read (by the
edit distance over words), as a suggestion; `scripts/reading_reference.py`
writes the reference page (`docs/reading-reference.md`) from the same rules
and examples.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from divbridge import operators
from divbridge.document import lexicon
from divbridge.document.grammar import GRAMMAR_FILE
from divbridge.operators.model import Operator

_EXAMPLE = re.compile(r"^//:\s*(?P<kind>\w+)\s*\[(?P<family>\w+)(?:,\s*(?P<infix>\S+))?\]:\s*(?P<example>.+)$")


@dataclass(frozen=True)
class Kind:
    name: str                 # the rule kind_<name> of the grammar
    family: str               # the family of the section the example is read in
    infix: str                # the infix of the operator whose words the example takes ("": any operator's)
    example: str              # with the operators' words as placeholders
    forms: str                # the rule's text in the grammar, and the rules it alone uses

    @property
    def operator(self) -> Operator:
        """The operator whose words the example is shown in: its infix's, or for an example in any operator's
        words, the one a document that names none is read with (`lexicon.READ_WITH`)."""
        op = operators.by_infix(self.infix) if self.infix else lexicon.READ_WITH
        assert op is not None, f"the example of {self.name} names no operator's infix ({self.infix})"
        return op


@functools.lru_cache(maxsize=1)
def kinds() -> tuple[Kind, ...]:
    """Every kind of statement, in the grammar's order, with its example and the text of its rules (up to the next
    comment or blank line)."""
    lines = GRAMMAR_FILE.read_text(encoding="utf-8").splitlines()
    found = []
    for k, line in enumerate(lines):
        m = _EXAMPLE.match(line)
        if not m:
            continue
        rule = []
        for following in lines[k + 1:]:
            if not following.strip() or following.startswith("//"):
                break
            rule.append(following.rstrip())
        found.append(Kind(m["kind"], m["family"], m["infix"] or "", m["example"].strip(), "\n".join(rule)))
    return tuple(found)


def fill(text: str, op: Operator) -> str:
    """A text with the operator's words in place of the placeholders."""
    v = op.vocabulary
    words = {"Name": op.name, "name": op.name.lower(), "verb": v.verbs[0], "noun": v.result_nouns[0],
             "gerund": v.gerund, "join": v.joins[0] if v.joins else v.infix,
             "participle": next((f for f in v.verbs if " " in f), v.verbs[0]),
             "ing": next((f for f in v.verbs if f.endswith("ing")), v.gerund), "infix": v.infix}
    return re.sub(r"\{(\w+)\}", lambda m: words.get(m[1], m[0]), text)


def examples(op: Operator) -> tuple[tuple[str, str], ...]:
    """(kind, example) of every kind, in the operator's words (an example of an operator of its own: in its)."""
    return tuple((kind.name, fill(kind.example, kind.operator if kind.infix else op)) for kind in kinds())


def _distance(a: list[str], b: list[str]) -> int:
    """The edit distance between two lists of words (insertions, deletions, substitutions)."""
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        current = [i]
        for j, y in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x != y)))
        previous = current
    return previous[-1]


def _plain_words(text: str) -> list[str]:
    return re.findall(r"[\w'-]+|[^\w\s$\\{}]", text.lower())


def nearest(text: str, op: Operator) -> str:
    """The accepted example nearest to ``text`` (by the edit distance over words), or "" when there is none."""
    words = _plain_words(text)
    ranked = sorted((_distance(words, _plain_words(example)), example) for _, example in examples(op))
    return ranked[0][1] if ranked else ""

"""What a requirement tag of any name is about, read from its text, and what checks it.

A document may name its tags as it likes (`E_<OP>_FLOAT_CONSTR_A_0020`,
`[R7]`...).  A tag is classified by the words of its text into one of the
classes below, and traced to the built-in requirements of its section's
family whose obligations check that class (the registry's descriptions list
them: `operators.reading.Wording.traces`).  A text that fits no class has no
formal reading: the tag is informal (an information line, never a defect).
"""

from __future__ import annotations

import re

from divbridge import operators
from divbridge.document import lexicon
from divbridge.document.prose import plain_text

_GERUNDS = lexicon.alternatives(lexicon.GERUNDS)
# class -> words that say it, in the order tried (the first that fits wins)
CLASSES = (
    ("shape consistency", r"\bshapes?\b|\bbroadcast|\bdimensions?\b|\brank\b"),
    ("overflow", r"overflow|smallest\s+value|int_?min|does\s+not\s+fit|not\s+representable|most\s+negative"),
    ("error condition", r"\berror"),
    ("function", rf"c\s*\[\s*i\s*\]|\b(?:{lexicon.alternatives(lexicon.NOUNS)})|\bresult|\bsign\b|\bround|\btruncat|\bfractional"),
    ("definition domain", r"≠\s*0|non[- ]?zero|\bno\s+zero|not\s+(?:be\s+)?(?:zero|0)\b|different\s+from\s+0"
                          rf"|(?:{_GERUNDS})\s+by\s+(?:0|zero)|\bdomain\b|precondition|\bzero\b"),
    ("type consistency", r"\btypes?\b|\bdtype\b"),
    ("function", rf"\b(?:{lexicon.alternatives(lexicon.VERB_FORMS, escape=False)}|{_GERUNDS})|\bcomput|/|\bnan\b|\binf"),
)

# (class, family) -> the built-in requirement tags whose obligations check it
TRACES = {(cls, family): tags for op in operators.OPERATORS.values() for cls, family, tags in op.wording.traces}


def classify(text: str) -> str | None:
    plain = plain_text(text)
    for name, pattern in CLASSES:
        if re.search(pattern, plain):
            return name
    return None


def traces(cls: str, family: str) -> tuple[str, ...]:
    """The built-in tags checking a class in a family; a section of no one family traces to every family's."""
    if (cls, "all") in TRACES:
        return TRACES[(cls, "all")]
    families = (family,) if family in ("real", "float", "int") else ("real", "float", "int")
    return tuple(tag for f in families for tag in TRACES.get((cls, f), ()))

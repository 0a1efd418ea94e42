"""What a requirement tag of any name is about, read from its text, and what checks it.

A document may name its tags as it likes (`E_DIV_FLOAT_CONSTR_A_0020`,
`[R7]`...).  A tag is classified by the words of its text into one of the
classes below, and traced to the built-in requirements of its section's
family whose obligations check that class.  A text that fits no class has no
formal reading: the tag is informal (an information line, never a defect).
"""

from __future__ import annotations

import re

from divbridge.document.prose import plain_text

# class -> words that say it, in the order tried (the first that fits wins)
CLASSES = (
    ("shape consistency", r"\bshapes?\b|\bbroadcast|\bdimensions?\b|\brank\b"),
    ("overflow", r"overflow|smallest\s+value|int_?min|does\s+not\s+fit|not\s+representable|most\s+negative"),
    ("error condition", r"\berror"),
    ("function", r"c\s*\[\s*i\s*\]|\bquotient|\bresult|\bsign\b|\bround|\btruncat|\bfractional"),
    ("definition domain", r"≠\s*0|non[- ]?zero|\bno\s+zero|not\s+(?:be\s+)?(?:zero|0)\b|different\s+from\s+0"
                          r"|division\s+by\s+(?:0|zero)|\bdomain\b|precondition|\bzero\b"),
    ("type consistency", r"\btypes?\b|\bdtype\b"),
    ("function", r"\bdivi(?:de|des|sion|ding)|\bcomput|/|\bnan\b|\binf"),
)

# (class, family) -> the built-in requirement tags whose obligations check it
TRACES = {
    ("shape consistency", "all"): ("R1",),
    ("type consistency", "all"): ("R2", "E_DIV_TYPES_0010"),
    ("overflow", "int"): ("E_DIV_INT_CONSTR_AB_0020",),
    ("overflow", "float"): ("E_DIV_FLOAT_DEF_0010",),
    ("error condition", "int"): ("E_DIV_INT_CONSTR_B_0010", "E_DIV_INT_CONSTR_AB_0020"),
    ("error condition", "real"): ("E_DIV_REAL_CONSTR_B_0010",),
    ("error condition", "float"): ("E_DIV_FLOAT_DEF_0030", "E_DIV_FLOAT_DEF_0040"),
    ("definition domain", "real"): ("E_DIV_REAL_CONSTR_B_0010",),
    ("definition domain", "int"): ("E_DIV_INT_CONSTR_B_0010",),
    ("definition domain", "float"): ("E_DIV_FLOAT_DEF_0030", "E_DIV_FLOAT_DEF_0040"),
    ("function", "real"): ("E_DIV_REAL_DEF_0010",),
    ("function", "int"): ("E_DIV_INT_DEF_0010",),
    ("function", "float"): tuple(f"E_DIV_FLOAT_DEF_00{n}0" for n in range(1, 8)),
}


def classify(text: str) -> str | None:
    plain = plain_text(text)
    for name, words in CLASSES:
        if re.search(words, plain):
            return name
    return None


def traces(cls: str, family: str) -> tuple[str, ...]:
    """The built-in tags checking a class in a family; a section of no one family traces to every family's."""
    if (cls, "all") in TRACES:
        return TRACES[(cls, "all")]
    families = (family,) if family in ("real", "float", "int") else ("real", "float", "int")
    return tuple(tag for f in families for tag in TRACES.get((cls, f), ()))

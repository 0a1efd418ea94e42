"""The operators' words the reader knows in every document, taken from the descriptions in the registry.

A description whose wording is shared (`operators.reading.Wording.shared`) gives its words to every
document, whichever operator it specifies: the names of its operands, its result's nouns, its gerund and the
forms of its verb.  Each is a tuple of plain words; `alternatives` makes one a regular expression's
alternatives (the statement grammar, `document.grammar`, takes every operator's words itself).  The LaTeX macros that write an operator (``\\times``, ``\\cdot``), the words of the operator
of infix ``*`` and the nodes of an integer expression tree come from every description.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from divbridge import operators

_SHARED = tuple(op for op in operators.OPERATORS.values() if op.wording.shared)
# what a document that names no operator divbridge knows is read with: the shared words' operator
READ_WITH = _SHARED[0]

A_NAMES = tuple(name for op in _SHARED for name in (op.vocabulary.roles[0], *op.wording.operands[0]))
B_NAMES = tuple(name for op in _SHARED for name in (op.vocabulary.roles[1], *op.wording.operands[1]))
NOUNS = tuple(noun for op in _SHARED for noun in op.vocabulary.result_nouns)
GERUNDS = tuple(op.vocabulary.gerund for op in _SHARED)
VERB_FORMS = tuple(op.wording.verb_forms for op in _SHARED if op.wording.verb_forms)

# the words of the registry's operator whose infix is "*": a sign phrase combines two signs as that operator
# combines numbers, "the <noun> of the signs", "the signs <participle>"
_TIMES = tuple(op for op in operators.OPERATORS.values() if op.vocabulary.infix == "*")
TIMES_NOUNS = tuple(noun for op in _TIMES for noun in op.vocabulary.result_nouns)
TIMES_PARTICIPLES = tuple(verb.split()[0] for op in _TIMES for verb in op.vocabulary.verbs if verb.endswith(" by"))

# a LaTeX macro among an operator's symbols (\times, \cdot) -> its infix
MACROS = {symbol[1:]: op.vocabulary.infix for op in operators.OPERATORS.values() for symbol in op.vocabulary.symbols
          if re.fullmatch(r"\\[A-Za-z]+", symbol)}

# the node of an integer expression tree for x <infix> y: the lowercase name of the registry's operator of that
# infix (x + y is ``(NODES["+"], x, y)``), as the evidence has always spelled the trees
NODES = {op.vocabulary.infix: op.name.lower() for op in operators.OPERATORS.values() if op.vocabulary.infix}
INFIXES = {node: infix for infix, node in NODES.items()}


def alternatives(words: Iterable[str], escape: bool = True) -> str:
    """The words as one regular expression's alternatives; one that never matches when there is none."""
    return "|".join(re.escape(w) if escape else w for w in words) or "(?!)"

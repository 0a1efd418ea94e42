"""What a phrase says the sign of a zero or infinite result is: a small grammar whose parts combine.

A sign phrase ("the xor of both signs", "that of the first operand", "the
same sign as B", "positive", "the exclusive or of the signs of A and the
zero", "negative", "whose sign is the sign of B") is parsed by a
Lark grammar (an Earley parser: the phrasings are ambiguous where "a" is an
operand or an article) into a `Sign`:

- whose signs it combines: the operands A and B under any of their names
  (A, x, B, y and the names the registry's descriptions give them: `document.lexicon`),
  "both" / "the operands" / "their", and, inside a special-value case, "the
  zero" (Z) and "the infinity" (I): the operand of that class, named by the
  case (`Sign.resolved`);
- how: the signs combined (the exclusive or of the sign bits, however it is
  said, "the signs of ..." included), a single sign ("the sign of", "that of", "the same as"),
  its opposite ("the opposite of", "minus"), or a fixed sign ("positive",
  "negative", "+", "-").

The grammar reads a phrase whole, in any order its parts come ("the
signs' xor", "B's sign", "the sign of A and B combined"); a phrase it
does not parse is not a sign phrase, never guessed at.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from lark import Lark, Transformer
from lark.exceptions import LarkError

from divbridge.document import lexicon

_GRAMMAR = r"""
start: lead? sign

lead: LEADWORD+ ("the" | ARTICLE)? signword? verb?
    | "whose" signword verb
    | "signed" ("as" | "like" | "by")
    | ("the" | "its" | "their")? signword verb
    | "and"? "it"? "has"? "the"? signword verb?
    | verb
verb: "is" | "are" | "equal" "to" | "equals" | "being" | "set" "to" | "follows" | "that" "is" | "of"
    | DECIDED ("by" | "from" | "with" | "as" | "according" "to" | "using")?
DECIDED: "determined" | "given" | "defined" | "computed" | "obtained" | "derived" | "deduced" | "taken" | "inferred"
       | "decided" | "set" 

?sign: fixed | combined | single | same | opposite

fixed: ARTICLE? POSITIVE signword? -> positive
     | ARTICLE? NEGATIVE signword? -> negative
     | "+" -> positive
     | "-" -> negative

combined: "the"? COMBINE "of" signs
       | signs ({participles}"xored" | "combined" | {nouns}"exclusive" "or")
       | signs
       | "the"? operands "'s"? signword? COMBINE
       | "the"? COMBINE "of" operands
signs: "the"? "both"? SIGNS ("of" operands)?
     | "their" SIGNS
     | "the"? operands "'s"? SIGNS
     | "both"? "operands" "'s"? SIGNS

single: "the"? SIGN "of" operand
      | "the"? SIGN "of" operands
      | "the"? operand "'s"? SIGN
      | "that" "of" operand
same: "the"? "same" SIGN? ("as" | "that") (single | operand)
    | ("equal" "to" | "identical" "to") (single | operand)
opposite: "the"? ("opposite" | "inverse" | "reverse") SIGN? ("of" | "to" | "as") (single | combined | operand)
        | ("minus" | "-") (single | combined)
        | "opposite" "to" (single | combined | operand)

operands: operand (("and" | "," | "and" "of" | "," "and") operand)+
        | "both" "operands" | "the"? "operands" | "the"? "inputs" | "both" "inputs" | "the" "two" "operands"
operand: "the"? OPERAND "'s"? | ARTICLE "'s"?

signword: SIGN | SIGNS
LEADWORD: "carrying" | "with" | "having" | "taking" | "bearing" | "keeping" | "getting" | "of" | "carries" | "carry"
        | "has" | "have" | "takes" | "take" | "gets" | "get" | "follows" | "follow" | "is" | "are" | "equals"
ARTICLE: "a" | "an"
POSITIVE: "positive" | "plus"
NEGATIVE: "negative"
SIGN: "sign" | "sign bit"
SIGNS: "signs" | "sign bits"
COMBINE: {nouns}"xor" | "exclusive or" | "exclusive-or" | "exclusive disjunction"
OPERAND: {operands}"b" | "x" | "y" | "zero" | "infinity"
       | "zero operand" | "infinite operand"

%import common.WS
%ignore WS
"""


def _strings(names) -> str:
    """Names as a grammar's first alternatives: ``"b" | "x" | `` before the others."""
    return "".join(f'"{name}" | ' for name in names)


# the operands' names of the registry's descriptions (A's first); the signs combined as the operator of
# infix "*" combines numbers: "the <noun> of the signs", "the signs <participle>" (`lexicon.TIMES_NOUNS`)
GRAMMAR = _GRAMMAR.replace("{operands}", _strings((*lexicon.A_NAMES, *lexicon.B_NAMES))) \
    .replace("{nouns}", _strings(lexicon.TIMES_NOUNS)).replace("{participles}", _strings(lexicon.TIMES_PARTICIPLES))

_NAMES = {"a": "A", "an": "A", **{name: "A" for name in lexicon.A_NAMES}, "x": "A", "b": "B",
          **{name: "B" for name in lexicon.B_NAMES}, "y": "B", "zero": "Z", "zero operand": "Z", "infinity": "I",
          "infinite operand": "I"}


@dataclass(frozen=True)
class Sign:
    """The sign a phrase gives: fixed (``+`` / ``-``), or the exclusive or of the sign bits of ``operands``
    (A, B; Z and I: the zero and the infinite operand of a case), inverted when ``negated``."""

    fixed: str = ""
    operands: frozenset = frozenset()
    negated: bool = False

    def resolved(self, zero: str | None = None, infinity: str | None = None) -> "Sign | str":
        """The sign with "the zero" / "the infinity" replaced by the operand of that class in a case (A or B; an
        operand named twice counts once, as `prose.resolve_cases` reads it); a string: why it cannot be (the case
        has no such operand)."""
        operands = set()
        for name in self.operands:
            if name in "ZI":
                which = zero if name == "Z" else infinity
                if which is None:
                    return f"names the sign of 'the {'zero' if name == 'Z' else 'infinity'}' where no operand is one"
                operands.add(which)
            else:
                operands.add(name)
        return Sign(self.fixed, frozenset(operands), self.negated)

    @property
    def code(self) -> str:
        """As the statements spell a sign: ``+``, ``-``, ``xor:AB``, ``xor:A``, ``xor:B``; "" when it is none of
        them (an opposite sign, "the zero" not yet resolved)."""
        if self.fixed:
            return self.fixed
        if self.negated or not self.operands or not self.operands <= {"A", "B"}:
            return ""
        return "xor:" + "".join(sorted(self.operands))

    def __str__(self) -> str:
        if self.fixed:
            return {"+": "positive", "-": "negative"}[self.fixed]
        text = " · ".join(f"sign({o})" for o in sorted(self.operands))
        return f"-({text})" if self.negated else text


class _Meaning(Transformer):
    def positive(self, _):
        return Sign("+")

    def negative(self, _):
        return Sign("-")

    def operand(self, items):
        return frozenset({_NAMES[" ".join(str(items[-1]).split())]})

    def operands(self, items):
        found = frozenset().union(*[i for i in items if isinstance(i, frozenset)])
        return found or frozenset({"A", "B"})

    def signs(self, items):
        named = [i for i in items if isinstance(i, frozenset)]
        return Sign("", named[0] if named else frozenset({"A", "B"}))

    def combined(self, items):
        found = [i for i in items if isinstance(i, (Sign, frozenset))]
        sign = found[0]
        return sign if isinstance(sign, Sign) else Sign("", sign)

    def single(self, items):
        return Sign("", next(i for i in items if isinstance(i, frozenset)))

    def same(self, items):
        found = next(i for i in items if isinstance(i, (Sign, frozenset)))
        return found if isinstance(found, Sign) else Sign("", found)

    def opposite(self, items):
        found = next(i for i in items if isinstance(i, (Sign, frozenset)))
        sign = found if isinstance(found, Sign) else Sign("", found)
        return Sign(sign.fixed and {"+": "-", "-": "+"}[sign.fixed], sign.operands, not sign.negated)

    def start(self, items):
        return items[-1]


@functools.lru_cache(maxsize=1)
def _parser() -> Lark:
    return Lark(GRAMMAR, parser="earley", ambiguity="resolve")


@functools.lru_cache(maxsize=4096)
def sign_of(phrase: str) -> Sign | None:
    """The sign a phrase states (plain lowercase words, `prose.plain`), or None when it is no sign phrase."""
    text = re.sub(r"(\w)\s*'\s*s\b", r"\1 's", phrase.lower())          # "b's", "b ' s" (as `prose.plain` spells it)
    text = re.sub(r"(\w)s\s*'(?=\s|$)", r"\1s 's", text)                  # "operands'", "operands '"
    text = " ".join(re.sub(r"[.;:]", " ", text).split())
    if not text:
        return None
    try:
        return _Meaning().transform(_parser().parse(text))
    except LarkError:
        return None

"""What a phrase says the sign of a zero or infinite result is: the statement grammar's sign phrases, combined.

A sign phrase ("the xor of both signs", "that of the first operand", "the
same sign as B", "positive", "the exclusive or of the signs of A and the
zero", "negative", "whose sign is the sign of B") is a ``sign`` of the
statement grammar (`document.grammar`, `statements.lark`), read here into a
`Sign`:

- whose signs it combines: the operands A and B under any of their names
  (A, x, B, y and the names the registry's descriptions give them), "both" /
  "the operands" / "their", and, inside a special-value case, "the zero" (Z)
  and "the infinity" (I): the operand of that class, named by the case
  (`Sign.resolved`);
- how: the signs combined (the exclusive or of the sign bits, however it is
  said, "the signs of ..." included), a single sign ("the sign of", "that of", "the same as"),
  its opposite ("the opposite of", "minus"), or a fixed sign ("positive",
  "negative", "+", "-").

A phrase the grammar does not parse whole is not a sign phrase, never guessed at.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from lark import Tree

from divbridge.document import grammar
from divbridge.document.latex import text_tokens
from divbridge.document.words import stream


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


_CASE_OPERANDS = {"zero": "Z", "infinity": "I", "infinite": "I"}
_BOTH = frozenset({"A", "B"})


def _operand(tree: Tree) -> frozenset:
    """A ``sign_operand``: A, B, x (A), y (B), "the zero" (Z), "the infinity" (I)."""
    for child in tree.children:
        if isinstance(child, Tree) and child.data == "operand":
            return frozenset({"A" if child.children[0].data == "a" else "B"})
        if isinstance(child, Tree) and child.data == "sign_case_operand":
            return frozenset({_CASE_OPERANDS[str(child.children[0])]})
        if str(child) in ("x", "y"):
            return frozenset({"A" if str(child) == "x" else "B"})
    raise ValueError(f"no operand in {tree}")


def _operands(tree: Tree) -> frozenset:
    named = [_operand(c) for c in tree.children if isinstance(c, Tree) and c.data == "sign_operand"]
    return frozenset().union(*named) if named else _BOTH


def _part(tree: Tree) -> Sign | frozenset:
    """The sign (or the operands) a part of a sign phrase gives."""
    kind = tree.data
    if kind == "positive":
        return Sign("+")
    if kind == "negative":
        return Sign("-")
    if kind == "sign_operand":
        return _operand(tree)
    if kind == "operands":
        return _operands(tree)
    if kind == "signs":
        named = [_operands(c) for c in tree.children if isinstance(c, Tree) and c.data == "operands"]
        return Sign("", named[0] if named else _BOTH)
    parts = [_part(c) for c in tree.children if isinstance(c, Tree) and c.data not in ("combine", "times_noun",
                                                                                       "participle_times")]
    found = parts[0] if parts else _BOTH
    sign = found if isinstance(found, Sign) else Sign("", found)
    if kind == "opposite":
        return Sign(sign.fixed and {"+": "-", "-": "+"}[sign.fixed], sign.operands, not sign.negated)
    return sign                 # combined, single, same


SIGN_KINDS = ("positive", "negative", "combined", "single", "same", "opposite")


def sign_of_tree(tree: Tree) -> Sign:
    """The sign a ``sign`` of the grammar's parse gives (the tree of its kind: positive, combined...)."""
    found = _part(tree)
    return found if isinstance(found, Sign) else Sign("", found)


@functools.lru_cache(maxsize=4096)
def sign_of(phrase: str) -> Sign | None:
    """The sign a phrase states (plain words, its operands a / b written in any case), or None when it is no
    sign phrase."""
    # "a" and "b" name the operands where an operand stands (before "'s", "and", "," or at the end); elsewhere "a"
    # is the article
    text = re.sub(r"\b([ab])\b(?=\s*(?:'\s*s\b|and\b|or\b|,|$))", lambda m: m.group(1).upper(), phrase)
    text = re.sub(r"\s+'\s*s\b", "'s", text)         # "b 's" as written "b's"
    words = stream(text_tokens(text))
    tree = grammar.parse(words, start="sign_start")
    if not isinstance(tree, Tree):
        return None
    sign = next(t for t in tree.iter_subtrees_topdown() if t.data in SIGN_KINDS)
    return sign_of_tree(sign)

"""Obligation statements in readable mathematics.

A statement is plain text such as ``isZero(a) and isFinite(b) -> isZero(a / b)``.
It is rewritten token by token, keeping its spacing: logical words and
comparison digraphs become their mathematical symbols, ``a1`` becomes a
subscripted variable, ``2^-11`` a power, ``/.`` (a floating-point operation) its circled symbol.
Rewriting tokens (rather than parsing a grammar) means every statement gets
rendered, even one whose notation a future obligation extends.
"""

from __future__ import annotations

import html
import re

_TOKEN = re.compile(r"""
    (?P<space>\s+)
  | (?P<sup>\^-?\d+)
  | (?P<op>->|<->|<=|>=|!=|/\.|[-+*/=<>|(),\[\]:])
  | (?P<number>\d+(?:\.\d+)?)
  | (?P<word>[A-Za-z_][A-Za-z0-9_']*)
  | (?P<other>.)
""", re.VERBOSE)

_OPERATORS = {"->": "\u27f9", "<->": "\u27fa", "<=": "\u2264", ">=": "\u2265", "!=": "\u2260",
              "/.": "\u2298", "*": "\u00b7", "-": "\u2212"}
_WORDS = {"and": "\u2227", "or": "\u2228", "not": "\u00ac", "xor": "\u2295", "inf": "\u221e", "nan": "NaN"}
_SUPERSCRIPT = str.maketrans("-0123456789", "\u207b\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079")
_SUBSCRIPT = str.maketrans("0123456789", "\u2080\u2081\u2082\u2083\u2084\u2085\u2086\u2087\u2088\u2089")
_INDEXED = re.compile(r"([A-Za-z])(\d+)")


def _tokens(statement: str) -> list[tuple[str, str]]:
    tokens = [(m.lastgroup, m.group()) for m in _TOKEN.finditer(statement)]
    # "not isZero(b)" reads as "¬isZero(b)": a negation binds to what follows it
    return [token for index, token in enumerate(tokens)
            if not (token[0] == "space" and index and tokens[index - 1] == ("word", "not"))]


def to_unicode(statement: str) -> str:
    """The statement with mathematical symbols, for Markdown and plain text."""
    out = []
    for kind, text in _tokens(statement):
        if kind == "op":
            out.append(_OPERATORS.get(text, text))
        elif kind == "sup":
            out.append(text[1:].translate(_SUPERSCRIPT))
        elif kind == "word":
            indexed = _INDEXED.fullmatch(text)
            out.append(_WORDS.get(text) or (indexed[1] + indexed[2].translate(_SUBSCRIPT) if indexed else text))
        else:
            out.append(text)
    return "".join(out)


def to_html(statement: str) -> str:
    """The statement as escaped HTML: symbols, <var> for variables, <sup>/<sub>."""
    tokens = _tokens(statement)
    out = []
    for index, (kind, text) in enumerate(tokens):
        if kind == "op":
            symbol = html.escape(_OPERATORS.get(text, text))
            out.append(f'<span class="op">{symbol}</span>' if text in _OPERATORS and text != "-" else symbol)
        elif kind == "sup":
            out.append(f"<sup>{html.escape(text[1:].replace('-', _OPERATORS['-']))}</sup>")
        elif kind == "word":
            out.append(_word_html(text, _next_significant(tokens, index)))
        else:
            out.append(html.escape(text))
    return "".join(out)


def _next_significant(tokens: list[tuple[str, str]], index: int) -> str:
    for kind, text in tokens[index + 1:]:
        if kind != "space":
            return text
    return ""


def _word_html(word: str, following: str) -> str:
    if word in _WORDS:
        return f'<span class="op">{_WORDS[word]}</span>'
    indexed = _INDEXED.fullmatch(word)
    if following == "(" or word.isupper() and len(word) > 1 or "_" in word:
        return f'<span class="fn">{html.escape(word)}</span>'  # functions, predicates, named constants
    if indexed:
        return f"<var>{indexed[1]}<sub>{indexed[2]}</sub></var>"
    if len(word) == 1:
        return f"<var>{word}</var>"
    return html.escape(word)  # an English word of a comment ("expected to fail")

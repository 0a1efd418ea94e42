"""Reading an integer section's wrap-around, as the working group writes it: `k.2^n` case analyses and sentences.

The WG states a wrapping operator's integer result as a case analysis over
integer expressions (``A[i] \\times B[i] - k.2^{n} & \\text{if } A[i] \\times
B[i] > 2^{n}-1``), whose multiples of ``2^n`` are introduced by a sentence
("with $k \\in \\mathbb{N}$ such that $0 \\le ... \\le 2^n-1$"), for the
types a lead-in names ("For an unsigned type of $n$ bits:"), or in words
("the exact <noun> minus a multiple of $2^n$ that brings it into the type's
range").  This module reads them into `meaning.Wrap` statements over plain
expression trees (`Expr`, `Cond` below); `obligations.document` groups them
into claims and `statements.wraparound` encodes those exactly.

Expressions: ``("A",)``, ``("B",)``, ``("var", "k_1")``, ``("num", 5)``,
``("pow2", o)`` (2^(n+o), n the type's bits), ``("min",)`` / ``("max",)`` (the
type's range), ``(node, x, y)`` for x + y, x - y and x * y (the node of each infix: `lexicon.NODES`),
``("neg", x)``.
Conditions: ``("cmp", op, x, y)`` (op one of < > ≤ ≥ = ≠), ``("and", parts)``,
``("or", parts)``, ``("otherwise",)`` (no earlier row applies).
Anything else raises `LatexError` at the token where reading stopped.
"""

from __future__ import annotations

import re

from divbridge.document import lexicon, meaning
from divbridge.document.formula import _Stream
from divbridge.document.latex import LatexError, Token
from divbridge.operators.model import Operator

Expr = tuple
Cond = tuple

_COMPARISONS = ("<", ">", "≤", "≥", "=", "≠")
_TIMES = ("*", "·", ".", "\\cdot", "×")
_PLUS, _MINUS, _TIMES_NODE = lexicon.NODES["+"], lexicon.NODES["-"], lexicon.NODES["*"]


def exact(op: Operator) -> Expr | None:
    """The operator's exact integer result (``A op B``), or None for an operator that does not wrap."""
    return (lexicon.NODES[op.vocabulary.infix], ("A",), ("B",)) \
        if op.integer.kind == "wrap" and op.arity == 2 and op.vocabulary.infix else None


def _flat(items) -> list[Token]:
    """The tokens with the WG's juxtapositions spelled out: ``k.2`` (a word and the number ``.2``) is
    ``k * 2``; ``k_{1.2}`` (pylatexenc reads ``k_1.2^n`` so) is ``k_1 * 2``."""
    out = []
    for t in items:
        if t.kind == "number" and t.text.startswith(".") and out and out[-1].kind in ("word", "var"):
            out += [Token("sym", "*", t.pos), Token("number", t.text[1:], t.pos)]
        elif t.kind == "subscript" and out and out[-1].kind == "word" and out[-1].text in ("k", "m") and t.parts \
                and len(t.parts[0]) == 1 and t.parts[0][0].kind in ("number", "word"):
            index, _, factor = t.parts[0][0].text.partition(".")
            out[-1] = Token("var", f"{out[-1].text}_{index}", out[-1].pos)
            if factor:
                out += [Token("sym", "*", t.pos), Token("number", factor, t.pos)]
        elif t.kind in ("macro",) or (t.kind == "word" and t.text in ("quad", "qquad")):
            continue
        else:
            out.append(t)
    return out


class _Reader(_Stream):
    """The formula grammar's token stream (`formula._Stream`) over the flattened tokens, taking any one of
    several words."""

    def __init__(self, items):
        super().__init__(_flat(items))

    def is_(self, *texts: str) -> bool:
        t = self.peek()
        return t is not None and t.kind in ("sym", "word", "number") and t.text.lower() in texts

    def take(self, *texts: str) -> bool:
        if self.is_(*texts):
            self.i += 1
            return True
        return False

    # -- expressions --
    def expression(self) -> Expr:
        value = ("neg", self.term()) if self.take("-") else self.term()
        while self.is_("+", "-"):
            node = _PLUS if self.peek().text == "+" else _MINUS
            self.i += 1
            value = (node, value, self.term())
        return value

    def term(self) -> Expr:
        value = self.factor()
        while self.is_(*_TIMES):
            self.i += 1
            value = (_TIMES_NODE, value, self.factor())
        return value

    def factor(self) -> Expr:
        t = self.peek()
        if t is None:
            self.fail("an expression")
        if self.take("("):
            inner = self.expression()
            if not self.take(")"):
                self.fail("an expression")
            return inner
        if t.kind == "var" or (t.kind == "word" and t.text in ("k", "m")):
            self.i += 1
            return ("var", t.text)
        if t.kind == "word" and t.text in ("A", "B"):
            self.i += 1
            if self.take("["):
                if not (self.take("i") and self.take("]")):
                    self.fail("an operand")
            elif self.peek() is not None and self.peek().kind == "subscript":     # A_i
                self.i += 1
            return (t.text,)
        if t.kind == "number" and re.fullmatch(r"\d+", t.text):
            self.i += 1
            power = self.peek()
            if power is not None and power.kind == "superscript":
                if t.text != "2":
                    self.fail("a power of two")
                self.i += 1
                return _power(power)
            return ("num", int(t.text))
        self.fail("an expression")

    # -- conditions --
    def comparison(self) -> Cond:
        left = self.expression()
        links = []
        while self.is_(*_COMPARISONS):
            op = self.peek().text
            self.i += 1
            right = self.expression()
            links.append(("cmp", op, left, right))
            left = right
        if not links:
            self.fail("a comparison")
        return links[0] if len(links) == 1 else ("and", tuple(links))

    def conjunction(self) -> Cond:
        parts = [self.comparison()]
        while self.is_("and", "∧", ",") and not self.bound_follows(self.i + 1):
            self.i += 1
            parts.append(self.comparison())
        return parts[0] if len(parts) == 1 else ("and", tuple(parts))

    def condition(self) -> Cond:
        parts = [self.conjunction()]
        while self.take("or", "∨"):
            parts.append(self.conjunction())
        return parts[0] if len(parts) == 1 else ("or", tuple(parts))


    def bound_follows(self, at: int) -> bool:
        """Whether the tokens from ``at`` introduce multiples ("k_2 \\in N ..."): a bound of its own."""
        while at < len(self.items) and _is_multiple(self.items[at]):
            at += 1
            if at < len(self.items) and self.items[at].text in (",", "and"):
                at += 1
        return at < len(self.items) and self.items[at].text in ("∈", "in") and _is_multiple(self.items[at - 1])


def _is_multiple(t: Token) -> bool:
    return t.kind == "var" or (t.kind == "word" and t.text in ("k", "m"))


def _power(token: Token) -> Expr:
    """2^{n}, 2^{n-1}, 2^n + ..., 2^{8}: the exponent n plus a constant, or a constant."""
    exponent = [t for t in (token.parts[0] if token.parts else ()) if t.kind != "space"]
    texts = [t.text for t in exponent]
    if texts == ["n"]:
        return ("pow2", 0)
    if len(texts) == 3 and texts[0] == "n" and texts[1] in ("+", "-") and texts[2].isdigit():
        return ("pow2", int(texts[2]) * (1 if texts[1] == "+" else -1))
    if len(texts) == 1 and texts[0].isdigit():
        return ("num", 2 ** int(texts[0]))
    raise LatexError(f"cannot read the power 2^{{{''.join(texts)}}}", token.pos)


def _without_lead(items) -> list:
    items = [t for t in items if not (t.kind == "sym" and t.text in (",", ".", ";", ":"))] if items else []
    while items and items[0].kind == "word" and items[0].text.lower() in ("if", "when", "where"):
        items = items[1:]
    return items


def row(result_tokens, condition_tokens) -> meaning.Wrap:
    """A row of an integer case analysis: ``A[i] + B[i] - 2^{n} & \\text{if } A[i] + B[i] > 2^{n}-1``."""
    result = _Reader(_without_lead(result_tokens))
    expression = result.expression()
    if not result.at_end():
        result.fail("the row's result")
    words = [t.text.lower() for t in _without_lead(condition_tokens)]
    if words in (["otherwise"], ["else"], ["in", "all", "other", "cases"]):
        return meaning.Wrap("case", ("otherwise",), expression)
    where = _Reader(_without_lead(condition_tokens))
    condition = where.condition()
    if not where.at_end():
        where.fail("the row's condition")
    if not _mentions_operand(expression) and not _mentions_operand(condition):
        where.fail("a case about the operands")
    return meaning.Wrap("case", condition, expression)


def _mentions_operand(tree) -> bool:
    return isinstance(tree, tuple) and (tree in (("A",), ("B",)) or any(_mentions_operand(t) for t in tree[1:]))


def _variables(r: _Reader) -> tuple[str, ...]:
    names = []
    while True:
        t = r.peek()
        if t is not None and _is_multiple(t):
            names.append(t.text)
            r.i += 1
            if r.take(",", "and"):
                continue
        return tuple(names)


def _bounds(items) -> list[meaning.Wrap]:
    """"with $k_1, k_2 \\in \\mathbb{N}$ such that $... \\le ... \\le ...$ and $...$" (or one such clause per
    multiple, joined by "and"): the multiples' domain and what they satisfy.  []: not a sentence of this kind."""
    r = _Reader([t for t in items if not (t.kind == "sym" and t.text in (".", ";", ":", "$"))])
    r.take("with", "where")
    found = []
    while not r.at_end():
        if found and not r.take("and", ",") and not r.bound_follows(r.i):   # one clause per line, no "and"
            r.fail("the condition")
        names = _variables(r)
        if not names or not r.take("∈", "in"):
            return found
        domain = r.peek()
        if domain is None or domain.text not in ("N", "Z", "ℕ", "ℤ"):
            r.fail("the domain of the multiple (ℕ or ℤ)")
        r.i += 1
        condition = None
        if r.take("such"):
            if not r.take("that"):
                r.fail("'such that'")
            condition = r.condition()
        found.append(meaning.Wrap("bound", condition, None, names, "N" if domain.text in ("N", "ℕ") else "Z"))
    return found


# a lead-in, ending in a colon, and nothing more: "for signed types, the result is ..." states a claim of its own
_SCOPE = re.compile(r"^for (?:an? |the )?(unsigned|signed) (?:types?|values|integers?)\b[^:;.]*:$", re.I)


def _plain(text: str) -> str:
    text = re.sub(r"[$`*]|\\[,;!]|\\left|\\right", "", text)
    text = re.sub(r"\\text(?:rm)?\{([^}]*)\}", r"\1", text)
    text = re.sub(r"\{([^{}]*)\}", r"\1", text)
    return " ".join(text.replace("’", "'").split()).strip(" .").lower()


def _clauses(op: Operator, x: Expr) -> list[tuple[re.Pattern, object]]:
    """The sentences in words, each clause with what it states (a statement, or a function of the match)."""
    noun = "|".join(map(re.escape, op.vocabulary.result_nouns))
    multiple = (_MINUS, x, ("var", "m"))                                  # x minus the multiple m
    wrapped = (_MINUS, x, (_TIMES_NODE, ("var", "m"), ("pow2", 0)))     # x minus m times 2^n
    wraps = (meaning.Wrap("case", None, wrapped),
             meaning.Wrap("bound", ("and", (("cmp", "≤", ("min",), wrapped), ("cmp", "≤", wrapped, ("max",)))),
                          None, ("m",), "Z"))
    beyond = {"above": ("cmp", "≤", x, ("max",)), "below": ("cmp", "≥", x, ("min",))}
    return [
        (re.compile(rf"^(?:the (?:{noun}) |it )?wraps around(?: modulo 2\^n)?(?: into the type's range)?$"), wraps),
        (re.compile(rf"^(?:it|the (?:{noun})) is the exact (?:{noun}) minus a multiple of 2\^n(?:, for a type of n "
                    r"bits,)? that brings it (?:in|back in)to the type's range$"), wraps),
        (re.compile(rf"^(?:an?|the) (?:{noun}) of two operands of the type leaves the range by less than 2\^n$"),
         (meaning.Wrap("fact", ("and", (("cmp", "<", (_MINUS, ("min",), ("pow2", 0)), x),
                                        ("cmp", "<", x, (_PLUS, ("max",), ("pow2", 0))))), None),)),
        (re.compile(r"^(?:so |hence |thus )?the multiple is ((?:-?(?:2\^n|0)(?:, | or |, or )?)+)$"),
         lambda m: (meaning.Wrap("case", None, multiple),
                    meaning.Wrap("bound", ("or", tuple(("cmp", "=", ("var", "m"), _literal(v))
                                                       for v in re.split(r", or |, | or ", m.group(1)))),
                                 None, ("m",), "Z"))),
        (re.compile(rf"^for an? (unsigned|signed) type,? the exact (?:{noun}) is never (above|below) the range"
                    r"(?:, only (?:below|above) it)?$"),
         lambda m: (meaning.Wrap("fact", beyond[m.group(2)], None, scope=m.group(1)),)),
    ]


def _literal(text: str) -> Expr:
    value = ("pow2", 0) if text.lstrip("-") == "2^n" else ("num", 0)
    return ("neg", value) if text.startswith("-") else value


def sentence(items, text: str, op: Operator) -> meaning.Reading | None:
    """A sentence of an integer section about the wrap-around, or None when it is not one."""
    x = exact(op)
    if x is None:
        return None
    plain = _plain(text)
    if plain in ("with", "with:", "where", "where:"):
        return meaning.understood(meaning.NoClaim("introduces the multiples' conditions that follow"))
    if _SCOPE.match(plain):
        return meaning.understood(meaning.Wrap("scope", scope=_SCOPE.match(plain).group(1)))
    if any(t.kind == "sym" and t.text == "∈" for t in items):
        try:
            found = _bounds(items)
        except LatexError as exc:
            return meaning.not_understood(f"the multiples' condition cannot be read: {exc}")
        return meaning.understood(*found) if found else None
    statements: list = []
    for clause in re.split(r"[:;] |, so |\. ", plain):
        for pattern, states in _clauses(op, x):
            m = pattern.match(clause.strip())
            if m:
                statements += states(m) if callable(states) else states
                break
        else:
            return None
    statements = list(dict.fromkeys(statements))     # "wraps around: it is ... minus a multiple": one claim
    return meaning.understood(*statements) if statements else None

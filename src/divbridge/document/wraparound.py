"""Reading an integer section's wrap-around, as the working group writes it: `k.2^n` case analyses and sentences.

The WG states a wrapping operator's integer result as a case analysis over
integer expressions (``A[i] \\times B[i] - k.2^{n} & \\text{if } A[i] \\times
B[i] > 2^{n}-1``), whose multiples of ``2^n`` are introduced by a sentence
("with $k \\in \\mathbb{N}$ such that $0 \\le ... \\le 2^n-1$"), for the
types a lead-in names ("For an unsigned type of $n$ bits:"), or in words
("the exact <noun> minus a multiple of $2^n$ that brings it into the type's
range").  The statement grammar (`statements.lark`) parses the sentences; this
module reads the parses, and the rows and the multiples' conditions (integer
expressions, in math), into `meaning.Wrap` statements over plain expression
trees (`Expr`, `Cond` below); `obligations.document` groups them
into claims and `statements.wraparound` encodes those exactly.

Expressions: ``("A",)``, ``("B",)`` (``("C",)``: an operand by its position, `operators.model.OPERANDS`),
``("var", "k_1")``, ``("num", 5)``,
``("pow2", o)`` (2^(n+o), n the type's bits), ``("min",)`` / ``("max",)`` (the
type's range), ``(node, x, y)`` for x + y, x - y and x * y (the node of each infix: `lexicon.NODES`),
``("neg", x)``; a truth value (a comparison's result: Less's) ``("bool", 1)`` or ``("bool", 0)``.
Conditions: ``("cmp", op, x, y)`` (op one of < > ≤ ≥ = ≠), ``("and", parts)``,
``("or", parts)``, ``("otherwise",)`` (no earlier row applies).
Anything else raises `LatexError` at the token where reading stopped.
"""

from __future__ import annotations

import re

from lark import Token as LarkToken, Tree

from divbridge import terms
from divbridge.document import lexicon, meaning
from divbridge.document.formula import _Stream, _truth
from divbridge.document.latex import LatexError, Token
from divbridge.operators.model import OPERANDS, Operator

Expr = tuple
Cond = tuple

_COMPARISONS = ("<", ">", "≤", "≥", "=", "≠")
_TIMES = ("*", "·", ".", "\\cdot", "×")
_PLUS, _MINUS, _TIMES_NODE = lexicon.NODES["+"], lexicon.NODES["-"], lexicon.NODES["*"]


def exact(op: Operator) -> Expr | None:
    """The operator's exact integer result (``A op B``, ``-A``), its real operation as an expression, or None for an
    operator that does not wrap (or whose real operation is not one of the exact ring operations: +, -, * or
    the negation)."""
    if op.integer.kind != "wrap" or op.operation.real is None or op.arity > 2:
        return None
    applied = op.applied("real")
    return _expression_of(terms.expand(applied) if applied.fn.body is not None else applied,
                          {v.name: (n,) for v, n in zip(op.variables("real"), "AB")})


def _expression_of(term: terms.Term, names: dict[str, Expr]) -> Expr | None:
    """A term of exact integer arithmetic as an expression (`Expr`), or None."""
    if isinstance(term, terms.Var):
        return names.get(term.name)
    if not isinstance(term, terms.App):
        return None
    args = [_expression_of(a, names) for a in term.args]
    if None in args:
        return None
    if term.fn is terms.REAL_NEG:
        return ("neg", args[0])
    if term.fn in (terms.REAL_ADD, terms.REAL_SUB, terms.REAL_MUL):
        return (lexicon.NODES[term.fn.symbol], *args)
    return None


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
        truth = _truth(self)
        if truth is not None:     # a bool input's value (Where's condition[i] = True)
            return ("bool", int(truth))
        if t.kind == "operand" or (t.kind == "word" and t.text in ("A", "B", "X")):   # X: ONNX's name of a
            # single input, A; an operand token: an input made positional (`formula.positional`)
            self.i += 1
            if self.take("["):
                if not (self.take("i") and self.take("]")):
                    self.fail("an operand")
            elif self.peek() is not None and self.peek().kind == "subscript":     # A_i
                self.i += 1
            return ("A",) if t.text == "X" else (t.text,)
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
    truth = _truth(result)
    expression = ("bool", int(truth)) if truth is not None else result.expression()
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
    return isinstance(tree, tuple) and (tree in tuple((o,) for o in OPERANDS) or
                                        any(_mentions_operand(t) for t in tree[1:]))


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


def _words(tree) -> list[str]:
    return [str(tree)] if isinstance(tree, LarkToken) else [w for c in tree.children for w in _words(c)]


def _multiple(tree: Tree) -> Expr:
    words = _words(tree)
    value = ("pow2", 0) if words[-1] == "^n" else ("num", 0)
    return ("neg", value) if words[0] == "-" else value


def statements_of(tree: Tree, op: Operator, tokens_of) -> list[meaning.Wrap] | str:
    """The wrap-around a parse of the statement grammar states (`statements.lark`'s ``kind_wrap``): the case and the
    multiples of "wraps around" / "the exact <noun> minus a multiple of 2^n that brings it into the type's range",
    the fact "leaves the range by less than 2^n", the multiples "-2^n, 0 or 2^n", the scope of a lead-in ("For an
    unsigned type of n bits:"), the bounds of "with k ∈ ℕ such that ..." (read on ``tokens_of(tree)``, the
    sentence's tokens); a string: why it cannot be read."""
    words = _words(tree)
    if tree.data == "wrap_scope":    # the types what follows is about: any operator's case analysis has one
        return [meaning.Wrap("scope", scope="unsigned" if "unsigned" in words else "signed")]
    x = exact(op)
    if x is None:
        return f"a wrap-around of the exact result, which {op.name}'s integer results are not stated by"
    if any(w.startswith("^") and w != "^n" for w in words) and tree.data != "wrap_bounds":
        return f"a power of two other than 2^n ({', '.join(w for w in words if w.startswith('^'))})"
    if tree.data == "wraps":
        wrapped = (_MINUS, x, (_TIMES_NODE, ("var", "m"), ("pow2", 0)))      # x minus m times 2^n
        return [meaning.Wrap("case", None, wrapped),
                meaning.Wrap("bound", ("and", (("cmp", "≤", ("min",), wrapped), ("cmp", "≤", wrapped, ("max",)))),
                             None, ("m",), "Z")]
    if tree.data == "leaves_range":
        return [meaning.Wrap("fact", ("and", (("cmp", "<", (_MINUS, ("min",), ("pow2", 0)), x),
                                               ("cmp", "<", x, (_PLUS, ("max",), ("pow2", 0))))), None)]
    if tree.data == "multiple_is":
        values = [_multiple(t) for t in tree.iter_subtrees_topdown() if t.data == "multiple_value"]
        return [meaning.Wrap("case", None, (_MINUS, x, ("var", "m"))),
                meaning.Wrap("bound", ("or", tuple(("cmp", "=", ("var", "m"), v) for v in values)), None, ("m",), "Z")]
    if tree.data == "never_beyond":
        scope = "unsigned" if "unsigned" in words else "signed"
        beyond = ("cmp", "≤", x, ("max",)) if "above" in words[:words.index("range")] else ("cmp", "≥", x, ("min",))
        return [meaning.Wrap("fact", beyond, None, scope=scope)]
    try:        # wrap_bounds
        found = _bounds(tokens_of(tree))
    except LatexError as exc:
        return f"the multiples' condition cannot be read: {exc}"
    return found or "no multiple's bound"

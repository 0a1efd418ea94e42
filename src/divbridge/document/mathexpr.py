"""LaTeX formulas as sympy expressions: the relations the accuracy notes write.

pylatexenc's `LatexWalker` parses the LaTeX (macros and their arguments,
groups, positions); this module turns its nodes into tokens and reads the
arithmetic on them (precedence, absolute values, subscripts and superscripts,
indices) into sympy.  What it reads:

- ``\\frac{x}{y}``, ``/``, ``\\cdot``, ``\\times``, ``+``, ``-``, juxtaposition,
  powers ``x^2``, ``|x|``, ``\\left| ... \\right|``, parentheses;
- names: a letter, a run of letters (``round``), ``\\textit{..}``,
  ``\\text{..}``, ``\\operatorname{..}`` ..., with subscripts and
  superscripts that are words (``A_{\\textit{err}}[I]`` is the symbol
  ``A_err``, ``C_{\\textit{err}}^{\\textit{propag}}`` is ``C_err^propag``),
  each indexed or not (``[I]``, ``[i]``: the index letters are kept);
- ``[0]``, ``[0.5]``: a tensor of that constant, read as the constant;
- functions ``\\max``, ``\\min``, ``\\mathcal{O}`` (`BigO`), and a name
  of several letters applied to parentheses (``ulp(C[i])``, ``round(a/b)``);
- ``\\frac{\\partial f}{\\partial x}``, ``\\frac{dY}{dX}`` (``\\dfrac``, ``\\frac{d Y}{d X}``) and ``\\frac{d|x|}{dx}``: a
  `sympy.Derivative`;
  ``\\sum_{k=0}^{n-1} t``, ``\\max_{0 \\leq i < m} t``;
- ``\\begin{cases} v & \\text{if } x = y \\\\ w & \\text{otherwise} \\end{cases}``: a `sympy.Piecewise`, each row a
  value and its condition (one relation after ``\\text{if }``, or ``\\text{otherwise}``), rows ended by ``\\\\``;
- a prefix ``\\forall i \\in [0, dA_0 - 1], \\forall j \\in [0, dB_1 - 1]`` (`Formula.quantifiers`): each letter bound,
  its element ``C[i, j]`` a `sympy.Indexed`;
- relations ``=``, ``\\leq``/``\\le``, ``<``, ``\\geq``/``\\ge``, ``>``,
  ``\\neq``, chained.

Anything else is a `LatexError` with the offset where reading stopped: the
caller reports the formula as not understood, never guesses.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

import sympy
from pylatexenc.latexwalker import (LatexCharsNode, LatexCommentNode, LatexEnvironmentNode, LatexGroupNode,
                                    LatexMacroNode, LatexMathNode, LatexSpecialsNode, LatexWalker, LatexWalkerError,
                                    get_default_latex_context_db)
from pylatexenc.macrospec import MacroSpec

from divbridge.document import lexicon
from divbridge.document.latex import MAX_NESTING, too_deep

RELATIONS = {"=": "=", "<": "<", ">": ">", "leq": "<=", "le": "<=", "leqslant": "<=", "geq": ">=", "ge": ">=",
             "geqslant": ">=", "neq": "!=", "ne": "!="}
_TEXT_MACROS = {"textit", "text", "textrm", "mathrm", "mathit", "textbf", "mathbf", "operatorname", "textsf",
                "mathsf", "boldsymbol", "bm", "emph"}
_IGNORED = {"left", "right", "bf", "it", "rm", "displaystyle", "textstyle", ",", ";", "!", ":", " ", "quad", "qquad",
            "bigl", "bigr", "Bigl", "Bigr", "big", "Big"}
_OPERATORS = {**lexicon.MACROS, "ast": "*", "vert": "|", "lvert": "|", "rvert": "|", "mid": "|",
              "{": "(", "}": ")", "lbrace": "(", "rbrace": ")"}
_FUNCTIONS = {"max", "min", "exp", "log", "ln", "sin", "cos", "tanh", "sinh", "cosh", "sqrt"}
_CHARS = re.compile(r"\s+|(?P<num>\d+(?:\.\d+)?|\.\d+)|(?P<name>[A-Za-z]+)|(?P<op><=|>=|!=|[-+*/=<>|()\[\],^_'!.])")


class LatexError(ValueError):
    """A formula this module cannot read; ``offset`` is where in the text reading stopped.
    ``malformed``: the text is not a formula at all (unbalanced, an operator without its operand),
    as opposed to one written with commands or words this module does not know."""

    def __init__(self, message: str, offset: int, malformed: bool = False):
        super().__init__(message)
        self.offset = offset
        self.malformed = malformed


class BigO(sympy.Function):
    """Landau's O(x): some term bounded by a constant times x as the errors tend to zero."""


class Largest(sympy.Function):
    """``\\max_{0 \\leq i < m, 0 \\leq j < n} |A[i, j]|``: the largest value of its first argument as each index
    (a ``(letter, first, last)`` tuple after it) runs over its range."""


def index_symbol(letter: str) -> sympy.Symbol:
    """The integer symbol of an index a summation or a maximum binds (``k``)."""
    return sympy.Symbol(letter, integer=True)


def _ranges(tokens: list, pos: int, outer) -> list[tuple[str, sympy.Expr, sympy.Expr]]:
    """``0 \\leq i < m, 0 \\leq j < n``: each letter with its first and last value."""
    found = []
    parts: list[list] = [[]]
    for token in tokens:
        if token.kind == "op" and token.value == ",":
            parts.append([])
        else:
            parts[-1].append(token)
    for part in parts:
        rels = [k for k, t in enumerate(part) if t.kind == "rel"]
        if len(rels) != 2 or rels[1] != rels[0] + 2 or part[rels[0] + 1].kind != "name":
            raise LatexError("a maximum whose range is not «first <= i < end»", pos)
        low, high = outer.group(part[:rels[0]], pos), outer.group(part[rels[1] + 1:], pos)
        first, last = part[rels[0]].value, part[rels[1]].value
        if first not in ("<", "<=") or last not in ("<", "<="):
            raise LatexError("a maximum whose range is not «first <= i < end»", pos)
        found.append((part[rels[0] + 1].value, low + int(first == "<"), high - int(last == "<")))
    return found


ulp = sympy.Function("ulp")
rounded = sympy.Function("round")


@dataclass(frozen=True)
class Formula:
    """A formula read: the expressions between its relation signs, the index letters it uses."""

    text: str
    parts: tuple[sympy.Expr, ...]
    relations: tuple[str, ...]         # "=", "<=", "<", ">=", ">", "!=" between consecutive parts
    indices: frozenset[str]            # "I", "i", "i,j" ...
    names: frozenset[str]              # every symbol and function name
    # \forall i \in [first, last], ...: each letter with its first and last value (the formula holds for each)
    quantifiers: tuple[tuple[str, sympy.Expr, sympy.Expr], ...] = ()

    @property
    def is_relation(self) -> bool:
        return bool(self.relations)


@dataclass(frozen=True)
class _Token:
    kind: str            # num | name | func | op | rel | group | frac
    value: object
    pos: int
    text: str = ""       # as written, for messages (``\cdot`` for the operator *)


@lru_cache(maxsize=1)
def _context():
    db = get_default_latex_context_db()
    db.add_context_category("divbridge", prepend=True, macros=[
        MacroSpec("operatorname", "{"), MacroSpec("dfrac", "{{"), MacroSpec("tfrac", "{{"),
        MacroSpec("mathcal", "{"), MacroSpec("textsf", "{"), MacroSpec("mathsf", "{"), MacroSpec("bm", "{"),
        MacroSpec("boldsymbol", "{"), MacroSpec("hat", "{"), MacroSpec("widehat", "{"), MacroSpec("tilde", "{"),
        MacroSpec("bar", "{"), MacroSpec("overline", "{"), MacroSpec("textcolor", "{{")])
    return db


# the standard functions a formula names (``\exp``, ``\tanh``...): what they are in mathematics
STANDARD_FUNCTIONS = {"exp": sympy.exp, "log": sympy.log, "ln": sympy.log, "sin": sympy.sin, "cos": sympy.cos,
                      "tanh": sympy.tanh, "sinh": sympy.sinh, "cosh": sympy.cosh, "sqrt": sympy.sqrt}


def standard(expr: sympy.Basic) -> sympy.Basic:
    """``expr`` with the standard functions it names made sympy's (``exp(x)`` is e^x), and ``e`` Euler's
    number: kept apart from `parse`, which reads the notation and gives every function a name only."""
    replaced = expr.replace(lambda f: isinstance(f, sympy.core.function.AppliedUndef)
                            and str(f.func) in STANDARD_FUNCTIONS,
                            lambda f: STANDARD_FUNCTIONS[str(f.func)](*f.args))
    return replaced.xreplace({symbol("e"): sympy.E})


def symbol(name: str) -> sympy.Symbol:
    """The real-valued symbol of a name as this module spells it (``A_err``, ``C_err^intro``, ``u``)."""
    return sympy.Symbol(name, real=True)


def parse(text: str) -> Formula:
    """Read one formula (no surrounding dollars); LatexError when it cannot be read.  A formula wholly inside one
    pair of parentheses is the relation it holds (``(Y = f(X))``); a parenthesis holding no relation is read as
    before."""
    body = text.rstrip().rstrip(".,;").rstrip()
    inner = _enclosed(body)
    if inner is not None:
        try:
            formula = parse(inner)
        except LatexError:
            formula = None
        if formula is not None and formula.relations:
            return replace(formula, text=text)
    deep = too_deep(body)
    if deep is not None:
        raise LatexError(f"LaTeX nested more than {MAX_NESTING} deep", deep, malformed=True)
    try:
        nodes, _, _ = LatexWalker(body, latex_context=_context(), tolerant_parsing=False).get_latex_nodes()
    except LatexWalkerError as exc:
        raise LatexError(f"LaTeX does not parse: {str(exc).splitlines()[0]}", getattr(exc, "pos", 0) or 0,
                         malformed=True) from None
    tokens = _tokens(nodes)
    reader = _Reader(tokens, len(body))
    quantifiers = reader.quantifiers()
    parts, relations = [reader.expression()], []
    while reader.peek("rel"):
        relations.append(reader.take().value)
        parts.append(reader.expression())
    if reader.index < len(tokens):
        token = tokens[reader.index]
        raise LatexError(f"unexpected {_shown(token)}", token.pos, malformed=token.kind == "op")
    names = frozenset(str(s) for p in parts for s in p.free_symbols) | frozenset(
        str(f.func) for p in parts for f in p.atoms(sympy.Function) if not isinstance(f, (sympy.Abs,)))
    return Formula(text, tuple(parts), tuple(relations), frozenset(reader.indices), names, quantifiers)


def _enclosed(body: str) -> str | None:
    """What is inside the parentheses around the whole of ``body``, None unless one pair encloses it all."""
    if not (body.startswith("(") and body.endswith(")")):
        return None
    depth = 0
    for at, char in enumerate(body):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth == 0:
            return body[1:-1] if at == len(body) - 1 else None
    return None


# -- nodes to tokens ------------------------------------------------------------

def _tokens(nodes) -> list[_Token]:
    out: list[_Token] = []
    nodes = list(nodes or [])
    for number, node in enumerate(nodes):
        if node is None or isinstance(node, LatexCommentNode):
            continue
        if isinstance(node, LatexCharsNode):
            out += _char_tokens(node.chars, node.pos)
        elif isinstance(node, LatexGroupNode):
            if node.delimiters == ("{", "}"):
                out.append(_Token("group", _tokens(node.nodelist), node.pos))
            else:
                out += [_Token("op", "(", node.pos), *_tokens(node.nodelist), _Token("op", ")", node.pos + node.len - 1)]
        elif isinstance(node, LatexMacroNode):
            following = nodes[number + 1] if number + 1 < len(nodes) else None
            # \textbf{Where}(c, x, y): a word written tight against its arguments names a function, not prose
            applied = isinstance(following, LatexCharsNode) and following.chars.startswith("(")
            out += _macro_tokens(node, applied)
        elif isinstance(node, LatexSpecialsNode) and node.specials_chars in ("~",):
            continue
        elif isinstance(node, LatexMathNode):
            out += _tokens(node.nodelist)
        elif isinstance(node, LatexEnvironmentNode) and node.environmentname == "cases":
            out.append(_Token("cases", _cases(node), node.pos))
        else:
            raise LatexError(f"cannot read {node.latex_verbatim()!r} in a formula", node.pos)
    return out


# "\" then a line break or a space: a control space (a space in the formula), not the "\\" that ends a row
_CONTROL_SPACE = re.compile(r"(?<!\\)(?:\\\\)*\\(?=[ \t\r\n])")


def _cases(node: LatexEnvironmentNode) -> list[tuple[list[_Token], list[_Token] | None]]:
    """Each row of a cases environment: its value's tokens and its condition's (None: ``\\text{otherwise}``)."""
    rows: list[list[list]] = [[[]]]
    for child in node.nodelist:
        if isinstance(child, LatexMacroNode) and child.macroname == "\\":
            rows.append([[]])
        elif isinstance(child, LatexSpecialsNode) and child.specials_chars == "&":
            rows[-1].append([])
        else:
            rows[-1][-1].append(child)
    rows = [row for row in rows if len(row) > 1 or any(not _blank(n) for n in row[0])]   # after a last \\
    found = []
    for row in rows:
        if len(row) != 2:
            verbatim = node.latex_verbatim()
            control = _CONTROL_SPACE.search(verbatim)
            why = f"a row of {len(row)} cells in a cases environment (a value and its condition)"
            if control:
                why += (": its «\\» followed by a " + ("line break" if verbatim[control.end()] in "\r\n" else "space")
                        + " is a control space, not the «\\\\» that ends a row")
            raise LatexError(why, node.pos + (control.end() - 1 if control else 0), malformed=True)
        value, condition = row
        found.append((_tokens(value), _case_condition(condition, node.pos)))
    if not found:
        raise LatexError("a cases environment without a row", node.pos, malformed=True)
    return found


def _blank(node) -> bool:
    return node is None or isinstance(node, LatexCommentNode) or (isinstance(node, LatexCharsNode)
                                                                 and not node.chars.strip())


def _case_condition(nodes: list, pos: int) -> list[_Token] | None:
    """``\\text{if } x = y``: the relation's tokens; ``\\text{otherwise}``: None."""
    nodes = [n for n in nodes if not _blank(n)]
    first = nodes[0] if nodes else None
    word = _plain_text(_argument(first)).strip() if isinstance(first, LatexMacroNode) and \
        first.macroname in _TEXT_MACROS else ""
    if word == "otherwise" and len(nodes) == 1:
        return None
    if word == "if" and len(nodes) > 1:
        return _tokens(nodes[1:])
    raise LatexError("a case whose condition is not «\\text{if } ...» or «\\text{otherwise}»",
                     first.pos if first is not None else pos)


def _char_tokens(chars: str, pos: int) -> list[_Token]:
    out = []
    for m in _CHARS.finditer(chars):
        if m.group("num"):
            out.append(_Token("num", m.group("num"), pos + m.start()))
        elif m.group("name"):
            out.append(_Token("name", m.group("name"), pos + m.start()))
        elif m.group("op"):
            op = m.group("op")
            out.append(_Token("rel", RELATIONS.get(op, op), pos + m.start()) if op in ("=", "<", ">", "<=", ">=", "!=")
                       else _Token("op", op, pos + m.start()))
    consumed = sum(len(m.group(0)) for m in _CHARS.finditer(chars))
    if consumed != len(chars):
        bad = next(i for i, ch in enumerate(chars) if not _CHARS.match(chars, i))
        raise LatexError(f"unexpected character {chars[bad]!r}", pos + bad)
    return out


def _argument(node: LatexMacroNode, index: int = 0):
    args = node.nodeargd.argnlist if node.nodeargd is not None else []
    args = [a for a in args if a is not None]
    if len(args) <= index:
        raise LatexError(f"\\{node.macroname} without its argument", node.pos)
    arg = args[index]
    return arg.nodelist if isinstance(arg, LatexGroupNode) else [arg]


def _plain_text(nodes) -> str:
    """The letters of a text argument: ``\\textit{\\bf u}`` is ``u``, ``\\textit{min\\_norm}`` ``min_norm``."""
    text = []
    for node in nodes or []:
        if isinstance(node, LatexCharsNode):
            text.append(node.chars)
        elif isinstance(node, LatexGroupNode):
            text.append(_plain_text(node.nodelist))
        elif isinstance(node, LatexMacroNode):
            if node.macroname in _TEXT_MACROS:
                text.append(_plain_text(_argument(node)))
            elif node.macroname == "_":
                text.append("_")
            elif node.macroname not in _IGNORED:
                raise LatexError(f"cannot read \\{node.macroname} in a name", node.pos)
    return "".join(text)


def _macro_tokens(node: LatexMacroNode, applied: bool = False) -> list[_Token]:
    name = node.macroname
    if name in _IGNORED:
        return []
    if name in RELATIONS:
        return [_Token("rel", RELATIONS[name], node.pos, f"\\{name}")]
    if name in _OPERATORS:
        return [_Token("op", _OPERATORS[name], node.pos, f"\\{name}")]
    if name in ("frac", "dfrac", "tfrac"):
        return [_Token("frac", (_tokens(_argument(node, 0)), _tokens(_argument(node, 1))), node.pos)]
    if name in _TEXT_MACROS:
        raw = _plain_text(_argument(node))
        text = raw.strip()
        if not text:
            return []
        # a name is one word written tight (\textit{err}); " if ", "and", "otherwise" are prose in the formula
        if not re.fullmatch(r"[A-Za-z][\w-]*", text) or raw != text or (text.lower() in _WORDS and not applied):
            raise LatexError(f"words in the formula: «{text}»", node.pos)
        return [_Token("func" if name == "operatorname" else "name", text, node.pos)]
    if name == "textcolor":    # \textcolor{red}{9}: a colour is how the text looks, 9 what it says
        return _tokens(_argument(node, 1))
    if name == "mathcal":
        return [_Token("func", "O" if _plain_text(_argument(node)) == "O" else _plain_text(_argument(node)), node.pos)]
    if name in ("hat", "widehat", "tilde", "bar", "overline"):
        return [_Token("name", f"{name}({_plain_text(_argument(node))})", node.pos)]
    if name == "sqrt" and node.nodeargd is not None and any(a is not None for a in node.nodeargd.argnlist):
        if node.nodeargd.argnlist[0] is not None:
            raise LatexError("an n-th root", node.pos)
        # \sqrt{x}: the function applied to its argument, as sqrt(x)
        return [_Token("func", name, node.pos), _Token("op", "(", node.pos), *_tokens(_argument(node)),
                _Token("op", ")", node.pos)]
    if name == "partial":
        return [_Token("partial", name, node.pos)]
    if name in ("forall", "in"):
        return [_Token(name, name, node.pos, f"\\{name}")]
    if name in _FUNCTIONS or name == "sum":
        return [_Token("func", name, node.pos)]
    if name == "infty":
        return [_Token("name", "oo", node.pos)]
    if re.fullmatch(r"[A-Za-z]+", name) and name.lower() in _GREEK:
        return [_Token("name", name, node.pos)]
    raise LatexError(f"unknown command \\{name}", node.pos)


_WORDS = {"if", "and", "or", "for", "with", "where", "when", "otherwise", "else", "is", "then", "not"}
_GREEK = {"alpha", "beta", "gamma", "delta", "epsilon", "varepsilon", "eta", "theta", "lambda", "mu", "nu", "xi",
          "pi", "rho", "sigma", "tau", "phi", "varphi", "chi", "psi", "omega"}


def _shown(token: _Token) -> str:
    return {"group": "a group", "frac": "a fraction"}.get(token.kind, f"«{token.text or token.value}»")


# -- tokens to sympy --------------------------------------------------------------

class _Reader:
    """Recursive descent over the tokens: relation > expression > term > unary > power > postfix > atom."""

    def __init__(self, tokens: list[_Token], end: int):
        self.tokens, self.index, self.end = tokens, 0, end
        self.abs_depth = 0
        self.indices: set[str] = set()
        self.bound: list[str] = []        # the letters a summation or a maximum binds, innermost last

    def peek(self, kind: str, value: object = None) -> bool:
        if self.index >= len(self.tokens):
            return False
        token = self.tokens[self.index]
        return token.kind == kind and (value is None or token.value == value)

    def take(self) -> _Token:
        if self.index >= len(self.tokens):
            raise LatexError("the formula ends too early", self.end, malformed=True)
        self.index += 1
        return self.tokens[self.index - 1]

    def expect(self, value: str) -> None:
        token = self.take()
        if token.kind != "op" or token.value != value:
            raise LatexError(f"expected «{value}», found {_shown(token)}", token.pos, malformed=True)

    def group(self, tokens: list[_Token], pos: int) -> sympy.Expr:
        """A group's tokens as a whole expression."""
        reader = _Reader(tokens, pos)
        reader.indices, reader.bound = self.indices, self.bound
        value = reader.expression()
        if reader.index < len(tokens):
            token = tokens[reader.index]
            raise LatexError(f"unexpected {_shown(token)}", token.pos, malformed=token.kind == "op")
        return value

    def quantifiers(self) -> tuple[tuple[str, sympy.Expr, sympy.Expr], ...]:
        """``\\forall i \\in [first, last], \\forall j \\in ...`` before the formula: each letter (bound from here
        on) with its range."""
        found = []
        while self.peek("forall"):
            start = self.take()
            letter = self.take()
            if letter.kind != "name" or len(letter.value) != 1 or not self.peek("in"):
                raise LatexError("a \\forall not written «\\forall i \\in [first, last]»", start.pos)
            self.take()
            self.expect("[")
            first = self.expression()
            self.expect(",")
            last = self.expression()
            self.expect("]")
            found.append((letter.value, first, last))
            self.bound.append(letter.value)
            if self.peek("op", ","):
                self.take()
        return tuple(found)

    def relation(self, tokens: list[_Token], pos: int) -> sympy.Basic:
        """A case's condition: one relation between two expressions (a sympy relational)."""
        reader = _Reader(tokens, pos)
        reader.indices, reader.bound = self.indices, self.bound
        left = reader.expression()
        if not reader.peek("rel"):
            raise LatexError("a case whose condition is not a relation", pos)
        op = reader.take().value
        right = reader.expression()
        if reader.index < len(tokens):
            raise LatexError(f"unexpected {_shown(tokens[reader.index])} in a case's condition", tokens[reader.index].pos)
        return {"=": sympy.Eq, "!=": sympy.Ne, "<": sympy.Lt, "<=": sympy.Le, ">": sympy.Gt, ">=": sympy.Ge}[op](left, right)

    def expression(self) -> sympy.Expr:
        value = self.term()
        while self.peek("op", "+") or self.peek("op", "-"):
            sign = self.take().value
            right = self.term()
            value = value + right if sign == "+" else value - right
        return value

    def _starts_atom(self) -> bool:
        if self.index >= len(self.tokens):
            return False
        token = self.tokens[self.index]
        if token.kind in ("num", "name", "func", "group", "frac", "cases"):
            return True
        return token.kind == "op" and (token.value in ("(", "[") or (token.value == "|" and self.abs_depth == 0))

    def term(self) -> sympy.Expr:
        value = self.unary()
        while True:
            if self.peek("op", "*"):
                self.take()
                value = value * self.unary()
            elif self.peek("op", "/"):
                self.take()
                value = value / self.unary()
            elif self._starts_atom():
                value = value * self.unary()
            else:
                return value

    def unary(self) -> sympy.Expr:
        if self.peek("op", "-"):
            self.take()
            return -self.unary()
        if self.peek("op", "+"):
            self.take()
            return self.unary()
        return self.power()

    def power(self) -> sympy.Expr:
        base = self.postfix()
        if self.peek("op", "^"):
            self.take()
            base = base ** self.exponent()
        return base

    def exponent(self) -> sympy.Expr:
        token = self.take()
        if token.kind == "group":
            return self.group(token.value, token.pos)
        if token.kind == "num":
            return sympy.Rational(token.value)
        if token.kind == "name" and len(token.value) == 1:
            return symbol(token.value)
        raise LatexError(f"cannot read the exponent {_shown(token)}", token.pos)

    def postfix(self) -> sympy.Expr:
        token = self.tokens[self.index] if self.index < len(self.tokens) else None
        if token is not None and token.kind == "name":
            self.take()
            name = token.value
            while self.peek("op", "_") or (self.peek("op", "^") and self._word_superscript()):
                mark = self.take().value
                name += mark + self._script()
            if self.peek("op", "'"):
                self.take()
                name += "'"
            if self.peek("op", "(") and len(token.value) > 1 and "(" not in token.value:
                return self.call(name, token.pos)
            if self.peek("op", "["):
                letters = self._index()
                bound = [letter for letter in letters if letter in self.bound]
                if bound:     # an element of a summation or a maximum: A[i, k] summed over k is A[k]
                    return sympy.Indexed(sympy.IndexedBase(symbol(name)), *[index_symbol(b) for b in bound])
            return sympy.oo if name == "oo" else symbol(name)
        return self.atom()

    def _word_superscript(self) -> bool:
        """``^{\\textit{propag}}``: a superscript that names (a word), not a power."""
        if self.index + 1 >= len(self.tokens):
            return False
        nxt = self.tokens[self.index + 1]
        if nxt.kind == "group":
            inner = nxt.value
            return len(inner) == 1 and inner[0].kind == "name" and len(inner[0].value) > 1
        return False

    def _script(self) -> str:
        token = self.take()
        if token.kind == "group":
            parts = []
            for t in token.value:
                if t.kind in ("name", "num") or (t.kind == "op" and t.value == ","):
                    parts.append(str(t.value))
                else:
                    raise LatexError(f"cannot read the subscript {_shown(t)}", t.pos)
            return "".join(parts)
        if token.kind in ("name", "num"):
            return str(token.value)
        raise LatexError(f"cannot read the subscript {_shown(token)}", token.pos)

    def _index(self) -> list[str]:
        """The letters of an index ``[i, k]``; the free ones (not bound by a summation or a maximum) are recorded."""
        start = self.take()
        letters = []
        while not self.peek("op", "]"):
            token = self.take()
            if token.kind == "name" or (token.kind == "op" and token.value == ","):
                letters.append(str(token.value))
            else:
                raise LatexError(f"cannot read the index {_shown(token)}", token.pos if token else start.pos)
        self.take()
        free = [x for x in "".join(letters).split(",") if x not in self.bound]
        if len(free) == len(letters[::2]):
            self.indices.add("".join(letters))
        elif free:
            self.indices.add(",".join(free))
        return [x for x in letters if x != ","]

    def big(self, name: str, pos: int) -> sympy.Expr:
        """``\\sum_{k=0}^{n-1} t``: a `sympy.Sum` of the term after it; ``\\max_{0 \\leq i < m, 0 \\leq j < n} t``: the
        largest value of the term over those ranges (`Largest`).  The letters they bind index the elements of the
        term (``A[i, k]`` summed over k is ``A[k]``)."""
        self.take()
        below = self.take()
        scripts = below.value if below.kind == "group" else [below]
        if name == "sum":
            if len(scripts) < 3 or scripts[0].kind != "name" or scripts[1].kind != "rel" or scripts[1].value != "=":
                raise LatexError("a summation whose subscript is not «k = start»", pos)
            letter = scripts[0].value
            low = self.group(scripts[2:], pos)
            if not self.peek("op", "^"):
                raise LatexError("a summation without its upper bound", pos)
            self.take()
            high = self.exponent()
            ranges = [(letter, low, high)]
        else:
            ranges = _ranges(scripts, pos, self)
        self.bound.extend(r[0] for r in ranges)
        try:
            body = self.term()
        finally:
            del self.bound[len(self.bound) - len(ranges):]
        limits = [(index_symbol(letter), low, high) for letter, low, high in ranges]
        return sympy.Sum(body, *limits) if name == "sum" else Largest(body, *[sympy.Tuple(*x) for x in limits])

    def call(self, name: str, pos: int) -> sympy.Expr:
        self.expect("(")
        saved, self.abs_depth = self.abs_depth, 0
        args = [self.expression()]
        while self.peek("op", ","):
            self.take()
            args.append(self.expression())
        self.abs_depth = saved
        self.expect(")")
        return _apply(name, args, pos)

    def atom(self) -> sympy.Expr:
        token = self.take()
        if token.kind == "num":
            return sympy.Rational(token.value)
        if token.kind == "group":
            return self.group(token.value, token.pos)
        if token.kind == "cases":
            return sympy.Piecewise(*((self.group(value, token.pos),
                                      sympy.true if condition is None else self.relation(condition, token.pos))
                                     for value, condition in token.value))
        if token.kind == "frac":
            above, below = token.value
            if above and above[0].kind == "partial":     # \frac{\partial f}{\partial x}: f's partial derivative
                if len(below) != 2 or below[0].kind != "partial" or below[1].kind != "name" or len(above) < 2:
                    raise LatexError("a partial derivative not written \\frac{\\partial f}{\\partial x}", token.pos)
                return sympy.Derivative(self.group(above[1:], token.pos), symbol(below[1].value))
            leibniz = _leibniz(above), _leibniz(below)
            if None not in leibniz:     # \frac{dY}{dX}, \frac{d Y}{d X}: Y's derivative by X, not d*Y / (d*X)
                return sympy.Derivative(symbol(leibniz[0]), symbol(leibniz[1]))
            if leibniz[1] is not None and len(above) > 1 and above[0].kind == "name" and above[0].value == "d":
                # \frac{d|x|}{dx}: the derivative of the expression after the d
                return sympy.Derivative(self.group(above[1:], token.pos), symbol(leibniz[1]))
            return self.group(above, token.pos) / self.group(below, token.pos)
        if token.kind == "func" and token.value in ("sum", "max") and self.peek("op", "_"):
            return self.big(token.value, token.pos)
        if token.kind == "func":
            exponent = None
            if self.peek("op", "^"):
                self.take()
                exponent = self.exponent()
            if self.peek("op", "("):
                value = self.call(token.value, token.pos)
            elif self.peek("group"):
                group = self.take()
                value = _apply(token.value, [self.group(group.value, group.pos)], token.pos)
            else:
                raise LatexError(f"{token.value} without its arguments", token.pos)
            return value ** exponent if exponent is not None else value
        if token.kind == "op" and token.value == "(":
            saved, self.abs_depth = self.abs_depth, 0
            value = self.expression()
            self.abs_depth = saved
            self.expect(")")
            return value
        if token.kind == "op" and token.value == "[":
            value = self.expression()          # a tensor of one constant: [0], [0.5]
            self.expect("]")
            return value
        if token.kind == "op" and token.value == "|":
            self.abs_depth += 1
            value = self.expression()
            self.abs_depth -= 1
            self.expect("|")
            return sympy.Abs(value)
        raise LatexError(f"{_shown(token)} where an operand is expected", token.pos, malformed=token.kind in ("op", "rel"))


def _leibniz(tokens: list[_Token]) -> str | None:
    """``Y`` of ``dY`` or ``d Y`` (one name after the d of Leibniz's notation), else None."""
    names = [t.value for t in tokens]
    if len(tokens) == 1 and tokens[0].kind == "name" and re.fullmatch(r"d[A-Za-z]\w*", names[0]):
        return names[0][1:]
    if len(tokens) == 2 and all(t.kind == "name" for t in tokens) and names[0] == "d":
        return names[1]
    return None


def _apply(name: str, args: list[sympy.Expr], pos: int) -> sympy.Expr:
    if name in ("max", "min"):
        if len(args) < 2:
            raise LatexError(f"\\{name} of one argument", pos)
        return (sympy.Max if name == "max" else sympy.Min)(*args)
    if name == "O":
        if len(args) != 1:
            raise LatexError("O of several arguments", pos)
        return BigO(args[0])
    if name == "ulp":
        return ulp(*args)
    if name == "round":
        return rounded(*args)
    return sympy.Function(name)(*args)

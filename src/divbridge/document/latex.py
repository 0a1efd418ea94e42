"""LaTeX formulas parsed with pylatexenc into tokens, each with its offset in the formula's source.

pylatexenc's `LatexWalker` parses the LaTeX (groups, macros and their
arguments, environments, specials); this module flattens its node tree into
the tokens the formula grammar (`document.formula`) reads:

- ``word`` (letters, digits and ``_``: ``if``, ``A``, ``INT_MIN``, ``inf``),
  ``number`` (``0``, ``6.1``, ``1e-3``, a hex float ``0x1.8p-3``), ``sym`` (one symbol: ``= ≠ < > ≤ ≥
  ± ∓ + - * / ( ) [ ] , ; : | ≈ ∀ ∈ ⌊ ⌋ ⌈ ⌉ { } ! '``);
- ``frac`` (``parts``: the tokens above and below the bar), ``subscript`` and ``superscript``
  (``parts``: the script's tokens), ``env`` (``text``: the environment's
  name, ``parts``: its rows, each a tuple of cells, each a tuple of tokens);
- ``macro`` for a macro this reader gives no meaning to (the grammar then
  fails: the formula is "not understood", never guessed at).

Wrappers (``\\text``, ``\\mathrm``, ``\\operatorname``, ``\\textit``, ``\\it``...)
give their contents' tokens; spacing and sizing macros (``\\quad``, ``\\left``,
``\\displaystyle``...) give none.  A LaTeX syntax error (an unbalanced brace,
an environment never ended) is a `LatexError` with its offset.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from pylatexenc import macrospec
from pylatexenc.latexwalker import (LatexCharsNode, LatexCommentNode, LatexEnvironmentNode, LatexGroupNode,
                                    LatexMacroNode, LatexMathNode, LatexSpecialsNode, LatexWalker,
                                    LatexWalkerError, get_default_latex_context_db)

from divbridge.document import lexicon


class LatexError(ValueError):
    """A formula this reader cannot give a meaning to; ``pos``: the offset in its source, when known."""

    def __init__(self, message: str, pos: int | None = None):
        super().__init__(message)
        self.pos = pos


@dataclass(frozen=True)
class Token:
    kind: str                 # word | number | sym | frac | subscript | superscript | env | cell | row | macro | underscore
    text: str
    pos: int                  # offset in the formula's source
    parts: tuple = ()

    def __str__(self) -> str:
        return render((self,))


# macro -> the symbol or word it stands for (an operator's own macros, \times: its infix)
_SYMBOLS = {
    "neq": "≠", "ne": "≠", "leq": "≤", "le": "≤", "leqslant": "≤", "geq": "≥", "ge": "≥", "geqslant": "≥",
    "lt": "<", "gt": ">", "pm": "±", "mp": "∓", **lexicon.MACROS, "ast": "*",
    "approx": "≈", "simeq": "≈", "forall": "∀", "in": "∈", "lfloor": "⌊", "rfloor": "⌋", "lceil": "⌈",
    "rceil": "⌉", "vert": "|", "lvert": "|", "rvert": "|", "mid": "|", "{": "{", "}": "}",
    "%": "%", "&": "&", "#": "#", "oplus": "⊕", "to": "→", "rightarrow": "→", "Rightarrow": "⇒",
    "implies": "⇒", "iff": "⇔", "Leftrightarrow": "⇔", "infty": "inf", "land": "and", "wedge": "and",
    "lor": "or", "vee": "or", "lnot": "not", "neg": "not", "max": "max", "min": "min", "sgn": "sgn",
    "varepsilon": "ε", "epsilon": "ε", "exp": "exp", "log": "log", "ln": "ln", "abs": "abs",
}
# macros whose argument is shown as it is (its tokens), and those that show nothing
_WRAPPERS = {"text", "mathrm", "textrm", "mathit", "textit", "mbox", "operatorname", "mathsf", "texttt",
             "textbf", "mathbf", "mathtt", "textsf", "emph", "boldsymbol", "bm", "mathnormal", "textnormal",
             "hbox", "textup", "mathup"}
_SILENT = {"left", "right", "big", "bigl", "bigr", "Big", "Bigl", "Bigr", "bigg", "biggl", "biggr", "Bigg",
           "Biggl", "Biggr", "displaystyle", "textstyle", "scriptstyle", "quad", "qquad", ",", ";", ":", "!",
           " ", "it", "bf", "rm", "sf", "tt", "em", "ldots", "dots", "cdots", "dotsc", "dotsb", "label",
           "nonumber", "notag", "hfill", "limits", "nolimits", "mathstrut", "strut", "small", "footnotesize",
           "scriptsize", "tiny", "large", "Large", "normalsize", "color", "hspace", "vspace", "phantom"}
_ROW_ENVIRONMENTS = {"cases", "dcases", "rcases", "matrix", "bmatrix", "pmatrix", "vmatrix", "Bmatrix", "Vmatrix",
                     "smallmatrix", "array", "aligned", "align", "align*", "gathered", "split", "eqnarray"}
_TOKEN = re.compile(r"(?P<number>0[xX](?:[0-9a-fA-F]+(?:\.[0-9a-fA-F]*)?|\.[0-9a-fA-F]+)[pP][+-]?\d+"
                    r"|\d+(?:\.\d*)?(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)"
                    r"|(?P<word>[A-Za-z][A-Za-z0-9]*|[α-ωΑ-Ω])"
                    r"|(?P<sym>!=|<>|<=|>=|==|[=≠<>≤≥±∓+\-−–*×·/()\[\],;:|≈∀∈⌊⌋⌈⌉{}!'∞.⊕→⇒⇔~&#%_^])"
                    r"|(?P<space>\s+)|(?P<other>.)", re.S)
_ALIASES = {"!=": "≠", "<>": "≠", "<=": "≤", ">=": "≥", "==": "=", "−": "-", "–": "-", "×": "*", "·": "*",
            "⋅": "*", "∗": "*", "÷": "/",
            "∞": "inf"}


@lru_cache(maxsize=1)
def _context():
    db = get_default_latex_context_db()
    one = macrospec.std_macro
    db.add_context_category("divbridge", prepend=True, macros=[
        one("operatorname", False, 1), one("text", False, 1), one("mathrm", False, 1), one("textit", False, 1),
        one("mathit", False, 1), one("textbf", False, 1), one("mathbf", False, 1), one("mathsf", False, 1),
        one("texttt", False, 1), one("mathtt", False, 1), one("mbox", False, 1), one("textrm", False, 1),
        one("frac", False, 2), one("dfrac", False, 2), one("tfrac", False, 2), one("sqrt", True, 1),
        one("color", False, 1), one("label", False, 1), one("hspace", False, 1), one("vspace", False, 1),
        one("phantom", False, 1), one("boldsymbol", False, 1), one("bm", False, 1), one("emph", False, 1),
    ])
    return db


MAX_NESTING = 64   # groups and environments within one another: the parser recurses once for each level


def too_deep(source: str) -> int | None:
    """The offset where ``source`` nests braces and environments deeper than `MAX_NESTING` (the parser
    would exhaust Python's recursion limit), or None."""
    depth = 0
    for match in re.finditer(r"\\[{}]|\\begin\b|\\end\b|[{}]", source):
        token = match.group(0)
        if token in ("\\{", "\\}"):
            continue
        depth += 1 if token in ("{", "\\begin") else -1
        if depth > MAX_NESTING:
            return match.start()
    return None


def tokens(source: str) -> tuple[Token, ...]:
    """The tokens of a formula; `LatexError` when its LaTeX does not parse."""
    deep = too_deep(source)
    if deep is not None:
        raise LatexError(f"LaTeX nested more than {MAX_NESTING} deep", deep)
    try:
        nodes, _, _ = LatexWalker(source, latex_context=_context(), tolerant_parsing=False).get_latex_nodes()
    except LatexWalkerError as exc:
        pos = getattr(exc, "pos", None)
        first = str(exc).splitlines()[0] if str(exc) else "a LaTeX syntax error"
        raise LatexError(re.sub(r"\s*@\s*\(\d+,\s*\d+\)\s*$", "", first), pos) from None
    return tuple(_finish(_flatten(nodes, source)))


def text_tokens(text: str, offset: int = 0) -> list[Token]:
    """Plain text (a sentence's words, the characters of a formula) as tokens."""
    found = []
    for m in _TOKEN.finditer(text):
        kind = m.lastgroup
        if kind == "space":
            continue
        value = m.group(0)
        if kind == "sym" or kind == "other":
            value = _ALIASES.get(value, value)
            kind = "word" if value == "inf" else "sym"
        found.append(Token(kind, value, offset + m.start()))
    return found


def _flatten(nodes, source: str) -> list[Token]:
    out: list[Token] = []
    for node in nodes or ():
        if node is None or isinstance(node, LatexCommentNode):
            continue
        pending = out[-1] if out and out[-1].kind == "sym" and out[-1].text in ("_", "^") else None
        if isinstance(node, LatexCharsNode):
            produced = text_tokens(node.chars, node.pos)
        elif isinstance(node, (LatexGroupNode, LatexMathNode)):
            produced = _flatten(node.nodelist, source)
        elif isinstance(node, LatexSpecialsNode):
            chars = node.specials_chars
            produced = [Token("cell", "&", node.pos)] if chars == "&" else [] if chars == "~" else \
                text_tokens(chars, node.pos)
        elif isinstance(node, LatexEnvironmentNode):
            produced = [_environment(node, source)]
        elif isinstance(node, LatexMacroNode):
            produced = _macro(node, source)
        else:
            produced = []
        if pending is not None and not isinstance(node, LatexCharsNode):
            # `_{...}` / `^\macro`: the whole group or macro is the script
            out[-1] = Token("subscript" if pending.text == "_" else "superscript", pending.text, pending.pos, (tuple(produced),))
        else:
            out += produced
    return out


def _arguments(node: LatexMacroNode) -> list:
    return [a for a in (node.nodeargd.argnlist if node.nodeargd else []) if a is not None]


def _macro(node: LatexMacroNode, source: str) -> list[Token]:
    name = node.macroname
    args = _arguments(node)
    if name == "\\":
        return [Token("row", "\\\\", node.pos)]
    if name in ("frac", "dfrac", "tfrac") and len(args) == 2:
        above, below = (tuple(_finish(_flatten([a], source))) for a in args)
        return [Token("frac", "frac", node.pos, (above, below))]
    if name in _WRAPPERS:
        return _flatten(args, source)
    if name in _SILENT:
        return []
    if name == "_":          # `INT\_MIN`: part of a name, not a subscript
        return [Token("underscore", "_", node.pos)]
    if name in _SYMBOLS:
        value = _SYMBOLS[name]
        kind = "word" if value[0].isalpha() and len(value) > 1 else "sym"
        return [Token(kind, value, node.pos)] + _flatten(args, source)
    return [Token("macro", name, node.pos)] + _flatten(args, source)


def _environment(node: LatexEnvironmentNode, source: str) -> Token:
    name = node.environmentname
    body = _finish(_flatten(node.nodelist, source))
    if name not in _ROW_ENVIRONMENTS:
        return Token("env", name, node.pos, ((tuple(body),),))
    rows, cells, cell = [], [], []
    for token in body:
        if token.kind == "row":
            cells.append(tuple(cell))
            rows.append(tuple(cells))
            cells, cell = [], []
        elif token.kind == "cell":
            cells.append(tuple(cell))
            cell = []
        else:
            cell.append(token)
    cells.append(tuple(cell))
    if any(cells):
        rows.append(tuple(cells))
    # an array's column specification `{cc}` is the first group: not a row of the table
    return Token("env", name, node.pos, tuple(rows))


def _scripts(flat: list[Token]) -> list[Token]:
    """`_` and `^` with what follows them (a group's tokens, or one token) as ``subscript`` / ``superscript`` tokens."""
    out: list[Token] = []
    i = 0
    while i < len(flat):
        token = flat[i]
        if token.kind == "sym" and token.text in ("_", "^") and i + 1 < len(flat):
            nxt = flat[i + 1]
            # `x_i`: one token is the script (a group was made a script by `_flatten`)
            out.append(Token("subscript" if token.text == "_" else "superscript", token.text, token.pos, ((nxt,),)))
            i += 2
            continue
        out.append(token)
        i += 1
    return out


def _finish(flat: list[Token]) -> list[Token]:
    return _names(_scripts(flat))


def _names(flat: list[Token]) -> list[Token]:
    """`INT`, `\\_`, `MIN` as the one word `INT_MIN`."""
    out: list[Token] = []
    for token in flat:
        if out and out[-1].kind == "underscore" and token.kind == "word" and len(out) > 1 and out[-2].kind == "word":
            out.pop()
            base = out.pop()
            out.append(Token("word", f"{base.text}_{token.text}", base.pos))
        else:
            out.append(token)
    return [Token("sym", "_", t.pos) if t.kind == "underscore" else t for t in out]


def render(items) -> str:
    """Tokens in a plain mathematical spelling: `A[i] ≠ 0`, `(A[i])/(B[i])`, `sign(A)*inf`."""
    out: list[str] = []
    for token in items:
        if token.kind == "frac":
            out.append(f"({render(token.parts[0])})/({render(token.parts[1])})")
        elif token.kind == "subscript":
            out.append("_" + render(token.parts[0]))
        elif token.kind == "superscript":
            out.append("^" + render(token.parts[0]))
        elif token.kind == "env":
            rows = " \\\\ ".join(" & ".join(render(cell) for cell in row) for row in token.parts)
            out.append(f"\\begin{{{token.text}}} {rows} \\end{{{token.text}}}")
        elif token.kind == "macro":
            out.append("\\" + token.text)
        elif token.kind == "row":
            out.append("\\\\")
        elif token.kind == "cell":
            out.append("&")
        else:
            out.append(token.text)
    text = ""
    for piece in out:
        if text and (piece[:1].isalnum() and (text[-1].isalnum() or text[-1] in ")],")
                     or piece in ("≠", "≤", "≥", "=", "<", ">", "≈", "→", "⇒", "⇔")
                     or text[-1] in "≠≤≥=<>≈→⇒⇔"):
            text += " "
        text += piece
    return text

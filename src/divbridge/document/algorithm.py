"""The reference algorithms of an accuracy note and the error models stated for them, read whole.

Some notes (Tanh's, from its version 6) do not bound an implementation's error: they write a reference algorithm
in a code block (``Y = (exp(2X) - 1) / (exp(2X) + 1)``, or one split on the operand's sign), assume a relative
error of its ``exp`` (a table by cases, ``err_rel(exp(x)) = 2 eps if x in [-1, 0]``...) and bound the error the
algorithm introduces, each bound with a proviso written inside its formula after ``\\textit{ if }``: ``x \\in
[-2^n, -1] \\textit{ with integer } n >= 0 \\textit{ and } \\exp(x) \\textit{ is normal}``.  Read here:

- a code block by `algorithm.lark` (every word: assignments of Y, ``+ - * /``, ``exp``, ``2X``, ``if X < 0 ...
  else ...``), else the block is not read and the bounds tied to it stay unread;
- the table (a ``\\begin{array}`` whose rows are ``err_rel(exp(x)) & = & value \\textit{ if } proviso``): a
  definition of exp's relative error as a function of exp's argument (a hypothesis, read, not judged);
- a bound ``|Y_err^intro[I]| <= B(x, u, n) \\textit{ if } proviso`` (or a ``\\begin{array}`` row ``|Y_err^intro[I]|
  & \\leq & B`` followed by "for the standard rounding mode round to nearest even, provided $F$ and $G$ are normal
  numbers."), ``x`` the element X[I] (as the note writes ``$x = X[I]$``; where it does not, so read and said
  ambiguous at each bound: `Reading.assumed`), ``u`` and ``\\varepsilon`` the
  format's unit roundoff and machine epsilon as the note defines them;
- which algorithm a bound is of, from the note's own words only (`accuracy.lark`, ``algorithm_sentence``): "This
  formula is obtained for the computation of" ties the bounds read since the last algorithm to the code block
  below it; "For this algorithm, the error introduction is soundly bound by", "the accuracy is (would be) bound
  by" tie the bounds below to the code block above.  A bound tied to no algorithm stays unread.

The sentences read this way are reported as read (information); everything else keeps the reading of
`document.accuracy`.  Judging is `checkspec.algorithm`'s.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from pathlib import Path

import sympy
from lark import Lark, Tree
from lark.exceptions import LarkError

from divbridge.document import mathexpr
from divbridge.document.accuracy import Note, _sentences, parse_words
from divbridge.document.markdown import Block, parse

GRAMMAR_FILE = Path(__file__).with_name("algorithm.lark")
_IF = re.compile(r"\\textit\s*\{\s*if\s*\}")
_TEXTIT = re.compile(r"\\textit\s*\{([^{}]*)\}")
_INTERVAL = re.compile(r"^\s*x\s*\\in\s*\[(.+),(.+)\]\s*$", re.S)
_ROWS = re.compile(r"^\s*\\begin\{array\}\{[a-z]+\}(.*)\\end\{array\}\s*$", re.S)
_OPERAND = re.compile(r"\$\s*x\s*=\s*X\[I\]\s*\$")
_LEQ = (r"\leq", r"\le", "<=")
X, N, U, EPS = (mathexpr.symbol(s) for s in ("x", "n", "u", "varepsilon"))


@dataclass(frozen=True)
class Algorithm:
    line: int
    code: str
    tree: Tree


@dataclass(frozen=True)
class Proviso:
    """x in [low, high] (``integer``: n, an integer >= 0 these ends use), where each of ``normal`` is normal."""

    low: sympy.Expr
    high: sympy.Expr
    integer: bool = False
    normal: tuple[sympy.Expr, ...] = ()


@dataclass(frozen=True)
class TableRow:
    line: int
    value: sympy.Expr                  # the relative error of exp, in varepsilon (and n)
    proviso: Proviso                   # its x is exp's argument


@dataclass
class Bound:
    """|Y_err^intro[I]| <= bound (x the element X[I], u, n, and err_rel of the table) where its proviso holds."""

    line: int
    column: int
    text: str
    bound: sympy.Expr
    proviso: Proviso | None            # None: every x (the general bound: its normality provisos in ``normal``)
    normal: tuple[sympy.Expr, ...] = ()
    result_normal: bool = False        # "provided ... Y_val[I] ... are normal numbers": the result kept normal
    algorithm: Algorithm | None = None


@dataclass
class Reading:
    table: tuple[TableRow, ...] = ()
    table_line: int = 0
    algorithms: dict[int, Algorithm] = field(default_factory=dict)    # by line: each code block read whole
    bounds: list[Bound] = field(default_factory=list)
    read: dict[int, str] = field(default_factory=dict)       # line: what the sentence or formula was read as
    unread: dict[int, str] = field(default_factory=dict)     # line: why a bound of an algorithm is not read
    # what the bounds are read with that the note does not say ("" : nothing): ambiguous at each bound's line
    assumed: str = ""
    # an array of bounds, one per row, is one claim: its line and its rows' lines
    rows: dict[int, tuple[int, ...]] = field(default_factory=dict)


@functools.lru_cache(maxsize=1)
def _code_parser() -> Lark:
    return Lark(GRAMMAR_FILE.read_text(encoding="utf-8"), parser="lalr")


def read_code(code: str) -> Tree | None:
    """A code block read whole as a reference algorithm, else None."""
    try:
        return _code_parser().parse(code)
    except LarkError:
        return None


def read_algorithms(note: Note, text: str) -> Reading:
    """The note's reference algorithms, its table of exp's error and the bounds tied to them."""
    reading = Reading()
    if not {"u", "varepsilon"} <= {d.name for d in note.definitions}:
        return reading          # u or epsilon not defined by the note: nothing of this is read
    if not _OPERAND.search(text):
        # the bounds, each of |Y_err^intro[I]|, are functions of an x the note does not bind: the element X[I]
        # is the only one they can be of, and that reading is said at each bound's line
        reading.assumed = "x is not defined by the note (no «$x = X[I]$»): read as the element X[I] of the " \
                          "bound's |Y_err^intro[I]|"
    blocks = parse(text)
    last_code: Algorithm | None = None
    waiting: list[Bound] = []           # bounds read since the last tie, for "This formula is obtained for ..."
    tie_below: Algorithm | None = None  # "the accuracy is bound by": the bounds below are of this algorithm
    tie_next = False                    # "This formula is obtained for the computation of": the next block's
    for block in blocks:
        if block.kind == "heading":
            waiting, tie_below, tie_next = [], None, False
        elif block.kind == "fence":
            tree = read_code(block.body)
            last_code = Algorithm(block.line, block.body.strip(), tree) if tree is not None else None
            if last_code is not None:
                reading.algorithms[block.line] = last_code
                reading.read[block.line] = "a reference algorithm, read whole: " + "; ".join(
                    line.strip() for line in last_code.code.splitlines() if line.strip())
            if tie_next:
                for bound in waiting:
                    bound.algorithm = last_code
                waiting, tie_next = [], False
            tie_below = None
        elif block.is_math:
            read = _math(block, reading)
            for bound in read:
                if tie_below is not None:
                    bound.algorithm = tie_below
                else:
                    waiting.append(bound)
        elif block.kind in ("paragraph", "item"):
            for sentence in _sentences(block):
                tree = parse_words("algorithm_sentence", sentence.template.strip().rstrip("."))
                if not isinstance(tree, Tree):
                    continue
                kind = tree.children[0].data if tree.data == "algorithm_sentence" else tree.data
                if kind == "bounds_above":
                    tie_next = True
                    reading.read[sentence.line] = "ties the bounds above to the algorithm below"
                elif kind == "bounds_below":
                    tie_below = last_code
                    reading.read[sentence.line] = "ties the bounds below to the algorithm above" + (
                        "" if last_code is not None else " (a code block not read: they stay unread)")
                elif kind == "table_assumed":
                    reading.read[sentence.line] = "the bounds below assume the table of err_rel(exp(x)) above"
                elif kind == "normal_proviso" and reading.bounds and reading.bounds[-1].proviso is None \
                        and _normal_proviso(reading.bounds[-1], sentence):
                    reading.read[sentence.line] = "the proviso of the bound above: " + ", ".join(
                        m.text for m in sentence.maths) + " normal"
    for bound in reading.bounds:
        if bound.algorithm is None:
            reading.unread[bound.line] = "a bound tied to no algorithm the note writes in code divbridge reads"
        elif bound.proviso is None and not bound.normal:
            reading.unread[bound.line] = "a bound of every x with no proviso: the note's general formula without " \
                                         "the sentence that qualifies it"
    reading.bounds = [b for b in reading.bounds if b.line not in reading.unread]
    for line in reading.unread:
        del reading.read[line]
    return reading


def _math(block: Block, reading: Reading) -> list[Bound]:
    body = block.body.strip()
    rows = _ROWS.match(body)
    if rows:
        cells = [[c.strip() for c in row.split("&")] for row in re.split(r"\\\\", rows.group(1)) if row.strip()]
        if all(len(c) == 3 for c in cells):
            return _array(block, cells, reading)
        return []
    parts = _IF.split(body)
    if len(parts) != 2:
        return []
    bound = _bound(parts[0])
    proviso = _proviso(parts[1])
    if bound is None or proviso is None:
        return []
    found = Bound(block.line, 1, body, bound, proviso)
    reading.bounds.append(found)
    reading.read[block.line] = "a bound of the introduced error of a reference algorithm, where its proviso holds"
    return [found]


def _array(block: Block, cells: list[list[str]], reading: Reading) -> list[Bound]:
    """The table of err_rel(exp(x)) by cases, the general bound (one row ``|Y_err^intro[I]| & <= & B``), or bounds
    by cases (rows ``|Y_err^intro[I]| & <= & B \\textit{ if } proviso``, one per line)."""
    if all(c[1] in _LEQ for c in cells) and all(_IF.search(c[2]) for c in cells):
        return _bound_rows(block, cells, reading)
    if len(cells) == 1 and cells[0][1] in _LEQ:
        bound = _bound(f"{cells[0][0]} \\leq {cells[0][2]}")
        if bound is None:
            return []
        found = Bound(block.line, 1, block.body.strip(), bound, None)
        reading.bounds.append(found)
        reading.read[block.line] = "a bound of the introduced error of a reference algorithm, err_rel the table's"
        return [found]
    rows = []
    for number, (left, relation, right) in enumerate(cells):
        try:
            defined = mathexpr.standard(mathexpr.parse(left).parts[0])
        except (mathexpr.LatexError, IndexError):
            return []
        parts = _IF.split(right)
        if relation != "=" or str(defined) != "err_rel(exp(x))" or len(parts) != 2:
            return []
        try:
            value = mathexpr.parse(parts[0].strip()).parts[0]
        except mathexpr.LatexError:
            return []
        proviso = _proviso(parts[1])
        if proviso is None or not value.free_symbols <= {EPS, N} or (N in value.free_symbols) != proviso.integer:
            return []
        rows.append(TableRow(block.line + number + 1, value, proviso))
    reading.table, reading.table_line = tuple(rows), block.line
    reading.read[block.line] = ("the definition of err_rel(exp(x)), the relative error assumed of exp at x, by cases "
                                "(a hypothesis: read, not judged)")
    return []


def _bound_rows(block: Block, cells: list[list[str]], reading: Reading) -> list[Bound]:
    """An array of bounds by cases, each row read as the one-line form is, else the whole array is not read."""
    found = []
    for number, (left, _, right) in enumerate(cells):
        parts = _IF.split(right)
        bound = _bound(f"{left} \\leq {parts[0]}") if len(parts) == 2 else None
        proviso = _proviso(parts[1]) if bound is not None else None
        if proviso is None:
            return []
        found.append(Bound(block.line + number + 1, 1, f"{left} \\leq {right}", bound, proviso))
    reading.bounds += found
    reading.rows[block.line] = tuple(b.line for b in found)
    reading.read[block.line] = "bounds of the introduced error of a reference algorithm, one per row, each where its " \
                               "proviso holds"
    return found


def _bound(latex: str) -> sympy.Expr | None:
    """The right side of ``|Y_err^intro[I]| <= B``, over x, u, n and err_rel(exp(.)); None if not that."""
    try:
        formula = mathexpr.parse(latex.strip())
    except mathexpr.LatexError:
        return None
    if formula.relations != ("<=",) or str(formula.parts[0]) != "Abs(Y_err^intro)":
        return None
    bound = mathexpr.standard(formula.parts[1])
    allowed = {X, N, U}
    if not bound.free_symbols <= allowed:
        return None
    unknown = {f.func.__name__ for f in bound.atoms(sympy.Function) if isinstance(f, sympy.core.function.AppliedUndef)}
    return bound if unknown <= {"err_rel"} else None


def _proviso(latex: str) -> Proviso | None:
    """``x \\in [a, b]`` with its words (`formula_proviso`), else None."""
    maths: list[str] = []

    def word(match: re.Match) -> str:
        return f" {match.group(1)} "

    template, pieces = "", re.split(r"(\\textit\s*\{[^{}]*\})", latex)
    for piece in pieces:
        if _TEXTIT.fullmatch(piece.strip() or "-"):
            template += _TEXTIT.sub(word, piece.strip())
        elif piece.strip():
            template += f" §{len(maths)}§ "
            maths.append(piece.strip())
    tree = parse_words("formula_proviso", " ".join(template.split()))
    if not isinstance(tree, Tree):
        return None
    interval = _INTERVAL.match(maths[0])
    if interval is None:
        return None
    try:
        low, high = (mathexpr.standard(mathexpr.parse(e.strip()).parts[0]) for e in interval.groups())
        integer = len(maths) > 1
        if integer:
            n = mathexpr.parse(maths[1])
            if n.relations != (">=",) or n.parts != (N, 0):
                return None
        normal = tuple(mathexpr.standard(mathexpr.parse(m).parts[0]) for m in maths[2:])
    except mathexpr.LatexError:
        return None
    if not (low.free_symbols | high.free_symbols) <= ({N} if integer else set()):
        return None
    if any(not s.free_symbols <= {X} for s in normal):
        return None
    return Proviso(low, high, integer, normal)


def _normal_proviso(bound: Bound, sentence) -> bool:
    """"provided $e^{-2|x|}$ and $Y_val[I]$ are normal numbers": each a function of x, or the result (Y_val, which
    the note does not define, read as the result: the exact and the computed one kept normal); False if a formula
    is neither (the sentence is then not read)."""
    normal, result = (), False
    for math in sentence.maths:
        if math.formula is None or len(math.formula.parts) != 1 or math.formula.relations:
            return False
        subject = mathexpr.standard(math.formula.parts[0])
        if str(subject) in ("Y_val", "Y"):
            result = True
        elif subject.free_symbols <= {X}:
            normal += (subject,)
        else:
            return False
    bound.normal, bound.result_normal = normal, result
    return True

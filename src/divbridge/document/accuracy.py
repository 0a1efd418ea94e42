"""Reading an accuracy note (the working group's ``<op>_acc.md`` template) into what it states.

A note is recognised by its headings: it opens with "Numerical Accuracy" (or
"Numeric accuracy", "Error Propagation", "Error Introduction").  Its sections
have a kind: ``propagation`` ("Error Propagation"), ``introduction``
("Error Introduction", with the family of its title or of the heading above it:
``(real)``, ``(IEEE-754 floating-point)`` / ``(float)``, ``(int)``),
``accuracy`` (a "Numerical Accuracy" heading), ``verification`` ("Unit
Verification": C++ code, not read), ``types`` (a ``# **<Op>** (int, int)``
heading with its ``where int is in {...}``) and ``other``.  Families and type
lists pass down to the headings below.

The blocks (`document.markdown`) are cut into sentences, each formula a
placeholder, and read in a small vocabulary:

- a formula alone (a bullet, a ``$$`` block, ``…: $f$.``) that relates an
  error (``X_err^propag``, ``X_err^intro``) is a `Statement`; one that names a
  symbol (``u = ε/2``, ``C[i] = A[i]/B[i]``, ``C_err = C_err^propag + C_err^intro``)
  a `Definition`;
- "Let us define $x$ the machine epsilon / the minimal normalized number" define
  ``x``;
- "... error is bounded by $F$ ..., provided $G$ is a normal number" is a
  statement ``|err| <= F`` under that condition;
- conditions, in a sentence that ends with ``:`` or ``,`` before its formulas,
  or after the formula: "For every $I$ such that $B[I] \\neq 0$ and $B[I]$ does
  not cross zero under perturbation", "For all valid indexes $i$ where ...",
  "$F$ if $X$ does not cross zero", "For integer inputs modeled without error
  symbols", "provided $G$ is a normal number";
- "If $B[i] \\neq 0$ otherwise $C[i]$ is not defined", "<gerund> by zero remains
  undefined" (`document.lexicon`): the domain (recorded).

Everything else is kept as `Unread` with its line: shown as "not understood",
never guessed.  A formula that does not parse is a `Statement` with a
``problem``; when the LaTeX itself is malformed (unbalanced, an operator
without its operand) the reading adds an ``ill-formed`` finding.

This module reads; what the statements mean for the operator, and whether they hold,
is `obligations.accuracy` and `checkspec.accuracy`.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from pathlib import Path

import sympy
from lark import Lark, Token as LarkToken, Tree
from lark.exceptions import UnexpectedEOF, UnexpectedInput

from divbridge import inputfile
from divbridge.errors import InputError
from divbridge.formats import FloatFormat, IntFormat, get_format
from divbridge.document import lexicon, mathexpr
from divbridge.document.findings import Finding
from divbridge.document.markdown import MAX_BYTES, Block, Inline, parse
from divbridge.document.notes import heading_text, is_note

_FAMILY_WORDS = (("int", re.compile(r"\(\s*int\b", re.I)), ("float", re.compile(r"\(\s*(float|ieee)", re.I)),
                 ("real", re.compile(r"\(\s*real\b", re.I)))
_WHERE = re.compile(r"\bwhere\s+(\w+)\s+(?:is\s+in|is\s+one\s+of|belongs\s+to)\s*\\?\{([^}]*)\}", re.I)
_PLACEHOLDER = re.compile(r"§(\d+)§")


@dataclass(frozen=True)
class Section:
    title: str
    line: int
    end: int                          # last line, inclusive
    level: int
    kind: str                         # accuracy | propagation | introduction | verification | types | other
    family: str = ""                  # real | float | int, or "" when neither the title nor a parent says
    types: tuple[str, ...] = ()       # divbridge format names of a `where T is in {...}` list
    types_line: int = 0


@dataclass(frozen=True)
class Math:
    """A formula as written, where it is, and what it reads as (None: ``problem`` says why not)."""

    text: str
    line: int
    column: int
    formula: mathexpr.Formula | None
    problem: str = ""
    malformed: bool = False
    offset: int = 0                   # where in the text reading stopped


@dataclass(frozen=True)
class Condition:
    """A condition stated around a statement.  ``meaning``: ``formula`` (the formula itself),
    ``no-crossing`` (the subject keeps its sign under the perturbation), ``normal`` (the subject is a
    normal number), ``no-error`` (the inputs carry no error), or ``not understood``."""

    text: str
    line: int
    meaning: str
    subject: Math | None = None


@dataclass(frozen=True)
class Statement:
    line: int
    column: int
    section: Section
    text: str                         # the LaTeX as written (a prose statement: the sentence)
    math: Math
    conditions: tuple[Condition, ...] = ()
    source: str = "formula"           # formula | prose
    index: str = ""                   # the index a lead-in declares ("For every $I$ ...")
    bound_of: str = ""                # a prose statement: which error it bounds (propagated | introduced)
    unread: str = ""                  # a part of its sentence not understood (an alternative condition...)
    order: str = ""                   # "first-order": a lead-in says so ("a first-order bound is:"), never a bound
    family: str = ""                  # the arithmetic a lead-in names ("Error introduction for real arithmetic
    #                                   is null:"), else the section's

    @property
    def arithmetic(self) -> str:
        return self.family or self.section.family


@dataclass(frozen=True)
class Definition:
    name: str                         # the symbol defined (mathexpr's spelling)
    meaning: str                      # machine-epsilon | min-normal | max-finite | formula | result | error-total | domain
    #                                   | element (each element of the result under \forall: judged against the
    #                                   operator's function, `obligations.accuracy.element_disagreement`)
    #                                   | function (a function the note defines: value a sympy.Lambda) | largest
    #                                   (|A| the largest magnitude of an element of A: value its \\max)
    line: int
    text: str
    value: sympy.Basic | None = None  # a formula definition's right side
    operands: tuple[str, ...] = ()    # a result of several operands: their names, in the order the note gives
    # element (each element of the result, ``\forall i \in [0, dA_0 - 1], ... C[i, j] = ...``): its index letters
    # and the range of each (`mathexpr.Formula.quantifiers`)
    indices: tuple[str, ...] = ()
    ranges: tuple[tuple[str, sympy.Expr, sympy.Expr], ...] = ()


LEAD_IN = "introduces what follows, which states it"     # an Unread that is no loss: shown, never a finding


@dataclass(frozen=True)
class Unread:
    line: int
    text: str
    why: str = "not understood"


@dataclass
class Note:
    path: str
    title: str
    operator: str                     # the operator the note is about, as it names it; "" when it does not say
    sections: list[Section] = field(default_factory=list)
    statements: list[Statement] = field(default_factory=list)
    definitions: list[Definition] = field(default_factory=list)
    unread: list[Unread] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)    # ill-formed text

    def section_of(self, line: int) -> Section | None:
        found = None
        for section in self.sections:
            if section.line <= line <= section.end:
                found = section
        return found

    @property
    def result(self) -> str:
        """The result tensor's name: the one a definition gives as A/B (``C``, ``Y``), else ``C``."""
        return next((d.name for d in self.definitions if d.meaning == "result"), "C")


def read_note(path: str | Path) -> Note:
    """Read a note from disk; a file that is missing, too large, not text or not a note is bad input."""
    try:
        text = inputfile.read_text(path, "document", MAX_BYTES)   # a regular file, bounded before it is read
    except FileNotFoundError as exc:
        raise InputError(f"cannot read the document: {exc}", str(path)) from None
    if not is_note(text):
        raise InputError("not an accuracy note (its first heading is not 'Numerical Accuracy', "
                         "'Error Propagation', 'Error Introduction' or 'Note Algorithm')", str(path))
    return parse_note(text, str(path))


def parse_note(text: str, path: str = "<text>", embedded: bool = False) -> Note:
    """Read a note's text; reading never raises on bad text.  ``embedded``: the accuracy sections of a
    larger document (an operator's specification that holds them), whose other sections are not the note's to report."""
    blocks = parse(text)
    headings = [b for b in blocks if b.kind == "heading"]
    title = heading_text(headings[0]) if headings else path
    note = Note(path, title, _operator(text))
    note.sections = _sections(blocks, text.count("\n") + 1)
    _Reading(note, blocks, embedded).run()
    return note


# -- sections ----------------------------------------------------------------------

def _operator(text: str) -> str:
    named = re.search(r"accuracy of (?:`(\w+)`|\*\*(\w+)\*\*)|\*\*(\w+)\*\*\s*(?:operator|\()", text, re.I)
    if named:
        return next(g for g in named.groups() if g)
    return ""


def _sections(blocks: list[Block], last_line: int) -> list[Section]:
    headings = [b for b in blocks if b.kind == "heading"]
    sections: list[Section] = []
    stack: list[Section] = []
    for number, heading in enumerate(headings):
        title = heading_text(heading)
        end = last_line
        for later in headings[number + 1:]:
            if later.level <= heading.level:
                end = later.line - 1
                break
        while stack and stack[-1].level >= heading.level:
            stack.pop()
        family = next((name for name, pattern in _FAMILY_WORDS if pattern.search(title)), "")
        types, types_line = _types(blocks, heading, headings[number + 1].line if number + 1 < len(headings) else end)
        parent = stack[-1] if stack else None
        if parent is not None:
            family = family or parent.family
            if not types:
                types, types_line = parent.types, parent.types_line
        # a top-level heading of no family ("# Signature" under "# **<op>** (float, float)") continues the
        # last top-level section that has one
        top = next((s for s in reversed(sections) if s.level == 1 and s.family), None)
        if not family and top is not None and (parent is None or parent.level == 1 and not parent.family):
            family = top.family
            types, types_line = types or top.types, types_line or top.types_line
        kind = _kind(title)
        if kind == "other" and parent is not None and parent.kind in ("introduction", "propagation") and not re.match(
                r"note\b", title, re.I):
            # "### Correctly rounded specification" under "## Error Introduction (float)" states its claims; a
            # "### Note about ..." explains them
            kind = parent.kind
        section = Section(title, heading.line, end, heading.level, kind, family, types, types_line)
        sections.append(section)
        stack.append(section)
    return sections


def _kind(title: str) -> str:
    lowered = title.lower()
    if "error propagation" in lowered:
        return "propagation"
    if "error introduction" in lowered:
        return "introduction"
    if "unit verification" in lowered:
        return "verification"
    if re.search(r"numeric(al)?\s+accuracy", lowered):
        return "accuracy"
    if re.search(r"\(\s*\w+\s*,\s*\w+\s*\)", title):
        return "types"
    return "other"


def _types(blocks: list[Block], heading: Block, stop: int) -> tuple[tuple[str, ...], int]:
    """`where int is in {int8, ...}` in the section's own text, before its first subheading."""
    for block in blocks:
        if block.kind not in ("paragraph", "item") or not heading.line < block.line < stop:
            continue
        m = _WHERE.search(block.text.replace("$", ""))
        if m:
            names = []
            for word in re.split(r"[,\s]+", m.group(2).replace("\\", " ")):
                word = re.sub(r"\\?text\{|[{}`]", "", word).strip()
                if not word:
                    continue
                try:
                    fmt = get_format(word)
                except InputError:
                    continue
                if isinstance(fmt, (FloatFormat, IntFormat)):
                    names.append(fmt.name)
            if names:
                return tuple(names), block.line
    return (), 0


# -- sentences -----------------------------------------------------------------------

@dataclass
class _Sentence:
    template: str                     # the words, each formula as §k§
    maths: list[Math]                 # by placeholder number
    line: int


def _math_of(piece: Inline) -> Math:
    return _read_math(piece.text, piece.line, piece.column)


def _read_math(text: str, line: int, column: int) -> Math:
    try:
        return Math(text, line, column, mathexpr.parse(text))
    except mathexpr.LatexError as exc:
        return Math(text, line, column, None, str(exc), exc.malformed, exc.offset)


_PARENTHESIS = re.compile(r"\(([^()]*)\)")


def _relations_in_words(piece: Inline, maths: list[Math]) -> str:
    """The words of ``piece``, each parenthesis that holds a relation written outside ``$...$`` ("(X[I] > 0)") a
    formula (a placeholder, its `Math` added to ``maths``); a parenthesis holding no relation stays words."""
    def formula(m: re.Match) -> str:
        math = _read_math(m.group(1), piece.line, piece.column + m.start(1))
        if math.formula is None or not math.formula.relations:
            return m.group(0)
        maths.append(math)
        return f"§{len(maths) - 1}§"
    return _PARENTHESIS.sub(formula, piece.text)


# a condition's word written inside the formula: "$if (X[i] > 0): (...)$", "$\text{if } X > 0, ...$"; after it,
# "$\dfrac{dY}{dX} = 1 \text{ if } X > 0$"
def _word_macro(group: str) -> str:
    return r"\\(?:text|textit|textrm|mathrm)\s*\{\s*(?P<" + group + r">if|when)\s*\}"


_LEADING_IF = re.compile(r"\s*(?:" + _word_macro("macro") + r"|(?P<bare>if|when)\b)\s*", re.I)
_TRAILING_IF = re.compile(r"\s*,?\s*(?:\\q?quad\s*)?" + _word_macro("word") + r"\s*", re.I)


def _depth(text: str) -> int:
    """How many parentheses, brackets and braces are open at the end of ``text``."""
    return sum((char in "([{") - (char in ")]}") for char in text)


def _condition_in_math(text: str) -> list[str | tuple[int, int]] | None:
    """A formula holding a condition's word, cut into words and formulas (the (start, end) of each in ``text``):
    "if (X[i] > 0): (...)" is ``["if", (3, 13), ":", (14, ...)]``, "... \\text{ if } X > 0" ``[(0, k), "if", (m, n)]``;
    None when it holds none at its top level."""
    leading = _LEADING_IF.match(text)
    if leading:
        rest = leading.end()
        cut = next((at for at in range(rest, len(text)) if text[at] in ":," and _depth(text[rest:at]) == 0), None)
        word = leading.group("macro") or leading.group("bare")
        return [word, (rest, len(text))] if cut is None else [word, (rest, cut), text[cut], (cut + 1, len(text))]
    trailing = next((m for m in _TRAILING_IF.finditer(text) if _depth(text[:m.start()]) == 0), None)
    if trailing:
        return [(0, trailing.start()), trailing.group("word"), (trailing.end(), len(text))]
    return None


def _words_in_math(piece: Inline, maths: list[Math]) -> str:
    """A formula as the sentence reads it: its placeholder, its `Math` added to ``maths``.  One that does not read
    whole but holds a condition's word gives those words and formulas, each formula its own, for the grammar to read
    whole: "$if (X[i] > 0): (\\dfrac{dY}{dX} = 1)$" is "if", the relation, ":", the claim; "$\\dfrac{dY}{dX} = 1
    \\text{ if } X > 0$" (the claim a derivative: a bound's proviso written so is the reference algorithms') is the
    claim, "if", the relation."""
    whole = _math_of(piece)
    parts = None if whole.formula is not None else _condition_in_math(piece.text)
    read = {}
    for part in parts or ():
        if isinstance(part, tuple):
            written = piece.text[part[0]:part[1]]
            read[part] = _read_math(written.strip(), piece.line,
                                    piece.column + part[0] + len(written) - len(written.lstrip()))
    formulas = list(read.values())
    leading = bool(parts) and isinstance(parts[0], str)          # "if <condition>: <claim>", else "<claim> if ..."
    condition = None if not formulas else formulas[0] if leading else formulas[-1]
    claim = None if leading or not formulas else formulas[0]
    if condition is None or condition.formula is None or not condition.formula.relations or claim is not None and (
            claim.formula is None or not claim.formula.relations or not claim.formula.parts[0].has(sympy.Derivative)):
        maths.append(whole)
        return f"§{len(maths) - 1}§"
    template = []
    for part in parts:
        if isinstance(part, str):
            template.append(part)
        else:
            template.append(f"§{len(maths)}§")
            maths.append(read[part])
    return " ".join(template).replace(" :", ":").replace(" ,", ",")


def _sentences(block: Block) -> list[_Sentence]:
    """A text block cut into sentences, formulas as placeholders."""
    template, maths, starts = [], [], []
    for piece in block.inlines:
        if piece.kind == "math":
            starts.append((len("".join(template)), piece.line))
            template.append(_words_in_math(piece, maths))
        elif piece.kind == "code":
            template.append(f"`{piece.text}`")
        elif piece.kind in ("text",):
            starts.append((len("".join(template)), piece.line))
            template.append(_relations_in_words(piece, maths))
        elif piece.kind == "break":
            template.append(" ")
    text = "".join(template)
    out = []
    # a sentence ends at ". " before a capital letter or a formula (not "i.e." nor "e.g.")
    cut = 0
    for m in re.finditer(r"(?<!\bi\.e)(?<!\be\.g)[.;]\s+(?=[A-Z§(])", text):
        out.append((cut, m.start() + 1))
        cut = m.end()
    out.append((cut, len(text)))
    sentences = []
    for start, stop in out:
        words = text[start:stop].strip()
        if not words:
            continue
        line = max((ln for pos, ln in starts if pos <= start), default=block.line)
        numbers = [int(n) for n in _PLACEHOLDER.findall(words)]
        renumber = {n: k for k, n in enumerate(numbers)}
        sentences.append(_Sentence(_PLACEHOLDER.sub(lambda m: f"§{renumber[int(m.group(1))]}§", words),
                                   [maths[n] for n in numbers], line))
    return sentences


# -- what a formula is --------------------------------------------------------------

def error_of(name: str) -> str:
    """``C_err^propag`` -> ``propag``; ``C_err^intro`` -> ``intro``; ``C_err`` -> ``total``; else ""."""
    m = re.fullmatch(r"[A-Za-z]+_err(?:\^(propag|intro))?", name)
    return "" if not m else (m.group(1) or "total")


def _is_error_name(name: str) -> bool:
    return error_of(name) in ("propag", "intro")


_DEFINING = ("definition", "result", "error-total", "largest", "element")
_SIDE_BY_SIDE = re.compile(r",\s*\\quad\s*")


def _definition(math: Math, kind: str) -> Definition:
    """The definition a formula of one of the `_DEFINING` kinds makes."""
    lhs, rhs = math.formula.parts
    if kind == "largest":
        return Definition(str(lhs.args[0]), "largest", math.line, math.text, rhs)
    if kind == "element":
        return Definition(str(lhs.base.label), "element", math.line, math.text, rhs,
                          indices=tuple(str(i) for i in lhs.indices), ranges=math.formula.quantifiers)
    return Definition(str(lhs), "formula" if kind == "definition" else kind, math.line, math.text, rhs)


def _largest(lhs: sympy.Basic, rhs: sympy.Basic) -> bool:
    """``|A| = \\max_{0 <= i < m, 0 <= j < n} |A[i, j]|``: the largest magnitude of an element of A, each of its
    indices running over a range from 0 (the note's notation |A| for the matrix A)."""
    if not (isinstance(lhs, sympy.Abs) and isinstance(lhs.args[0], sympy.Symbol) and isinstance(rhs, mathexpr.Largest)):
        return False
    body, *ranges = rhs.args
    element = body.args[0] if isinstance(body, sympy.Abs) else None
    return (isinstance(element, sympy.Indexed) and element.base.label == lhs.args[0]
            and list(element.indices) == [r[0] for r in ranges] and all(r[1] == 0 for r in ranges))


def _classify(formula: mathexpr.Formula) -> str:
    """statement | definition | result | error-total | largest | element | reference"""
    if not formula.is_relation:
        return "reference"
    if formula.quantifiers:   # for each index in its range, an element of the result: C[i, j] = ...
        lhs = formula.parts[0]
        bound = {letter for letter, _, _ in formula.quantifiers}
        if formula.relations == ("=",) and isinstance(lhs, sympy.Indexed) and {str(i) for i in lhs.indices} == bound \
                and not error_of(str(lhs.base.label)):
            return "element"
        return "other"
    names = {str(s) for p in formula.parts for s in p.free_symbols}
    lhs = formula.parts[0]
    if len(formula.parts) == 2 and formula.relations == ("=",) and _largest(lhs, formula.parts[1]):
        return "largest"
    if len(formula.parts) == 2 and formula.relations == ("=",) and isinstance(lhs, sympy.Symbol):
        name = str(lhs)
        rhs = formula.parts[1]
        if error_of(name) == "total" and {str(s) for s in rhs.free_symbols} and all(
                _is_error_name(str(s)) for s in rhs.free_symbols):
            return "error-total"
        if not error_of(name):
            a, b = (sympy.Symbol(n, real=True) for n in ("A", "B"))
            return "result" if sympy.simplify(rhs - a / b) == 0 else "definition"
    if any(_is_error_name(n) for n in names) or formula.parts[0].has(sympy.Derivative):
        return "statement"
    return "other"


# -- the reading ---------------------------------------------------------------------

GRAMMAR_FILE = Path(__file__).with_name("accuracy.lark")
_FAMILIES = ("real", "float", "int")
_CONDITION_WORDS = ("if", "for", "when", "whenever", "provided", "where", "assuming", "hence,")
_DEFINED = {"machine_epsilon": "machine-epsilon", "min_normal": "min-normal", "max_finite": "max-finite"}


@functools.lru_cache(maxsize=1)
def _parser() -> Lark:
    """The note grammar (`accuracy.lark`), its ``{gerunds}`` the operators' (the grammar names no operator)."""
    gerunds = " | ".join(f'"{g}"i' for g in dict.fromkeys(lexicon.GERUNDS))
    # an indented line that does not open an alternative continues the line above it (as in `statements.lark`)
    text = re.sub(r"\n[ \t]+(?![ \t|/])", " ", GRAMMAR_FILE.read_text(encoding="utf-8")).replace("{gerunds}", gerunds)
    return Lark(text, start=["conditions", "lead", "sentence", "algorithm_sentence", "formula_proviso"],
                parser="earley", lexer="basic", propagate_positions=True)


def parse_words(start: str, words: str) -> Tree | str:
    """``words`` (a sentence's template, formulas as ``§k§``) parsed whole from the grammar's rule ``start``: its
    tree, or the words not read (from where reading stopped)."""
    parser = _parser()
    try:
        return parser.parse(words, start=start)
    except UnexpectedEOF:
        return "the end of the sentence"
    except UnexpectedInput as exc:
        return words[exc.pos_in_stream:].strip() if exc.pos_in_stream is not None else words


def _maths(tree: Tree) -> list[int]:
    """The formulas (placeholder numbers) a parse tree holds, in order."""
    return [int(t[1:-1]) for t in tree.scan_values(lambda v: isinstance(v, LarkToken) and v.type == "MATH")]


class _Reading:
    def __init__(self, note: Note, blocks: list[Block], embedded: bool = False):
        self.note, self.blocks, self.embedded = note, blocks, embedded
        # a lead-in's conditions, index, level and qualifier ("first-order", or the arithmetic: "real"...), and
        # the lead-in it is under (what reaches the items after its own)
        self.pending: tuple[tuple[Condition, ...], str, int, str, tuple | None] | None = None

    def run(self) -> None:
        skipped: set[int] = set()
        for block in self.blocks:
            section = self.note.section_of(block.line)
            if block.kind == "heading":
                self.pending = None
                continue
            if section is None and self.embedded:
                continue
            if section is not None and section.kind in ("verification", "other", "types"):
                if section.kind == "other" and block.kind in ("paragraph", "item"):
                    self._words_definitions(block)
                if section.line not in skipped and not (self.embedded and section.kind != "verification"):
                    skipped.add(section.line)
                    why = ("C/C++ verification code and its description, not read" if section.kind == "verification"
                           else "not an accuracy section, not read")
                    self.note.unread.append(Unread(section.line, f"section «{section.title}»", why))
                continue
            if block.kind in ("paragraph", "item"):
                following = self.blocks[self.blocks.index(block) + 1] if block is not self.blocks[-1] else None
                self._text_block(block, section, following is not None and following.is_math)
            elif block.is_math:
                self._math_block(block, section)
            elif block.kind == "fence":
                self.note.unread.append(Unread(block.line, f"a {block.info or 'code'} block", "code, not read"))
                self.pending = None

    # a lead-in's conditions reach the items below it (a paragraph's: the blocks up to the next paragraph); past
    # them, those of the lead-in it is under ("A first-order bound is:" over the sibling items "For every ...:")
    def _conditions_for(self, block: Block) -> tuple[tuple[Condition, ...], str, str]:
        while self.pending is not None:
            conditions, index, level, qualifier, outer = self.pending
            if block.kind == "math" or (block.kind == "item" and block.level > level):
                return conditions, index, qualifier
            self.pending = outer
        return (), "", ""

    def _math_block(self, block: Block, section: Section | None) -> None:
        conditions, index, qualifier = self._conditions_for(block)
        # "f = g, \quad h = k": formulas side by side, each its own when each is a relation read whole
        starts = [0] + [m.end() for m in _SIDE_BY_SIDE.finditer(block.body)]
        ends = [m.start() for m in _SIDE_BY_SIDE.finditer(block.body)] + [len(block.body)]
        pieces = [(start, block.body[start:end]) for start, end in zip(starts, ends)]
        maths = []
        for start, text in pieces:
            line, column = block.positions.at(block.body, start + len(text) - len(text.lstrip()))
            maths.append(_read_math(text.strip(), line, column))
        if len(maths) > 1 and not all(m.formula is not None and m.formula.is_relation for m in maths):
            line, column = block.positions.at(block.body, len(block.body) - len(block.body.lstrip()))
            maths, pieces = [_read_math(block.body.strip(), line, column)], [(0, block.body)]
        for math, (_, text) in zip(maths, pieces):
            self._formula(math, section, conditions, index, text.strip(), qualifier)

    def _words_definitions(self, block: Block) -> None:
        """In a section that is not about the errors (the note's "Note Algorithm"), a sentence "Let us define $|A|
        = \\max ...$, ..." read whole defines what the claims below use; the section's other text stays unread."""
        for sentence in _sentences(block):
            tree = parse_words("sentence", sentence.template.strip())
            if isinstance(tree, Tree) and tree.data == "sentence" and tree.children[0].data == "let_define":
                self._defined_by_words(tree, sentence)

    def _text_block(self, block: Block, section: Section | None, before_math: bool = False) -> None:
        """``before_math``: a display formula follows; a last sentence left unfinished (no final punctuation) whose
        words are conditions leads into it as one ending in ':' does."""
        conditions, index, qualifier = self._conditions_for(block)
        sentences = _sentences(block)
        if not sentences:
            return
        for number, sentence in enumerate(sentences):
            last = number == len(sentences) - 1
            words = sentence.template
            unfinished = last and before_math and not re.search(r"[.;!?*:,]\s*$", words)
            if unfinished and words.split()[0].lower() in _CONDITION_WORDS:
                # "Hence, for ... round to nearest even, provided $Y_val$ are normal numbers" before its formula: its
                # conditions reach the formula when they are read; else the sentence is one (unread) of its own
                read = _conditions(words, sentence, sentence.line)
                if read is not None:
                    self.pending = (conditions + read[0], read[1] or index, 0, qualifier, self.pending)
                    continue
            if last and re.search(r"[:,]\s*$", words):
                # a lead-in: its conditions and its qualifier reach what follows
                read = self._lead_in(words.rstrip(":, ").strip(), sentence, block.line)
                level = block.level if block.kind == "item" else 0
                if read is not None:
                    self.pending = (conditions + read[0], read[1] or index, level, read[2] or qualifier, self.pending)
                else:
                    self.pending = (conditions + (Condition(words, sentence.line, "not understood"),), index, level,
                                    qualifier, self.pending)
                continue
            self._sentence(sentence, section, conditions, index, qualifier)

    def _lead_in(self, words: str, sentence: _Sentence, line: int) -> tuple[tuple[Condition, ...], str, str] | None:
        """A lead-in's conditions, declared index and qualifier (``first-order``: "a first-order bound is:", an
        approximation, never a bound); () for a lead-in that only announces (no condition words, or none but
        definitions: "For $C = A/B$, ..."); None for condition words not understood, and for a lead-in whose own
        formulas state something it does not justify a claim with ("If $cond[I] = True$ holds then ...:"): what
        follows rests on it, so it is unread with what follows.  A justification ("Using the derivative of $f$ is
        $f'$, a first-order bound is:", "Since $0 \\le f' \\le 1/4$ for all real $x$, a global bound is:") is not
        read, and the claims it introduces are judged on their own against the operator's function."""
        if words.split() and words.split()[0].lower() in _CONDITION_WORDS:
            read = _conditions(words, sentence, line)
            if read is not None:     # its formulas are conditions ("If $c[I] = True$:"), not definitions
                return (*read, "")
        tree = parse_words("lead", words)
        if isinstance(tree, Tree):
            # "a global bound is:" is a qualifier too: a first-order lead-in above it does not reach its claims
            qualifier = "first-order" if any(tree.find_data("first_order")) or any(
                tree.find_data("to_first_order")) else "global" if any(tree.find_data("qualified_bound")) else next(
                (str(t.children[0]).lower() for t in tree.find_data("family")), "")
            why = "a justification of what follows, not read: its claims are judged on their own" if _maths(
                tree) else LEAD_IN
            self.note.unread.append(Unread(line, _shown_words(words, sentence), why))
            return (), "", qualifier
        own = {int(n) for n in _PLACEHOLDER.findall(words)}
        defines = self._definitions_in(sentence, exclude=set(range(len(sentence.maths))) - own)
        if own and not defines:
            self.note.unread.append(Unread(line, _shown_words(words, sentence), _not_read(tree, sentence)))
            return None
        if not words.split() or words.split()[0].lower() not in _CONDITION_WORDS or defines:
            self.note.unread.append(Unread(line, _shown_words(words, sentence), LEAD_IN))
            return (), "", ""
        return None

    def _sentence(self, sentence: _Sentence, section: Section | None, outer: tuple[Condition, ...],
                  index: str, qualifier: str) -> None:
        words = sentence.template.strip()
        core = re.sub(r"[\s.*,;]+$", "", words)
        if re.fullmatch(r"§0§", core):
            self._formula(sentence.maths[0], section, outer, index, sentence.maths[0].text, qualifier)
            return
        tree = parse_words("sentence", words)
        kind = "" if not isinstance(tree, Tree) else tree.data if tree.data != "sentence" else tree.children[0].data
        if kind == "let_define" and self._defined_by_words(tree, sentence):
            return
        # "<lead-in>, $f$." / "<lead-in>: $f$." / "If <condition>, then $f$."
        m = re.fullmatch(r"(?P<lead>.+?)(?:[,:]\s*(?:then\s+)?|\s+then\s+)§(?P<f>\d+)§", core, re.S | re.I)
        if m and int(m.group("f")) == len(sentence.maths) - 1:
            read = self._lead_in(m.group("lead").strip(), sentence, sentence.line)
            math = sentence.maths[int(m.group("f"))]
            if read is None:
                read = ((Condition(_shown_words(m.group("lead"), sentence), sentence.line, "not understood"),), "", "")
            self._formula(math, section, outer + read[0], read[1] or index, math.text, read[2] or qualifier)
            self._definitions_in(sentence, exclude={int(m.group("f"))})
            return
        # "$f$ if <condition>"
        m = re.fullmatch(r"§0§\s+(?P<cond>(?:if|when|provided|whenever)\b.+)", core, re.S | re.I)
        if m:
            read = _conditions(m.group("cond"), sentence, sentence.line)
            conds = read[0] if read is not None else (Condition(m.group("cond"), sentence.line, "not understood"),)
            self._formula(sentence.maths[0], section, outer + conds, index, sentence.maths[0].text, qualifier)
            return
        if kind == "type_list":
            return     # the section's type list (`Section.types`)
        if kind == "domain":
            self.note.definitions.append(Definition("", "domain", sentence.line, _shown(sentence)))
            return
        if kind == "prose_bound" and section is not None and section.kind in ("introduction", "propagation"):
            self._prose_bound(tree, words, sentence, section, outer, index)
            return
        if kind == "naming_only" and self._definitions_in(sentence):
            return
        if kind == "propagated_from" and self._result_of_one(tree, sentence):
            return
        if kind in ("propagated_from_several", "selected_from") and self._result_of_several(tree, sentence, kind):
            return
        if kind == "derivative_facts":
            why = self._derivative_facts(tree, words, sentence, section, outer, index)
            if not why:
                return
            self.note.unread.append(Unread(sentence.line, _shown(sentence), f"not understood ({why})"))
            return
        if kind == "formula_remark":     # "$f$ (This holds because ...)": the remark justifies, the formula states
            self.note.unread.append(Unread(sentence.line, _shown_words(words[words.index("("):], sentence),
                                           "a justification of the formula before it, not read"))
            self._formula(sentence.maths[0], section, outer, index, sentence.maths[0].text, qualifier)
            return
        # a sentence with words beyond its formulas' names is unread whole ("For $x = 0$: ... is undefined" does
        # not define x)
        self.note.unread.append(Unread(sentence.line, _shown(sentence), _not_read(tree, sentence)))

    def _derivative_facts(self, tree: Tree, words: str, sentence: _Sentence, section: Section | None,
                          outer: tuple[Condition, ...], index: str) -> str:
        """"if $X[i] = 0$: derivative is undefined, but <operator> is Lipschitz continuous with constant $K$": each
        fact a statement (``source`` ``derivative-undefined``, its point the conditions' ``X = x0``; ``lipschitz``,
        its formula the constant), under the sentence's condition or point ("at $X = 0$") and the lead-in's.  Why
        the sentence is not read ("" when it is): a subject other than the note's operator or result, a point or
        condition that is not a relation, a section not about the propagated error."""
        if section is None or section.kind not in ("propagation", "accuracy"):
            return "a fact of the derivative outside the sections on the propagated error"
        shared = list(outer)
        for part in tree.children[0].children:
            if isinstance(part, Tree) and part.data == "condition_clause":
                read = _conditions_of(part, words, sentence, sentence.line, index)
                if read is None:
                    return f"the condition «{_shown_words(words[part.meta.start_pos:part.meta.end_pos], sentence)}»"
                shared += read[0]
            elif isinstance(part, Tree) and part.data == "at_point":
                shared.append(self._at_point(part, sentence))
        found = []
        for fact in tree.children[0].children:
            if not isinstance(fact, Tree) or fact.data not in ("undefined_derivative", "lipschitz_constant"):
                continue
            subject = next(fact.find_data("fact_subject"), None)
            if subject is not None and not self._names_operator(subject, sentence):
                written = _shown_words(str(subject.children[0]), sentence)
                return f"«{written}» is not the note's operator nor its result"
            conditions = list(shared)
            points = list(fact.find_data("at_point"))
            conditions += [self._at_point(point, sentence) for point in points]
            if any(c.meaning == "formula" and (c.subject.formula is None or not c.subject.formula.relations)
                   for c in conditions):
                return "a point that is not a relation such as $X = 0$"
            text = _shown_words(words[fact.meta.start_pos:fact.meta.end_pos], sentence)
            if fact.data == "undefined_derivative":
                if not any(c.meaning == "formula" for c in conditions):
                    return "the derivative undefined where the sentence does not say"
                math = next(c.subject for c in reversed(conditions) if c.meaning == "formula")
                source = "derivative-undefined"
            else:
                math, source = sentence.maths[_maths(fact)[-1]], "lipschitz"
            found.append(Statement(sentence.line, math.column, section, text, math, tuple(conditions), source, index))
        self.note.statements.extend(found)
        return ""

    @staticmethod
    def _at_point(point: Tree, sentence: _Sentence) -> Condition:
        math = sentence.maths[_maths(point)[0]]
        return Condition(f"at ${math.text}$", sentence.line, "formula", math)

    def _names_operator(self, subject: Tree, sentence: _Sentence) -> bool:
        """The subject of a fact is the note's operator by name or its result ("$Y$")."""
        written = subject.children[0]
        if written.type == "FACT_SUBJECT":
            return bool(self.note.operator) and str(written).lower() == self.note.operator.lower()
        formula = sentence.maths[_maths(subject)[0]].formula
        return formula is not None and formula.parts == (mathexpr.symbol(self.note.result),)

    def _defined_by_words(self, tree: Tree, sentence: _Sentence) -> bool:
        """"Let us define $x$ the machine epsilon ... and $u = x/2$": each formula a symbol named by its words
        or a definition; False (the sentence unread) when one is neither."""
        found = []
        for item in tree.find_pred(lambda t: t.data in ("defined_as", "defined_formula")):
            math = sentence.maths[_maths(item)[0]]
            if math.formula is None:
                return False
            if item.data == "defined_as":
                if len(math.formula.parts) != 1 or not isinstance(math.formula.parts[0], sympy.Symbol):
                    return False
                named = next(c for c in item.children if isinstance(c, Tree) and c.data in _DEFINED)
                found.append(Definition(str(math.formula.parts[0]), _DEFINED[named.data], math.line, math.text))
                continue
            kind = _classify(math.formula)
            if kind not in _DEFINING:
                return False
            found.append(_definition(math, kind))
        self.note.definitions.extend(found)
        return bool(found)

    def _result_of_one(self, tree: Tree, sentence: _Sentence) -> bool:
        """"For $Y = f(X)$ with $f(x) = ...$, the propagated error $Y_err^propag$ comes from the input error
        $X_err$": the result ``Y`` of one operand ``X`` (a definition ``result``), the function the sentence
        defines (``function``: f as a `sympy.Lambda`); False (the sentence unread) unless the errors it names are
        ``Y``'s propagated error and ``X``'s error."""
        maths = [sentence.maths[k] for k in _maths(tree)]
        if any(m.formula is None for m in maths):
            return False
        result, *function, error, operand_error = (m.formula for m in maths)
        if result.relations != ("=",) or not isinstance(result.parts[0], sympy.Symbol):
            return False
        name, value = str(result.parts[0]), result.parts[1]
        operands = [str(s) for s in value.free_symbols]
        if len(operands) != 1 or error.parts != (mathexpr.symbol(f"{name}_err^propag"),) or operand_error.parts != (
                mathexpr.symbol(f"{operands[0]}_err"),):
            return False
        found = [Definition(name, "result", maths[0].line, maths[0].text, value)]
        for math, formula in zip(maths[1:-2], function):
            applied = formula.parts[0]
            if formula.relations != ("=",) or not isinstance(applied, sympy.core.function.AppliedUndef) or len(
                    applied.args) != 1 or not isinstance(applied.args[0], sympy.Symbol):
                return False
            found.append(Definition(str(applied.func), "function", math.line, math.text,
                                    sympy.Lambda(applied.args[0], formula.parts[1])))
        self.note.definitions.extend(found)
        return True

    def _result_of_several(self, tree: Tree, sentence: _Sentence, kind: str) -> bool:
        """"For $C = A^B$, the propagated error $C_err^propag$ comes from the input errors $A_err$ and $B_err$":
        the result ``C`` of the operands ``A``, ``B`` (a definition ``result`` with its operands in the order of
        their errors).  "For $Z = Where(c, X, Y)$, the propagated error depends only on the selected branch": the
        result of the call's operands in its order; its remark is what the cases below it state, shown unread.
        False (the sentence unread) unless every formula is what its place says."""
        maths = [sentence.maths[k] for k in _maths(tree)]
        if any(m.formula is None for m in maths):
            return False
        result = maths[0].formula
        if result.relations != ("=",) or not isinstance(result.parts[0], sympy.Symbol):
            return False
        name, value = str(result.parts[0]), result.parts[1]
        if kind == "selected_from":
            if not isinstance(value, sympy.core.function.AppliedUndef) or not all(
                    isinstance(a, sympy.Symbol) for a in value.args):
                return False
            operands = tuple(str(a) for a in value.args)
            self.note.unread.append(Unread(sentence.line, _shown(sentence), "its remark on the selected branch, not "
                                           "read: the cases under it state it"))
        else:
            error, *errors = (m.formula for m in maths[1:])
            operands = tuple(str(e.parts[0])[:-len("_err")] for e in errors
                             if len(e.parts) == 1 and str(e.parts[0]).endswith("_err"))
            if error.parts != (mathexpr.symbol(f"{name}_err^propag"),) or len(operands) != len(errors) or (
                    {str(s) for s in value.free_symbols} - set(operands)):
                return False
        self.note.definitions.append(Definition(name, "result", maths[0].line, maths[0].text, value, operands))
        return True

    def _definitions_in(self, sentence: _Sentence, exclude: set[int] = frozenset()) -> bool:
        """Symbols the sentence defines by formula (``u = ε/2``, ``C = A/B``).  True when it defines something
        and each of its other formulas only names a quantity."""
        found, defined = set(), False
        for number, math in enumerate(sentence.maths):
            if number in exclude or math.formula is None:
                continue
            kind = _classify(math.formula)
            if kind in _DEFINING:
                self.note.definitions.append(_definition(math, kind))
                found.add(number)
                defined = True
            elif kind == "reference":
                found.add(number)
        return defined and len(found | exclude) == len(sentence.maths)

    def _formula(self, math: Math, section: Section | None, conditions: tuple[Condition, ...], index: str,
                 text: str, qualifier: str = "") -> None:
        if math.formula is not None:
            kind = _classify(math.formula)
            if kind in _DEFINING and conditions:
                # "If $c[I]$ holds: $Z[I] = X[I]$" is a case of the result, not its definition
                self.note.unread.append(Unread(math.line, f"${math.text}$",
                                               "a case of the result under a condition, not read"))
                return
            if kind in _DEFINING:
                self.note.definitions.append(_definition(math, kind))
                return
            if kind == "reference":
                return
            if kind == "other":
                self.note.unread.append(Unread(math.line, f"${math.text}$", "a formula that states no error"))
                return
        elif math.malformed:
            at = math.column + (math.offset if "\n" not in math.text[:math.offset] else 0)
            self.note.findings.append(Finding("ill-formed", math.line, f"the formula cannot be read: {math.problem}: "
                                              f"${math.text}$", column=at))
        if section is None or section.kind not in ("propagation", "introduction", "accuracy"):
            self.note.unread.append(Unread(math.line, f"${math.text}$", "a formula outside the error sections"))
            return
        self.note.statements.append(Statement(math.line, math.column, section, text, math, conditions, "formula",
                                              index, order="first-order" if qualifier == "first-order" else "",
                                              family=qualifier if qualifier in _FAMILIES else ""))

    def _prose_bound(self, tree: Tree, words: str, sentence: _Sentence, section: Section,
                     outer: tuple[Condition, ...], index: str) -> None:
        bound_tree = next(tree.find_data("prose_bound"))
        said = next(bound_tree.find_pred(lambda t: t.data in ("error_subject", "error_subject_verb"))).meta
        subject = words[said.start_pos:said.end_pos].lower()
        which = "introduced" if re.search(r"introduc|rounding", subject) else (
            "propagated" if "propagat" in subject else "")
        if not which:
            self.note.unread.append(Unread(sentence.line, _shown(sentence), "not understood (which error it bounds)"))
            return
        bound = sentence.maths[next(int(c[1:-1]) for c in bound_tree.children
                                    if isinstance(c, LarkToken) and c.type == "MATH")]
        conditions, unread = list(outer), []
        for tail in bound_tree.children:
            if not isinstance(tail, Tree):
                continue
            if tail.data == "provided_normal":
                math = sentence.maths[_maths(tail)[0]]
                conditions.append(Condition(f"provided ${math.text}$ is a normal number", sentence.line, "normal",
                                            math))
            elif tail.data == "aside":      # an alternative in parentheses: delimited, not read
                unread.append(_shown_words(str(tail.children[0]), sentence))
        self.note.statements.append(Statement(sentence.line, bound.column, section, _shown(sentence), bound,
                                              tuple(conditions), "prose", index, which, " ".join(unread)))


def _conditions(words: str, sentence: _Sentence, line: int) -> tuple[tuple[Condition, ...], str] | None:
    """The conditions of a lead-in or trailing clause, and the index it declares; None when not understood."""
    words = words.strip().rstrip(":,. ")
    tree = parse_words("conditions", words)
    if not isinstance(tree, Tree):
        return None
    clause = tree.children[0]
    if clause.data == "no_error":
        return (Condition(words, line, "no-error"),), ""
    if clause.data == "for_value":
        math = sentence.maths[_maths(clause)[0]]
        if math.formula is None or not math.formula.is_relation or "=" in math.formula.relations:
            return None     # "For $C = A/B$": a definition, or no relation at all
        return (Condition(_shown_words(words, sentence), line, "formula", math),), ""
    index = ""
    if clause.data == "for_every":
        written = next(clause.find_data("index"))
        if not _maths(written):      # "For every index (I) ...": the letter in parentheses
            return _conditions_of(clause, words, sentence, line, str(written.children[0]))
        declared = sentence.maths[_maths(written)[0]]
        letters = re.fullmatch(r"\s*[A-Za-z](\s*,\s*[A-Za-z])+\s*", declared.text)
        if letters:       # "For every index $i, j$": one element of a matrix
            index = ",".join(re.findall(r"[A-Za-z]", declared.text))
        elif declared.formula is None or len(declared.formula.parts) != 1:
            return None
        else:
            index = str(declared.formula.parts[0])
    return _conditions_of(clause, words, sentence, line, index)


def _conditions_of(clause: Tree, words: str, sentence: _Sentence, line: int, index: str
                   ) -> tuple[tuple[Condition, ...], str] | None:
    out = []
    for listed in clause.find_data("condition_list"):
        for condition in listed.children:
            math = sentence.maths[_maths(condition)[0]]
            shown = _shown_words(words[condition.meta.start_pos:condition.meta.end_pos], sentence)
            if condition.data == "formula_condition":
                if math.formula is None or not math.formula.is_relation:
                    return None
                out.append(Condition(shown, line, "formula", math))
            else:
                out.append(Condition(shown, line, {"no_crossing": "no-crossing", "normal": "normal"}[condition.data],
                                     math))
    return tuple(out), index


def _not_read(tree: Tree | str, sentence: _Sentence | None = None) -> str:
    """Why a sentence is unread: the words the grammar did not read."""
    if isinstance(tree, Tree) or sentence is None or tree.strip() == sentence.template.strip():
        return "not understood"
    return f"not understood («{_shown_words(tree, sentence)}» not read)"


def _shown_words(words: str, sentence: _Sentence) -> str:
    return _PLACEHOLDER.sub(lambda m: f"${sentence.maths[int(m.group(1))].text}$", words).strip()


def _shown(sentence: _Sentence) -> str:
    return _shown_words(sentence.template, sentence)

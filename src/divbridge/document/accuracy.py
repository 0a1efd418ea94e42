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

import re
from dataclasses import dataclass, field
from pathlib import Path

import sympy

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


@dataclass(frozen=True)
class Definition:
    name: str                         # the symbol defined (mathexpr's spelling)
    meaning: str                      # machine-epsilon | min-normal | max-finite | formula | result | error-total | domain
    line: int
    text: str
    value: sympy.Expr | None = None   # a formula definition's right side


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
        section = Section(title, heading.line, end, heading.level, _kind(title), family, types, types_line)
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


def _sentences(block: Block) -> list[_Sentence]:
    """A text block cut into sentences, formulas as placeholders."""
    template, maths, starts = [], [], []
    for piece in block.inlines:
        if piece.kind == "math":
            starts.append((len("".join(template)), piece.line))
            template.append(f"§{len(maths)}§")
            maths.append(_math_of(piece))
        elif piece.kind == "code":
            template.append(f"`{piece.text}`")
        elif piece.kind in ("text",):
            starts.append((len("".join(template)), piece.line))
            template.append(piece.text)
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


def _classify(formula: mathexpr.Formula) -> str:
    """statement | definition | result | error-total | reference"""
    if not formula.is_relation:
        return "reference"
    names = {str(s) for p in formula.parts for s in p.free_symbols}
    lhs = formula.parts[0]
    if len(formula.parts) == 2 and formula.relations == ("=",) and isinstance(lhs, sympy.Symbol):
        name = str(lhs)
        rhs = formula.parts[1]
        if error_of(name) == "total" and {str(s) for s in rhs.free_symbols} and all(
                _is_error_name(str(s)) for s in rhs.free_symbols):
            return "error-total"
        if not error_of(name):
            a, b = (sympy.Symbol(n, real=True) for n in ("A", "B"))
            return "result" if sympy.simplify(rhs - a / b) == 0 else "definition"
    if any(_is_error_name(n) for n in names):
        return "statement"
    return "other"


# -- the reading ---------------------------------------------------------------------

_FOR_EVERY = re.compile(r"^(?:for\s+(?:every|all|any|each)\s+(?:valid\s+)?(?:(?:tensor\s+)?index(?:es)?\s+)?)"
                        r"§(\d+)§(?:\s+(?:such\s+that|where|with|for\s+which)\s+(?P<conds>.+))?$", re.I)
_NO_ERROR = re.compile(r"^for\s+(?:integer\s+|exact\s+)?inputs?\s+(?:modell?ed\s+)?without\s+errors?(?:\s+symbols?)?$",
                       re.I)
_CONDITION_START = re.compile(r"^(?:if|for|when|whenever|provided|where|assuming)\b", re.I)
_LET_DEFINE = re.compile(r"\blet\s+us\s+(?:also\s+)?define\b", re.I)
_DEFINED_AS = (("machine-epsilon", re.compile(r"§(\d+)§\s+(?:as\s+)?the\s+(?:\[)?machine\s+epsilon", re.I)),
               ("min-normal", re.compile(r"§(\d+)§\s+(?:as\s+)?the\s+(?:minimal|smallest|minimum)\s+"
                                         r"(?:positive\s+)?normali[sz]ed\s+(?:floating[- ]point\s+)?number", re.I)),
               ("min-normal", re.compile(r"§(\d+)§\s+(?:as\s+)?the\s+(?:minimal|smallest|minimum)\s+"
                                         r"(?:positive\s+)?normal\s+(?:floating[- ]point\s+)?number", re.I)),
               ("max-finite", re.compile(r"§(\d+)§\s+(?:as\s+)?the\s+(?:largest|maximal|maximum)\s+finite", re.I)))
_BOUNDED = re.compile(r"^(?P<subject>.*?\berror\b.*?)\s+(?:is\s+)?bounded\s+by\s+§(?P<bound>\d+)§(?P<rest>.*)$",
                      re.I | re.S)
_PROVIDED_NORMAL = re.compile(r"\bprovided\s+(?:that\s+)?§(\d+)§\s+is\s+a\s+normal\s+number\b", re.I)
# a sentence of definitions and nothing else: its formulas joined by naming words ("where $u = ...$ and $v = ...$")
_NAMING_ONLY = re.compile(r"^(?:(?:where|with|and|let|hence|i\.e\.|that\s+is)\b|§\d+§|[\s,.;:])*$",
                          re.I)
_DOMAIN = re.compile(r"^(?:if\s+§\d+§,?\s+otherwise\s+§\d+§\s+is\s+(?:not\s+defined|undefined)"
                     rf"|(?:{lexicon.alternatives(lexicon.GERUNDS)})\s+by\s+zero\s+(?:remains|is)\s+undefined\b.*)[.]?$", re.I)


class _Reading:
    def __init__(self, note: Note, blocks: list[Block], embedded: bool = False):
        self.note, self.blocks, self.embedded = note, blocks, embedded
        self.pending: tuple[tuple[Condition, ...], str, int] | None = None   # a lead-in's conditions, index, level

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
                if section.line not in skipped and not (self.embedded and section.kind != "verification"):
                    skipped.add(section.line)
                    why = ("C/C++ verification code and its description, not read" if section.kind == "verification"
                           else "not an accuracy section, not read")
                    self.note.unread.append(Unread(section.line, f"section «{section.title}»", why))
                continue
            if block.kind in ("paragraph", "item"):
                self._text_block(block, section)
            elif block.is_math:
                self._math_block(block, section)
            elif block.kind == "fence":
                self.note.unread.append(Unread(block.line, f"a {block.info or 'code'} block", "code, not read"))
                self.pending = None

    # a lead-in's conditions reach the items below it (a paragraph's: the blocks up to the next paragraph)
    def _conditions_for(self, block: Block) -> tuple[tuple[Condition, ...], str]:
        if self.pending is None:
            return (), ""
        conditions, index, level = self.pending
        if block.kind == "math" or (block.kind == "item" and block.level > level):
            return conditions, index
        self.pending = None
        return (), ""

    def _math_block(self, block: Block, section: Section | None) -> None:
        conditions, index = self._conditions_for(block)
        line, column = block.positions.at(block.body, len(block.body) - len(block.body.lstrip()))
        math = _read_math(block.body.strip(), line, column)
        self._formula(math, section, conditions, index, block.body.strip())

    def _text_block(self, block: Block, section: Section | None) -> None:
        conditions, index = self._conditions_for(block)
        sentences = _sentences(block)
        if not sentences:
            return
        for number, sentence in enumerate(sentences):
            last = number == len(sentences) - 1
            words = sentence.template
            if last and re.search(r"[:,]\s*$", words):
                # a lead-in: its conditions reach what follows
                read = self._lead_in(words.rstrip(":, ").strip(), sentence, block.line)
                level = block.level if block.kind == "item" else 0
                if read is not None:
                    self.pending = (conditions + read[0], read[1] or index, level)
                else:
                    self.pending = (conditions + (Condition(words, sentence.line, "not understood"),), index, level)
                continue
            self._sentence(sentence, section, conditions, index)

    def _lead_in(self, words: str, sentence: _Sentence, line: int) -> tuple[tuple[Condition, ...], str] | None:
        """A lead-in's conditions and declared index; () for a lead-in that only announces (no condition
        words, or none but definitions: "For $C = A/B$, ..."); None for condition words not understood, and
        for a lead-in whose own formulas state something ("Since $0 \\le f'(x) \\le 1$, a global bound is:"):
        what follows rests on it, so it is unread with what follows."""
        read = _conditions(words, sentence, line) if _CONDITION_START.match(words) else None
        if read is not None:     # its formulas are conditions ("If $c[I] = True$:"), not definitions
            return read
        own = {int(n) for n in _PLACEHOLDER.findall(words)}
        defines = self._definitions_in(sentence, exclude=set(range(len(sentence.maths))) - own)
        if own and not defines:
            self.note.unread.append(Unread(line, _PLACEHOLDER.sub(
                lambda m: f"${sentence.maths[int(m.group(1))].text}$", words)))
            return None
        if not _CONDITION_START.match(words) or defines:
            self.note.unread.append(Unread(line, _PLACEHOLDER.sub(lambda m: f"${sentence.maths[int(m.group(1))].text}$",
                                                                  words), LEAD_IN))
            return (), ""
        return None

    def _sentence(self, sentence: _Sentence, section: Section | None, outer: tuple[Condition, ...],
                  index: str) -> None:
        words = sentence.template.strip()
        core = re.sub(r"[\s.*,;]+$", "", words)
        if re.fullmatch(r"§0§", core):
            self._formula(sentence.maths[0], section, outer, index, sentence.maths[0].text)
            return
        if _LET_DEFINE.search(core) and self._definitions_in(sentence, words=True):
            return
        # "<lead-in>, $f$." / "<lead-in>: $f$."
        m = re.fullmatch(r"(?P<lead>.+?)[,:]\s*§(?P<f>\d+)§", core, re.S)
        if m and int(m.group("f")) == len(sentence.maths) - 1:
            read = self._lead_in(m.group("lead").strip(), sentence, sentence.line)
            math = sentence.maths[int(m.group("f"))]
            if read is None:
                read = ((Condition(m.group("lead"), sentence.line, "not understood"),), "")
            self._formula(math, section, outer + read[0], read[1] or index, math.text)
            self._definitions_in(sentence, exclude={int(m.group("f"))})
            return
        # "$f$ if <condition>"
        m = re.fullmatch(r"§0§\s+(?P<cond>(?:if|when|provided|whenever)\b.+)", core, re.S | re.I)
        if m:
            read = _conditions(m.group("cond"), sentence, sentence.line)
            conds = read[0] if read is not None else (Condition(m.group("cond"), sentence.line, "not understood"),)
            self._formula(sentence.maths[0], section, outer + conds, index, sentence.maths[0].text)
            return
        if _WHERE.search(core):
            return     # the section's type list (`Section.types`)
        if _DOMAIN.match(core):
            self.note.definitions.append(Definition("", "domain", sentence.line, _shown(sentence)))
            return
        bounded = _BOUNDED.match(core)
        if bounded and section is not None and section.kind in ("introduction", "propagation"):
            self._prose_bound(bounded, sentence, section, outer, index)
            return
        if sentence.maths and _NAMING_ONLY.match(core) and self._definitions_in(sentence):
            return
        # a sentence with words beyond its formulas' names is unread whole ("For $x = 0$: ... is undefined" does
        # not define x)
        self.note.unread.append(Unread(sentence.line, _shown(sentence)))

    def _definitions_in(self, sentence: _Sentence, words: bool = False, exclude: set[int] = frozenset()) -> bool:
        """Symbols the sentence defines, by words ("Let us define $x$ the machine epsilon") or by
        formula (``u = ε/2``, ``C = A/B``).  True when it defines something and each of its other formulas
        only names a quantity."""
        found, defined = set(), False
        if words:
            for meaning, pattern in _DEFINED_AS:
                for m in pattern.finditer(sentence.template):
                    math = sentence.maths[int(m.group(1))]
                    if math.formula is not None and len(math.formula.parts) == 1 and isinstance(
                            math.formula.parts[0], sympy.Symbol):
                        self.note.definitions.append(Definition(str(math.formula.parts[0]), meaning, math.line,
                                                                math.text))
                        found.add(int(m.group(1)))
                        defined = True
        for number, math in enumerate(sentence.maths):
            if number in exclude or number in found or math.formula is None:
                continue
            kind = _classify(math.formula)
            if kind in ("definition", "result", "error-total"):
                self.note.definitions.append(Definition(str(math.formula.parts[0]), kind if kind != "definition"
                                                        else "formula", math.line, math.text, math.formula.parts[1]))
                found.add(number)
                defined = True
            elif kind == "reference":
                found.add(number)
        return defined and (words or len(found | exclude) == len(sentence.maths))

    def _formula(self, math: Math, section: Section | None, conditions: tuple[Condition, ...], index: str,
                 text: str) -> None:
        if math.formula is not None:
            kind = _classify(math.formula)
            if kind in ("definition", "result", "error-total") and conditions:
                # "If $c[I]$ holds: $Z[I] = X[I]$" is a case of the result, not its definition
                self.note.unread.append(Unread(math.line, f"${math.text}$",
                                               "a case of the result under a condition, not read"))
                return
            if kind in ("definition", "result", "error-total"):
                self.note.definitions.append(Definition(str(math.formula.parts[0]),
                                                        "formula" if kind == "definition" else kind,
                                                        math.line, math.text, math.formula.parts[1]))
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
                                              index))

    def _prose_bound(self, m: re.Match, sentence: _Sentence, section: Section, outer: tuple[Condition, ...],
                     index: str) -> None:
        subject = m.group("subject").lower()
        which = "introduced" if re.search(r"introduc|rounding", subject) else (
            "propagated" if "propagat" in subject else "")
        bound = sentence.maths[int(m.group("bound"))]
        rest = m.group("rest")
        conditions = list(outer)
        for p in _PROVIDED_NORMAL.finditer(rest):
            conditions.append(Condition(f"provided ${sentence.maths[int(p.group(1))].text}$ is a normal number",
                                        sentence.line, "normal", sentence.maths[int(p.group(1))]))
        leftover = _PROVIDED_NORMAL.sub("", rest)
        leftover = re.sub(r"\bfor\s+the\s+standard\s+rounding\s+mode\s+round\s+to\s+nearest\s+even\b", "", leftover,
                          flags=re.I)
        leftover = re.sub(r"\bin\s+the\s+target\s+floating[- ]point\s+format\b", "", leftover, flags=re.I)
        leftover = leftover.strip(" .,;")
        unread = _PLACEHOLDER.sub(lambda x: f"${sentence.maths[int(x.group(1))].text}$", leftover)
        if not which:
            self.note.unread.append(Unread(sentence.line, _shown(sentence)))
            return
        self.note.statements.append(Statement(sentence.line, bound.column, section, _shown(sentence), bound,
                                              tuple(conditions), "prose", index, which, unread))


def _conditions(words: str, sentence: _Sentence, line: int) -> tuple[tuple[Condition, ...], str] | None:
    """The conditions of a lead-in or trailing clause, and the index it declares; None when not understood."""
    words = words.strip().rstrip(":,. ")
    if _NO_ERROR.match(words):
        return (Condition(words, line, "no-error"),), ""
    index = ""
    m = _FOR_EVERY.match(words)
    if m:
        declared = sentence.maths[int(m.group(1))]
        if declared.formula is None or len(declared.formula.parts) != 1:
            return None
        index = str(declared.formula.parts[0])
        if m.group("conds") is None:     # "For every index $I$": the index alone, no condition
            return (), index
        words = m.group("conds")
    else:
        words = re.sub(r"^(?:if|when|whenever|provided(?:\s+that)?|assuming)\s+", "", words, flags=re.I)
    out = []
    for part in re.split(r"\s+and\s+", words):
        part = part.strip(" ,")
        shown = _PLACEHOLDER.sub(lambda x: f"${sentence.maths[int(x.group(1))].text}$", part)
        whole = re.fullmatch(r"§(\d+)§", part)
        crossing = re.fullmatch(r"§(\d+)§\s+does\s+not\s+(?:cross|change\s+sign\s+through)\s+zero"
                                r"(?:\s+under\s+(?:the\s+)?perturbation)?", part, re.I)
        normal = re.fullmatch(r"§(\d+)§\s+is\s+a\s+normal\s+number", part, re.I)
        if whole and sentence.maths[int(whole.group(1))].formula is not None \
                and sentence.maths[int(whole.group(1))].formula.is_relation:
            out.append(Condition(shown, line, "formula", sentence.maths[int(whole.group(1))]))
        elif crossing:
            out.append(Condition(shown, line, "no-crossing", sentence.maths[int(crossing.group(1))]))
        elif normal:
            out.append(Condition(shown, line, "normal", sentence.maths[int(normal.group(1))]))
        else:
            return None
    return tuple(out), index


def _shown(sentence: _Sentence) -> str:
    return _PLACEHOLDER.sub(lambda m: f"${sentence.maths[int(m.group(1))].text}$", sentence.template).strip()

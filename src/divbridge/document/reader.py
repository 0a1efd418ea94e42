"""Reading a SONNX Markdown spec document into its model: sections, tags, and every part with its reading.

The Markdown is parsed by `document.markdown` (markdown-it-py), the formulas
by `document.latex` (pylatexenc).  The document is cut into sections at its
top-level headings; each section gets a type family (real, float, int or
mixed) and its types.  Inside, every part is kept with its line and column:

- requirement tags (`TagUse`): a ``<span>[TAG]</span>`` block running to
  its ``[END]`` (``[info]`` ... ``[/info]`` and other spans that are not
  tags open and close informative blocks), a constraint bullet
  `` - `[TAG]` Title`` with its nested bullets, ``[TAG]`` in a heading (for the
  block below it), at the end of a bullet or in a table's first cell; a tag
  restated with "see constraint" is a reference, not a second definition;
- sentences, formulas, case-table rows and worked examples (`Part`), each
  with the requirement tag whose text holds it and what it is read as
  (`document.meaning.Reading`, by `document.prose` for sentences);
- the structures the checks work on: case tables, examples, single-equation
  definitions, the Why3 formal text, "to be completed" markers.

Reading never raises on bad text: what cannot be parsed is an ``ill-formed``
finding at its line (once), what parses but has no known meaning is "not
understood".
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from divbridge.document import lexicon, meaning, prose, wraparound
from divbridge.document.findings import Finding
from divbridge.document.formula import (ATTRIBUTES, And, Atom, Condition, Entry, Not, Or, Otherwise, Result,
                                        condition_of, entry_of, operands_of, positional, result_of, tolerance,
                                        written_names)
from divbridge.document.latex import LatexError, Token, render, text_tokens, tokens
from divbridge import inputfile
from divbridge.document.markdown import MAX_BYTES, Block, Inline, parse
from divbridge.document.meaning import Reading, Unread
from divbridge.document.naming import Naming, naming
from divbridge.document.notes import ACCURACY_HEADING, is_note_file
from divbridge.errors import InputError
from divbridge import operators
from divbridge.operators.model import OPERANDS, Operator
from divbridge.formats import FORMATS, get_format

NUMPY_PRECISION = 8   # numpy.get_printoptions()["precision"], the default the ONNX pages are printed with


@dataclass
class Section:
    title: str                        # the heading as plain text
    line: int
    end: int                          # last line, inclusive
    family: str = "unknown"           # real | float | int | mixed | unknown
    types: tuple[str, ...] = ()       # format names, in document order
    types_line: int = 0
    types_from: str = ""              # heading | body | document
    listed: tuple[str, ...] = ()      # the words of its type list as written (lower case): types divbridge knows
    #                                   and those it does not (bool), for check-spec to judge against ONNX
    inputs: tuple[str, ...] = ()      # the names its signature gives the inputs, in order (): none does)
    result: str = ""                  # the name its signature or a definition gives the result
    written: dict[str, str] = field(default_factory=dict)   # without a signature: the name each operand (A, B) is
    #                                                         written with in its formulas (X[i]: A as X)


@dataclass(frozen=True)
class TagUse:
    tag: str                          # R1, C1, E_<OP>_FLOAT_FUNC_0010 (no brackets)
    style: str                        # requirement | constraint (the older "(C1)" numbering)
    line: int
    text: str                         # the requirement's text (its title and statement), without the tag
    scope: str                        # the headings inside the section (constraints are numbered per tensor)
    section: str
    defines: bool                     # the tag's own text, not a reference to it
    end: int = 0                      # last line of the tag's text
    column: int = 1
    refers_to: str = ""               # "see constraint [X]": the tag restated
    form: str = "line"                # span | bullet | heading | line | row: how the document writes it


@dataclass
class Part:
    """A sentence, formula, table row or worked example, with the tag whose text holds it."""

    kind: str                         # sentence | formula | row | example
    line: int
    column: int
    text: str
    section: str
    tag: str = ""                     # "" outside every requirement's text
    reading: Reading = field(default_factory=Reading)


@dataclass
class Row:
    """A case of a table: its result and condition, each None when the grammar cannot read it (``why``)."""

    result: Result | None
    condition: Condition | None
    line: int
    text: str
    column: int = 1
    why: str = ""                     # why the row is not read, when it is not

    @property
    def read(self) -> bool:
        return self.result is not None and self.condition is not None

    def reading(self) -> Reading:
        return meaning.understood(meaning.Case(self.condition, self.result)) if self.read else \
            meaning.not_understood(self.why)


def _row(result_tokens, condition_tokens, line: int, text: str, column: int, op: Operator | None) -> Row:
    """A row read by the formula grammar: each of its result and condition read whole, or not at all; a row not
    read says why (the words where reading stopped).  Its condition is kept when only its result is unread: the
    table's coverage counts it.  A result or condition naming B where the operator ``op`` has one input is not
    read (never read as about A); so is one naming C where it has two, or a bool input where a number is
    compared (`_mistyped`)."""
    result = condition = None
    why = []
    try:
        result = result_of(result_tokens)
    except LatexError as exc:
        why.append(str(exc))
    beyond = _beyond(op, result.operands) if result is not None else ""
    if beyond:
        result = None
        why.append(f"the result names {beyond}")
    if op is not None and result is not None and result.kind != "undefined" and op.result_gap(result.kind == "bool"):
        why.append(op.result_gap(result.kind == "bool"))     # True where the result is a number, or the reverse
        result = None
    try:
        condition = condition_of(condition_tokens)
    except LatexError as exc:
        why.append(str(exc))
    beyond = _beyond(op, operands_of(condition)) if condition is not None else ""
    if beyond:
        condition = None
        why.append(f"the condition names {beyond}")
    own = {a.name for a in op.attributes} if op is not None else set()
    for part, names in (("result", result.operands if result is not None else set()),
                        ("condition", operands_of(condition) if condition is not None else set())):
        foreign = sorted(names & ATTRIBUTES - own)
        if foreign:
            result, condition = (None, condition) if part == "result" else (result, None)
            why.append(f"the {part} names {foreign[0]}, no attribute of {op.name if op else 'the operator'}")
    mistyped = _mistyped(op, condition) if condition is not None and op is not None else ""
    if mistyped:   # a condition compared with a number (or a number with a truth value): never read as another
        condition = None
        why.append(mistyped)
    return Row(result, condition, line, text, column, "; ".join(why))


def _mistyped(op: Operator, condition) -> str:
    """Why a condition compares an input with a value of another type (`Operator.comparison_gap`), or ""."""
    if isinstance(condition, (And, Or)):
        return next((gap for gap in (_mistyped(op, p) for p in condition.parts) if gap), "")
    if isinstance(condition, Not):
        return _mistyped(op, condition.part)
    if not isinstance(condition, Atom) or condition.op in ("samesign", "diffsign") or condition.operand in ATTRIBUTES:
        return ""   # an attribute's comparison is judged where its rows are (`_row`: one the operator lacks)
    literal = condition.literal
    kind = None if literal is None else f"operand:{literal.operand}" if literal.kind == "operand" else literal.kind
    return op.comparison_gap(condition.operand, condition.op, kind)


def _beyond(op: Operator | None, operands: set[str]) -> str:
    """What a row names beyond the operator's inputs ("B, but Neg has one input"), or ""."""
    extra = sorted(o for o in operands if op is not None and op.input_of(o) is None and o not in ATTRIBUTES)
    if not extra:
        return ""
    inputs = "one input" if op.arity == 1 else f"{op.arity} inputs"
    return f"{', '.join(extra)}, but {op.name} has {inputs}"


@dataclass
class CaseTable:
    section: str
    line: int
    rows: list[Row]
    text: str
    ruled: frozenset[int] = frozenset()   # rows whose zero or infinity takes its sign from a sign sentence


@dataclass
class Matrix:
    name: str
    entries: list[list[Entry]]        # row by row
    line: int
    text: str
    shape: tuple[int, ...] | None = None   # printed arrays: the real shape; entries is then one flat row
    positions: list[list[tuple[int, int]]] | None = None   # (line, column) of each entry, when known


@dataclass
class Example:
    section: str
    title: str
    line: int
    inputs: tuple[Matrix, ...]        # one matrix per input of the operator, in order
    c: Matrix                         # the result's
    dtype: str | None = None          # ONNX-style examples name their dtype
    broadcast: bool = False           # ONNX-style examples may broadcast
    types: tuple[str, ...] = ()       # the section's types its heading or the sentence before it names: judged in those
    # the values it gives the operator's attributes (``\alpha = 0.01`` beside its matrices), by name: an
    # attribute it gives none keeps the node's default
    attributes: dict[str, Entry] = field(default_factory=dict)


@dataclass
class Definition:
    """A single equation `C[i] = A[i] / B[i]`, with the domain the next sentence gives it, if any."""

    section: str
    line: int
    result: Result
    text: str
    condition: Condition | None = None     # "If $B[i] \\neq 0$, otherwise C[i] is not defined"
    condition_line: int = 0


@dataclass
class FormalText:
    section: str
    line: int                         # document line of the first line of the code
    language: str
    text: str


@dataclass
class SpecDocument:
    path: str
    lines: list[str]
    sections: list[Section] = field(default_factory=list)
    tags: list[TagUse] = field(default_factory=list)
    parts: list[Part] = field(default_factory=list)
    tables: list[CaseTable] = field(default_factory=list)
    examples: list[Example] = field(default_factory=list)
    definitions: list[Definition] = field(default_factory=list)
    formal: list[FormalText] = field(default_factory=list)
    unfinished: list[tuple[str, int, str, str]] = field(default_factory=list)   # (section, line, text, heading)
    informal_tags: set[str] = field(default_factory=set)
    top_headings: list[tuple[str, int]] = field(default_factory=list)    # (title, line) of each level-1 heading
    links: list[tuple[int, str]] = field(default_factory=list)             # (line, target) of Markdown links
    findings: list[Finding] = field(default_factory=list)
    # the parts by section title, built when first asked for once the parts are read (`parts_in`)
    _by_section: dict[str, list[Part]] = field(default_factory=dict, repr=False, compare=False)
    _indexed: int = field(default=-1, repr=False, compare=False)
    # the operator its headings name, found when first asked for (`operator_of`, asked for every sentence)
    _heading_operator: object = field(default=None, repr=False, compare=False)

    def parts_in(self, section: str) -> list[Part]:
        """The parts of one section, in document order (a scan of every part per section grew with the
        square of the document)."""
        if self._indexed != len(self.parts):
            self._by_section = {}
            for part in self.parts:
                self._by_section.setdefault(part.section, []).append(part)
            self._indexed = len(self.parts)
        return self._by_section.get(section, [])

    def section_of(self, line: int) -> Section:
        # sections are contiguous and in order: a binary search (a scan per line grew with the square of the size)
        index = bisect.bisect_right(self.sections, line, key=lambda section: section.line) - 1
        if index >= 0 and line <= self.sections[index].end:
            return self.sections[index]
        return self.sections[0]

    def unread(self) -> list[Unread]:
        """What the document states and divbridge does not read: each part not understood inside a
        requirement's text or a section of the operator's types, with its line, column and tag (never dropped; the text
        of a tag the document itself calls informal claims nothing formal)."""
        families = {s.title for s in self.sections if s.family in ("real", "float", "int")}
        return [Unread(p.line, p.column, p.text, p.reading.why or "not understood", p.tag) for p in self.parts
                if not p.reading.understood and p.tag not in self.informal_tags and (p.tag or p.section in families)]

    def statements(self, section: str | None = None, kind=None):
        """(part, statement) for every statement read (of one section), in document order."""
        for part in self.parts if section is None else self.parts_in(section):
            for statement in part.reading.statements:
                if kind is None or isinstance(statement, kind):
                    yield part, statement


def read_document(path: str | Path) -> SpecDocument:
    """Read a document from disk; an unreadable file is an InputError (exit 2)."""
    try:
        text = inputfile.read_text(path, "document", MAX_BYTES)   # a regular file, bounded before it is read
    except FileNotFoundError as exc:
        raise InputError(f"cannot read the document: {exc.strerror or exc}", str(path)) from None
    doc = parse_document(text, str(path))
    refuse_several_operators(doc)
    return doc


def refuse_several_operators(doc: SpecDocument) -> None:
    """A document whose top-level headings specify two operators (a section of each) is refused in one line
    (exit 2): its sections would be read as one operator's, and their obligations clash.  One stray heading of
    another operator among several of the document's own (copied from another page) is not a second operator:
    `_read_sections` reports it and reads its section as the document's."""
    first: dict[Operator, int] = {}
    counts: dict[Operator, int] = {}
    for title, line in doc.top_headings:
        op = operators.named_in([title])
        if op is not None:
            first.setdefault(op, line)
            counts[op] = counts.get(op, 0) + 1
    if len(counts) < 2:
        return
    leader, runner = sorted(counts, key=lambda op: (-counts[op], first[op]))[:2]
    if counts[runner] >= 2 or counts[runner] == counts[leader]:
        one, two = sorted((leader, runner), key=lambda op: first[op])
        raise InputError(f"the document specifies two operators, {one.name} (line {first[one]}) and {two.name} "
                         f"(line {first[two]}): one document, one operator (split it)", doc.path, first[two])


def parse_document(text: str, path: str = "<text>") -> SpecDocument:
    text = text.removeprefix(inputfile.BOM).replace("\r\n", "\n").replace("\r", "\n")
    doc = SpecDocument(path, text.split("\n"))
    blocks = parse(text)
    _read_sections(doc, blocks)
    _Walk(doc).run(blocks)
    _unusual_tags(doc)
    _tags_on_two_claims(doc)
    _read_onnx_examples(doc)
    prose.resolve_cases(doc)
    return doc


NO_OPERATOR = "no {} section in the document (no heading names an operator divbridge knows)".format(
    " or ".join([", ".join(list(operators.in_pipeline())[:-1]), list(operators.in_pipeline())[-1]]))


_NOT_NAMED = object()   # no heading names an operator (`SpecDocument._heading_operator`)


def naming_of(doc: SpecDocument, section: Section) -> Naming:
    """The names a section's reading is said back with: its signature's, else its operator's."""
    op = operator_of(doc)
    names = tuple(i.name for i in op.inputs) if op is not None else ("A", "B")
    inputs = section.inputs or tuple(section.written.get(OPERANDS[k], n) for k, n in enumerate(names))
    if op is None:
        return Naming(inputs=inputs, result=section.result or "C")
    return Naming(inputs=inputs, result=section.result or "C", call="" if op.vocabulary.infix else op.name,
                  exact=op.operation.exactness == "exact")


def words_of(doc: SpecDocument, section: Section, statement) -> str:
    """A statement of a section said back in words, with the section's names of its tensors (`naming_of`)."""
    with naming(naming_of(doc, section)):
        return statement.words()


def operator_of(doc: SpecDocument) -> Operator | None:
    """The operator the document specifies: the first of the registry's (in its order) that a heading (or the
    first line, for pages without Markdown headings) names, else the one its first requirement tag belongs
    to (``E_<OP>_...``: `operators.by_tag`); None when nothing names one."""
    if doc._heading_operator is None:   # the lines never change: one scan of them, not one per sentence
        first = next((line for line in doc.lines if line.strip()), "")
        headings = [_heading_text(line) for line in doc.lines if re.match(r"#{1,6}\s", line)] + [first]
        doc._heading_operator = operators.named_in(headings) or _NOT_NAMED
    if doc._heading_operator is not _NOT_NAMED:
        return doc._heading_operator
    return next((op for op in (operators.by_tag(use.tag) for use in doc.tags) if op is not None), None)


def accuracy_notes(doc: SpecDocument) -> list:
    """The accuracy notes (`document.accuracy.Note`) a document carries: its own "Numerical Accuracy"
    sections (older versions hold them), and the notes it links to (`<op>_acc.md` beside it)."""
    here = Path(doc.path).parent
    linked = list(dict.fromkeys((here / target.split("#")[0]).resolve() for _, target in doc.links
                                if "://" not in target and target.split("#")[0].endswith(".md")))
    linked = [path for path in linked if path.is_file()]
    embedded = any(line.startswith("#") and ACCURACY_HEADING.search(line) for line in doc.lines)
    if not linked and not embedded:
        return []
    # the note's reader brings sympy (a third of a second): only for a document that has accuracy claims
    from divbridge.document.accuracy import parse_note, read_note
    notes = []
    if embedded:
        note = parse_note("\n".join(doc.lines), doc.path, embedded=True)
        notes += [note] if note.statements else []
    return notes + [read_note(path) for path in linked if is_note_file(path)]


def _heading_text(line: str) -> str:
    return re.sub(r"[*_`]", "", line.lstrip("#")).strip()


# -- sections and types ---------------------------------------------------------------------------

_TENSOR_TYPE = re.compile(r"tensor\((\w+)\)")
_WHERE = re.compile(r"\bwhere\s+\W*(?P<name>\w+)\W*\s+(?:is\s+in|is\s+one\s+of|could\s+be|belongs\s+to|∈|is(?=\s+\{))\s+"
                    r"(?P<list>.*)", re.I)   # "where int is {int8, ...}": the set written without "in"


def _family(types: tuple[str, ...]) -> str:
    families = {FORMATS[t].family for t in types}
    return families.pop() if len(families) == 1 else ("mixed" if families else "unknown")


def _about(types: tuple[str, ...]) -> tuple[str, ...]:
    """The types a section's statements are about: bool beside numbers is a condition's or a comparison's type
    (its list as written, `Section.listed`, is still checked against the operator's ONNX schema)."""
    return tuple(t for t in types if FORMATS[t].family != "bool") or types


def _type_words(text: str) -> tuple[str, ...]:
    """The words of a type list, lower case: `{float16, float, bool}` -> float16, float, bool."""
    return tuple(word for word in (w.strip("`*_ .").lower() for w in re.split(r"[\s,/{}():;]+|\band\b", text)) if word)


def _types_in(text: str) -> tuple[str, ...]:
    """Type names written in a list: FP16, BFLOAT16, INT8, real, float (FP32), double (FP64)..."""
    names = []
    for word in _type_words(text):
        try:
            fmt = get_format(word)
        except InputError:
            continue
        if fmt.name not in names:
            names.append(fmt.name)
    return tuple(names)


def _plain(block: Block) -> str:
    """A text block's words with its math rendered plainly ($\\{\\text{float16}\\}$ -> {float16})."""
    out = []
    for piece in block.inlines:
        if piece.kind == "math":
            try:
                out.append(render(tokens(piece.text)))
            except LatexError:
                out.append(piece.text)
        elif piece.kind in ("text", "code"):
            out.append(piece.text)
        elif piece.kind in ("break", "cell"):
            out.append(" ")
    return " ".join("".join(out).split())


def _split_at_repeated_parts(doc: SpecDocument, blocks: list[Block],
                             starts: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """A section whose second-level part comes twice ("## Informal specification" again) has lost the
    heading of the section that follows: that text is a section of its own, of no known types, so that
    nothing in it is judged with another section's semantics."""
    found = []
    for (title, line), nxt in zip(starts, starts[1:] + [("", len(doc.lines) + 1)]):
        found.append((title, line))
        seen: dict[str, int] = {}
        for block in blocks:
            if block.kind != "heading" or block.level != 2 or not line < block.line < nxt[1]:
                continue
            part = _plain(block).lower()
            if part in seen:
                doc.findings.append(Finding("ill-formed", block.line, f"heading '{_plain(block)}' appears twice in "
                                            f"section '{title}' (first at line {seen[part]}): the heading of the "
                                            "section it starts is missing; its text is not judged"))
                found.append((f"(a section without heading, line {block.line})", block.line))
                seen = {}
            seen[part] = block.line
    return found


def _read_sections(doc: SpecDocument, blocks: list[Block]) -> None:
    """Sections start at the top-level headings that name the operator; another top-level heading after one
    ("# Signature" under an operator's section) belongs to it.  Without such headings every top-level heading is a
    section (an ONNX page, a preamble)."""
    top = doc.top_headings = [(_plain(b), b.line) for b in blocks if b.kind == "heading" and b.level == 1]
    named = operators.named_in([title for title, _ in top])
    pattern = re.compile(named.vocabulary.heading if named else r"(?!)", re.I)
    for title, line in top:   # another operator's heading left in the page: a section of the page's operator, misnamed
        other = operators.named_in([title]) if named and _SIGNATURE.search(title) else None
        if other is not None and not pattern.search(title):
            doc.findings.append(Finding("ambiguous", line, f"the heading names {other.name}, but the document's "
                                        f"other headings specify {named.name}: its section is read as {named.name}'s"))
            pattern = re.compile(f"{pattern.pattern}|^{re.escape(title)}$", re.I)
    first_op = next((k for k, (title, _) in enumerate(top) if pattern.search(title)), None)
    starts = top if first_op is None else top[:first_op] + [t for t in top[first_op:] if pattern.search(t[0])]
    if not starts or starts[0][1] != 1:
        starts.insert(0, ("(document)", 1))
    starts = _split_at_repeated_parts(doc, blocks, starts)
    for (title, line), nxt in zip(starts, starts[1:] + [("", len(doc.lines) + 1)]):
        doc.sections.append(Section(title, line, nxt[1] - 1))
    texts = [(b, _plain(b)) for b in blocks if b.inlines]       # in document order
    for section in doc.sections:
        paren = re.search(r"\(([^()]*)\)\s*$", section.title)
        heading = paren.group(1) if paren else ""
        placeholders = {w.strip("`*_ ").lower() for w in heading.split(",")}
        first = bisect.bisect_right(texts, section.line, key=lambda entry: entry[0].line)
        last = bisect.bisect_right(texts, section.end, key=lambda entry: entry[0].line)
        inside = [(b, t) for b, t in texts[first:last] if b.kind != "heading"]
        for block, text in inside:   # `where float is in {float16, float, double}`
            m = _WHERE.search(text)
            if m and m.group("name").lower() in placeholders:
                listed = _types_in(m.group("list").split("}")[0])
                if listed:
                    section.types, section.types_line, section.types_from = _about(listed), block.line, "heading"
                    section.listed = _type_words(m.group("list").split("}")[0])
                    break
        if section.types:
            continue
        if heading and _types_in(heading):
            section.types, section.types_line, section.types_from = _about(_types_in(heading)), section.line, "heading"
            section.listed = _type_words(heading)
            continue
        for number in range(section.line, section.end + 1):
            found = _TENSOR_TYPE.findall(doc.lines[number - 1])
            if not found:
                continue
            types = []
            for name in found:
                try:
                    fmt = get_format(name)
                except InputError:
                    doc.findings.append(Finding("ill-formed", number, f"unknown type tensor({name})"))
                    continue
                if fmt.name not in types:
                    types.append(fmt.name)
            section.types, section.types_line, section.types_from = _about(tuple(types)), number, "body"
            section.listed = tuple(name.lower() for name in found)
            break
    document_types: tuple[str, ...] = ()
    body = {s.title: "\n".join(doc.lines[s.line - 1:s.end]) for s in doc.sections}
    for section in doc.sections:   # a preamble's type list applies to sections that list none
        text = body[section.title]
        defines = "\\begin{cases}" in text or "bmatrix" in text or "dtype=" in text
        if section.types_from == "body" and not defines:
            document_types = document_types or section.types
    for section in doc.sections:
        if not section.types and document_types:
            section.types, section.types_from = document_types, "document"
            listing = next(s for s in doc.sections if s.types == document_types)
            # the preamble's list as written: a type ONNX's schema refuses is judged where a section uses it
            section.types_line, section.listed = listing.types_line, listing.listed
        section.family = _family(section.types)


# -- tags ---------------------------------------------------------------------------------------------

# a tag of any name: letters, digits and underscores ending in a number ([R1], [E_<OP>_FLOAT_CONSTR_A_0020])
_TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*\d")
WELL_FORMED = re.compile(r"[A-Z][A-Z0-9_]*\d")
_BRACKETED = re.compile(r"(?<![\w\\])\[([A-Za-z][A-Za-z0-9_ ]*?\d+)\](?!\()|(?<![\w\\])\((C\s*\d+)\)")
_SIGNATURE = re.compile(r"\((?:real|float|int)\b[^()]*\)\s*$", re.I)   # a section heading's "(float, float)"
_SPAN = re.compile(r"<span\b[^>]*>\s*\[(?P<name>[^\]]*)\]", re.I)
_TAG_LIKE = re.compile(r"(?:R\d|RG\d|E_)", re.I)     # a near miss of these is a typo worth reporting
_REFERENCE = re.compile(r"\bsee\s+(?:constraint|requirement|rule|restriction)s?\b", re.I)


# what a tag must never hold: a letter that only looks Latin (Cyrillic Е, Greek Α...), a bidirectional
# control that reorders what the reader sees, a zero-width character that hides a change
_INVISIBLE = {"Cf"}
_BRACKETED_ANY = re.compile(r"\[([^\[\]\s]{1,80})\]")


def _unusual_tags(doc: SpecDocument) -> None:
    """A bracketed name that would be a tag but for a non-ASCII letter, a bidirectional control or a zero-width
    character is ``ill-formed`` at its line: it is no tag, so it would silently drop out of the requirements."""
    import unicodedata
    for number, line in enumerate(doc.lines, 1):
        if line.isascii():
            continue
        for m in _BRACKETED_ANY.finditer(line):
            name = m.group(1)
            odd = [c for c in name if not c.isascii()]
            skeleton = "".join(c for c in name if c.isascii())
            if not odd or not re.fullmatch(r"[A-Za-z0-9_]*[0-9]|[A-Za-z_]+", skeleton or "-"):
                continue
            if not all(unicodedata.category(c) in _INVISIBLE or c.isalpha() or c.isdigit() for c in odd):
                continue
            what = ", ".join(f"U+{ord(c):04X} {unicodedata.name(c, 'unnamed')}" for c in dict.fromkeys(odd))
            doc.findings.append(Finding("ill-formed", number, f"the tag [{name.encode('ascii', 'backslashreplace').decode()}] "
                                        f"holds {what}: a tag is ASCII letters, digits and underscores, so this one "
                                        "names no requirement", column=m.start() + 1))


def _tags_on_two_claims(doc: SpecDocument) -> None:
    """One requirement tag defining two different requirements (other texts) is ``ambiguous`` at each of its
    lines: a trace to it would not say which.  A tag of the operators' scheme (``E_<OP>_FLOAT_FUNC_0010``: its
    family in its name) names one requirement in the whole document; another tag is numbered per section (the WG
    restates ``[spec1]`` or ``[R1]`` in each section), and a list's or table's per list (``(C1)`` per tensor)."""
    defining: dict[tuple, list[TagUse]] = {}
    for use in doc.tags:
        if use.defines and use.style == "requirement":
            listed = use.form in ("bullet", "row")
            scope = () if operators.by_tag(use.tag) is not None else (use.section, use.scope if listed else "")
            defining.setdefault((use.tag, scope), []).append(use)
    for (tag, _), uses in defining.items():
        texts = {" ".join(use.text.split()) for use in uses}
        if len(texts) < 2:
            continue
        for use in uses:
            others = ", ".join(str(u.line) for u in uses if u is not use)
            doc.findings.append(Finding("ambiguous", use.line, f"tag {tag} names another requirement at line(s) "
                                        f"{others}: a trace to it does not say which", column=use.column))


@dataclass
class _Open:
    """A requirement's text being read: a span block, a bullet, a heading's block."""

    tag: str
    line: int
    kind: str                         # span | info | bullet | heading | row
    level: int = 0                    # a bullet's depth, a heading's level
    title: str = ""
    texts: list[str] = field(default_factory=list)
    column: int = 1
    refers_to: str = ""
    style: str = "requirement"
    scope: str = ""                   # the headings inside the section where it opens


class _Walk:
    """One pass over the blocks: tags and their scopes, parts and their readings, tables and examples."""

    def __init__(self, doc: SpecDocument):
        self.doc = doc
        self.headings: list[tuple[int, str]] = []
        self.spans: list[_Open] = []
        self.bullets: list[_Open] = []
        self.heading_tag: _Open | None = None
        self.pending: list[tuple[str, Matrix]] = []   # matrices of an example being read, by their role: an
        #                                               operand (`OPERANDS`) or "result"
        self.example_title = ""
        self.attributes: dict[str, Entry] = {}  # the attribute values stated for the example being read
        self.output = "C"                       # the name the signature gives the result (C, or Y)
        self.signed = False                     # whether a signature of the section gave it
        self.inputs: tuple[str, ...] = ()       # the section's names of the inputs: its signature's, else the
        #                                         description's (`input_names`)
        self.pipe_example: _PipeExample | None = None   # a worked example written as a Markdown table

    # -- scopes --
    def scope(self) -> str:
        return " / ".join(title for level, title in self.headings if level > 1)

    def section(self, line: int) -> Section:
        return self.doc.section_of(line)

    def open_tag(self) -> _Open | None:
        """The innermost requirement whose text is being read (none inside an informative block)."""
        innermost = self.spans[-1:] + self.bullets[::-1] + ([self.heading_tag] if self.heading_tag else [])
        return innermost[0] if innermost and innermost[0].kind != "info" else None

    def close(self, scope: _Open, end: int) -> None:
        if scope.kind == "info":
            return
        text = " ".join(" ".join(scope.texts).split())
        self.doc.tags.append(TagUse(scope.tag, scope.style, scope.line, text or scope.title, scope.scope,
                                    self.section(scope.line).title, not scope.refers_to, max(end, scope.line),
                                    scope.column, scope.refers_to, scope.kind))

    def begin(self, scope: _Open) -> _Open:
        scope.scope = self.scope()
        return scope

    def end_bullets(self, depth: int, line: int) -> None:
        while self.bullets and self.bullets[-1].level >= depth:
            self.close(self.bullets.pop(), line)

    # -- the walk --
    def run(self, blocks: list[Block]) -> None:
        previous_end = 0
        columns: tuple[int, int] | None = None     # a case table's (condition, result) cells, in its rows
        for index, block in enumerate(blocks):
            if block.kind != "item" or block.level == 0:
                self.end_bullets(1, previous_end)
            if block.kind == "row" and (index == 0 or blocks[index - 1].kind != "row"):
                specifies = self.section(block.line).family in ("real", "float", "int")
                columns = _case_columns(block) if specifies else None
                operands = _example_columns(block, self.output) if specifies and columns is None else None
                if columns is not None or operands is not None:
                    what = "a case table's header" if columns is not None else "a worked example's header"
                    self.add_part("row", block.line, 1, _plain(block), meaning.understood(meaning.NoClaim(what)))
                    if columns is not None:
                        self.doc.tables.append(CaseTable(self.section(block.line).title, block.line + 2, [], ""))
                    else:
                        self.flush_example()
                        self.pipe_example = _PipeExample(operands)
                    previous_end = block.end
                    continue
            if block.kind != "row" and self.pipe_example is not None:
                self.flush_pipe_example()
            if block.kind == "heading":
                self.heading(block)
            elif block.kind == "row" and columns is not None:
                self.pipe_row(block, columns)
            elif block.kind == "row" and self.pipe_example is not None:
                self.pipe_example_row(block)
            elif block.kind in ("paragraph", "item", "row"):
                self.text(block)
            elif block.is_math:
                self.math(block)
            elif block.kind == "fence":
                self.fence(block)
            elif block.kind == "html":
                self.html(block)
            previous_end = block.end
        last = len(self.doc.lines)
        if self.pipe_example is not None:
            self.flush_pipe_example()
        self.end_bullets(1, last)
        if self.heading_tag:
            self.close(self.heading_tag, last)
        for scope in self.spans:
            if scope.kind != "info":
                self.doc.findings.append(Finding("ill-formed", scope.line, f"the tag's <span> block [{scope.tag}] "
                                                 "has no [END]"))
                self.close(scope, last)
        self.flush_example()

    def heading(self, block: Block) -> None:
        title = _plain(block)
        if self.heading_tag and block.level <= self.heading_tag.level:
            self.close(self.heading_tag, block.line - 1)
            self.heading_tag = None
        if block.level == 1:
            for scope in self.spans:
                if scope.kind != "info":
                    self.doc.findings.append(Finding("ill-formed", scope.line, f"the tag's <span> block "
                                                     f"[{scope.tag}] has no [END] before line {block.line}"))
                    self.close(scope, block.line - 1)
            self.spans = []
            self.output, self.signed, self.inputs = "C", False, ()
        self.flush_example()
        self.attributes = {}     # an attribute's value is its heading's example's, not the next one's
        self.example_title = title
        sibling = [h for h in self.headings if h[0] == block.level]
        # "### Constraints" under "### $L$: float" (the WG's layout, one level for both): the constraints of that
        # tensor, whose heading stays in the scope (constraints are numbered per tensor)
        kept = sibling if title.strip().lower() == "constraints" and sibling else []
        self.headings = [h for h in self.headings if h[0] < block.level] + kept + [(block.level, title)]
        for m in _BRACKETED.finditer(title):
            name = m.group(1)
            if name and WELL_FORMED.fullmatch(name):
                rest = _BRACKETED.sub(" ", title).strip()
                self.heading_tag = self.begin(_Open(name, block.line, "heading", block.level, rest, [rest],
                                                    title.find(m.group(0)) + 1))
                break
        self.unfinished(block, title)

    def unfinished(self, block: Block, text: str) -> None:
        if re.search(r"\bto be (?:completed|defined|written|done)\b|\bTBD\b|\bTODO\b", text, re.I):
            heading = self.headings[-1][1] if self.headings else self.section(block.line).title
            self.doc.unfinished.append((self.section(block.line).title, block.line, text.strip().strip("*_"), heading))

    # -- text blocks: tags, sentences --
    def text(self, block: Block) -> None:
        pieces = list(block.inlines)
        if block.kind == "item":
            self.end_bullets(block.level, block.line - 1)
        bullet = self.tag_of_bullet(block, pieces)
        events = list(_with_spans(pieces, self.doc.lines))
        if block.kind == "paragraph":
            defined = self.loose_tags(block, [piece for piece, span in events if span is None])
            # the tag is no part of its requirement's sentences (as a bullet's is not)
            kept = [piece for piece, _ in events if piece is not None]
            for name in defined:
                _strip_tag_pieces(kept, name)
            stripped = iter(kept)
            events = [(next(stripped) if piece is not None else None, span) for piece, span in events]
        self.doc.links += [(piece.line, piece.text) for piece in pieces if piece.kind == "link"]
        for piece in pieces:
            if piece.kind == "text" and "informal" in piece.text.lower():
                self.doc.informal_tags.update(t for t, _ in _BRACKETED.findall(piece.text) if t)
        plain = _plain(block)
        self.unfinished(block, plain)
        if plain and not block.text.lower().startswith(("result", "where")):   # not "Result C will be:"
            self.example_title = plain.lstrip("-*# ").strip()
        # span tags open and close requirements inside a paragraph: the sentences before a span belong to
        # what was open before it
        segment: list[Inline] = []
        for piece, span in events:
            if span is None:
                segment.append(piece)
                continue
            self.sentences(block, segment)
            segment = []
            self.span(*span)
        self.sentences(block, segment, bullet)

    def sentences(self, block: Block, pieces: list[Inline], bullet: _Open | None = None) -> None:
        for sentence in _sentences(block, pieces):
            owner = self.open_tag()
            if owner is not None:
                owner.texts.append(sentence.text)
            # a constraint bullet's own line is its title when the statement follows below it
            title = bullet is not None and len(sentence.tokens) <= 5 and not sentence.text.endswith(".")
            self.read_sentence(sentence, owner, title)

    def tag_of_bullet(self, block: Block, pieces: list[Inline]) -> _Open | None:
        """A tag that defines a requirement: `[TAG]` at the start or end of a bullet, in a table's first cell,
        "(C1)"; or "see constraint [TAG]" restating one."""
        text = block.text
        if block.kind == "row":
            cells = [c.strip() for c in text.split(" | ")]
            m = _BRACKETED.search(cells[0]) if cells else None
            if m and m.group(1) and WELL_FORMED.fullmatch(m.group(1)):
                scope = self.begin(_Open(m.group(1), block.line, "row", 99, " ".join(cells[1:2]), [" ".join(cells[1:])],
                                         _column(self.doc, block.line, m.group(0))))
                self.close(scope, block.line)
                _strip_tag_pieces(pieces, m.group(1))
            return None
        if block.kind != "item":
            return None
        codes = [p for p in pieces if p.kind == "code"]
        m = None
        for candidate in codes[:1] + codes[-1:]:
            m = re.fullmatch(r"\[([A-Za-z][A-Za-z0-9_]*\d)\]", candidate.text.strip())
            if m:
                break
        if m is None:
            m = re.match(r"\s*\[([A-Za-z][A-Za-z0-9_]*\d)\]", text) or re.search(r"\[([A-Z][A-Z0-9_]*\d)\]\s*$", text)
        old_style = re.match(r"\s*\((C\s*\d+)\)", text)
        if m is None and old_style is None:
            reference = self.reference(block, pieces)
            if reference and self.bullets:
                self.bullets[-1].refers_to = self.bullets[-1].refers_to or reference
            return None
        name = m.group(1) if m else old_style.group(1).replace(" ", "")
        rest = _BRACKETED.sub(" ", text).replace("``", " ").strip(" `-*")
        column = _column(self.doc, block.line, f"[{name}]" if m else old_style.group(1))
        if m and self.bullets and block.level > self.bullets[-1].level and not text.lstrip().startswith(("[", "`[")):
            # "- Statement: ... `[R1]`" under a constraint: the constraint cites R1, it does not define it
            self.doc.tags.append(TagUse(name, "requirement", block.line, rest, self.scope(),
                                        self.section(block.line).title, False, block.line, column))
            _strip_tag_pieces(pieces, name)
            return None
        scope = self.begin(_Open(name, block.line, "bullet", block.level, rest, [], column,
                                 style="requirement" if m else "constraint"))
        reference = self.reference(block, pieces)
        if reference:
            scope.refers_to = reference
        self.bullets.append(scope)
        _strip_tag_pieces(pieces, name)
        return scope

    def reference(self, block: Block, pieces: list[Inline]) -> str:
        """"see constraint [TAG]" (the tag in brackets, in a link's text or only in its anchor): the tag."""
        text = block.text
        if not _REFERENCE.search(text) and not _REFERENCE.search(" ".join(p.text for p in pieces)):
            return ""
        after = text[_REFERENCE.search(text).end():] if _REFERENCE.search(text) else text
        m = re.search(r"\[?([A-Za-z][A-Za-z0-9_]*\d)\]?", after)
        if m:
            return m.group(1)
        return ""

    def loose_tags(self, block: Block, pieces: list[Inline]) -> list[str]:
        """`[TAG]` in a paragraph (not in a span): at the end of a line it names that line's requirement;
        a malformed near miss of a tag is reported once.  Returns the tags it defines."""
        if _WHERE.search(_plain(block)):   # "where float could be (`FP16`, `FP32`)": type names, not tags
            return []
        defined = []
        for piece in pieces:
            if piece.kind not in ("text", "code"):
                continue
            for m in _BRACKETED.finditer(piece.text if piece.kind == "text" else f"[{piece.text.strip('[]')}]"):
                raw = m.group(1) or m.group(2)
                if m.group(2):
                    continue
                if not WELL_FORMED.fullmatch(raw.strip()):
                    if _TAG_LIKE.match(raw):
                        self.doc.findings.append(Finding("ill-formed", piece.line, f"malformed requirement tag "
                                                         f"'{m.group(0)}'", column=piece.column + m.start()))
                    continue
                if _REFERENCE.search(piece.text[:m.start()] if piece.kind == "text" else ""):
                    continue
                if any(u.tag == raw and u.defines and u.form == "bullet" for u in self.doc.tags):
                    # "... `[R1]`" after the bullet that defines R1 (a restriction's): the paragraph cites it
                    self.doc.tags.append(TagUse(raw, "requirement", piece.line, _plain(block), self.scope(),
                                                self.section(block.line).title, False, block.end,
                                                piece.column + m.start()))
                    continue
                scope = self.begin(_Open(raw, piece.line, "line", 0, "", [_plain(block)], piece.column + m.start()))
                self.close(scope, block.end)
                defined.append(raw)
        return defined

    def span(self, name: str, line: int, column: int) -> None:
        """`<span>[NAME]</span>`: [END] or [/NAME] closes the open block, [info] opens an informative one,
        a tag opens its requirement."""
        if name.upper() == "END" or name.startswith("/"):
            if not self.spans:
                if name.upper() == "END":   # an [/info] left from an informative block that was removed is harmless
                    self.doc.findings.append(Finding("ill-formed", line, "[END] closes no open block", column=column))
                return
            self.close(self.spans.pop(), line)
        elif name.lower() == "info":
            self.spans.append(_Open(name, line, "info"))
        elif _TAG_NAME.fullmatch(name):
            self.spans.append(self.begin(_Open(name, line, "span", 0, "", [], column)))
        else:
            self.doc.findings.append(Finding("ill-formed", line, f"the span [{name}] is not a requirement tag",
                                             column=column))

    def html(self, block: Block) -> None:
        for m in _SPAN.finditer(block.body):
            # the tag may stand on the line after its `<span ...>` (the WG's 2026 layout): it is placed at its name
            at = m.start("name") - 1 if "\n" in m.group(0) else m.start()
            self.span(m.group("name").strip(), *block.positions.at(block.body, at))

    def read_sentence(self, sentence: "_Sentence", owner: _Open | None, title: bool = False) -> None:
        section = self.section(sentence.line)
        if self.inline_example(sentence):
            self.doc.parts.append(Part("sentence", sentence.line, sentence.column, sentence.text, section.title,
                                       owner.tag if owner else "",
                                       meaning.understood(meaning.NoClaim("states a worked example, checked as one"))))
            return
        op = self.operator()
        # until a signature names the result, a sentence may call it C or Y (the working group's two names)
        names = self.results()
        reading = prose.read(sentence.tokens, sentence.text, section.family, names, op, sentence.place,
                             self.prose_inputs())
        bare = sentence.text.strip(" .,;:")
        if bare.startswith("$") and bare.endswith("$") and not reading.understood:   # a formula on its own
            formula = prose.read_formula(sentence.tokens, self.formula_output(), op)
            reading = formula if formula.understood else reading
        if title and not reading.understood:
            reading = meaning.understood(meaning.NoClaim("the requirement's title"))
        if not reading.understood and self.labelled_signature(sentence):
            reading = meaning.understood(meaning.NoClaim("the signature"))
        if op is not None and op.attributes and meaning.NoClaim(prose.NO_ATTRIBUTE) in reading.statements:
            self.doc.findings.append(Finding("incorrect", sentence.line, f"{op.name} has the attribute "
                                             f"{', '.join(a.name for a in op.attributes)}; the sentence says it has "
                                             f"none", column=sentence.column))
        unbalanced = next((u for f in sentence.formulas if (u := _unbalanced(f)) is not None), None) \
            if not reading.understood else None
        if unbalanced is not None:   # `B|i]`: a typo, not a phrasing
            line, column = sentence.place(unbalanced)
            self.doc.findings.append(Finding("ill-formed", line, f"unbalanced '{unbalanced.text}' in the formula",
                                             column=column))
            reading = meaning.not_understood(f"an unbalanced '{unbalanced.text}'")
        if owner is not None and owner.refers_to and not reading.understood:
            reading = meaning.understood(meaning.Reference(owner.refers_to))
        self.doc.parts.append(Part("sentence", sentence.line, sentence.column, sentence.text, section.title,
                                   owner.tag if owner else "", reading))
        definition = prose.definition_of(reading, op)
        if definition is not None:
            self.doc.definitions.append(Definition(section.title, sentence.line, definition, sentence.text))
        labels = reading.understood and all(isinstance(s, meaning.NoClaim) for s in reading.statements)
        if (bare.startswith("$") and len(sentence.formulas) == 1) or labels:   # `$Y = \text{Name}(A, B)$` names C
            named = next((n for f in sentence.formulas if (n := prose.signature_of(f, self.operator()))), None)
            if named:
                (self.output, self.inputs), self.signed = named, True
                self.name_section(sentence.line)
        domain = prose.domain_of_definition(reading)
        if domain is not None and not self.attach_domain(domain, sentence.line):
            # no definition before it: the sentence defines C where the condition holds ("Each element of C is
            # A[i] / B[i], for every B[i] different from 0")
            result = next(s.result for s in reading.statements if isinstance(s, meaning.Case))
            self.doc.definitions.append(Definition(section.title, sentence.line, result, sentence.text, domain,
                                                   sentence.line))

    def labelled_signature(self, sentence: "_Sentence") -> bool:
        """"Definition of operator $\\text{Where}$ signature: $Z = \\textbf{Where}(condition, X, Y)$": a label
        ending in a colon, then the operator's signature, ending the sentence."""
        op = self.operator()
        text = sentence.text.rstrip(" .")
        opening = text.rfind("$", 0, len(text) - 1)     # where its last formula opens
        last = sentence.formulas[-1] if sentence.formulas else ()
        return op is not None and bool(last) and text.endswith("$") and text[:opening].rstrip().endswith(":") \
            and prose.signature_of(last, op) is not None and last[2].text.lower() == op.name.lower()

    def inline_example(self, sentence: "_Sentence") -> bool:
        """A sentence whose formulas give A, B and C as matrices or bracketed lists ("With $A = [1, -2]$ and
        $B = [4, 0]$, $C = [0.25, -\\infty]$."): a worked example, read as a displayed one is."""
        given = [(name, f) for f in sentence.formulas if (name := _assigned_name(list(f))) in ("A", "B", "C")]
        if [name for name, _ in given] != ["A", "B", "C"] or self.section(sentence.line).family not in (
                "real", "float", "int"):
            return False
        found = [(name, f, _listed(list(f))) for name, f in given]
        if any(rows is None for _, _, rows in found):
            return False
        self.flush_example()
        self.example_title = sentence.text
        for name, formula, rows in found:
            self.matrix(sentence.place, name, list(formula), rows, sentence.place(formula[0])[0])
        return True

    def attach_domain(self, condition: Condition, line: int) -> bool:
        """"If B[i] ≠ 0, otherwise C[i] is not defined" right after a single-equation definition: its domain;
        False when no definition of the section comes before it."""
        if self.doc.definitions and self.doc.definitions[-1].condition is None and \
                self.doc.definitions[-1].section == self.section(line).title and self.doc.definitions[-1].line < line:
            self.doc.definitions[-1].condition = condition
            self.doc.definitions[-1].condition_line = line
            return True
        return False

    # -- math --
    def math(self, block: Block) -> None:
        body = block.body
        try:
            items = tokens(body)
        except LatexError as exc:
            line, column = block.positions.at(body, exc.pos or 0)
            self.doc.findings.append(Finding("ill-formed", line, f"the formula cannot be parsed: {exc}", column=column))
            self.add_part("formula", block.line, 1, body, meaning.not_understood("LaTeX that does not parse"))
            return
        owner = self.open_tag()
        if owner is not None:
            owner.texts.append(render(items))
        for statement in _statements(items):
            self.formula(block, statement, owner)

    def add_part(self, kind: str, line: int, column: int, text: str, reading: Reading) -> Part:
        owner = self.open_tag()
        part = Part(kind, line, column, " ".join(text.split()), self.section(line).title,
                    owner.tag if owner else "", reading)
        self.doc.parts.append(part)
        return part

    def where(self, block: Block, token: Token) -> tuple[int, int]:
        return block.positions.at(block.body, token.pos)

    def formula(self, block: Block, items: list[Token], owner: _Open | None) -> None:
        """One statement of a math block: a matrix, a case table, an equation, or something else."""
        if not items:
            return
        line, column = self.where(block, items[0])
        if len(items) > 3 and [t.text for t in (items[0], items[2])] == ["`", "`"] and items[1].kind == "word":
            items = [items[1], *items[3:]]     # `A` = ...: the WG's code quotes inside a math block, the name A
        head = [t for t in items if t.kind != "env"]
        envs = [t for t in items if t.kind == "env"]
        name = _assigned_name(items, self.input_names())
        if _attribute_assigned(items):
            self.attribute_value(items, line, column)
            return
        matrix_env = envs[-1] if envs and envs[-1].text.endswith("matrix") else None
        results = self.results(unsigned_too=True)
        scalars = _scalar_assignments(items, self.input_names()) if self.pending and not envs else None
        if scalars and any(m.name == name for _, m in self.pending for name, _ in scalars):
            # `M = NaN` then `M = +\infty`: an input given again, the working of the example (a NaN bound taken
            # as infinity), not one of its inputs: the values first given are the example's
            self.add_part("formula", line, column, render(items), meaning.not_understood(
                "an input given a second value in the same worked example (its working, not its input)"))
            return
        if scalars:
            self.scalar_inputs(scalars, lambda token: self.where(block, token), line)
            return
        if matrix_env is not None and name in results and _computed(matrix_env.parts):
            # `Y = [\min(10, \max(6.1, 20)) ...]`: the result worked out step by step before its values, which a
            # matrix of numbers gives next
            self.add_part("formula", line, column, render(items), meaning.not_understood(
                "a matrix whose entries are formulas (the working of the result, not its values)"))
            return
        if matrix_env is not None and (name in results or self.operand_of(name)):
            if name in results:
                self.labelled_operation(items, line, column)
            self.matrix(lambda token: self.where(block, token), name, items, matrix_env.parts, line)
            return
        if envs and envs[-1].text in ("cases", "dcases") and name in results:
            if self.signed and name != self.output:   # `Y[i] = \begin{cases}` where the signature names C
                self.doc.findings.append(Finding("ambiguous", line, f"the case table defines {name}, but the "
                                                 f"section names its result {self.output}", column=column))
            elif not self.signed:
                self.section(line).result = name
            self.cases(block, envs[-1], line, render(items))
            return
        if envs and envs[-1].text == "array" and name in results and self.wraps(line):
            self.wrap_cases(block, envs[-1])     # the WG's \left\{ \begin{array} ... \right\} layout
            return
        if matrix_env is not None:
            named = ", ".join((*self.input_names(), self.output))
            self.doc.findings.append(Finding("ill-formed", line, f"a matrix that is not assigned to {named}",
                                             column=column))
            self.add_part("formula", line, column, render(items), meaning.not_understood("a matrix of no operand"))
            return
        op = self.operator()
        reading = prose.read_formula(head, self.formula_output(), op)
        definition = prose.definition_of(reading, op)
        named = prose.read_formula(head, name, op) if name not in ("", "A", "B", self.output) else None
        if named is not None and (definition is not None or prose.definition_of(named, op) is not None):
            if self.signed:   # `Y[i] = A[i] + B[i]` where the signature names the result C (a `C[i] = ...` where
                # it names Y is read as the result, as before)
                self.doc.findings.append(Finding("ambiguous", line, f"the formula defines {name}, but the "
                                                 f"section names its result {self.output}", column=column))
                if definition is None:
                    reading = meaning.not_understood(f"it defines {name}, not the section's result {self.output}")
            elif definition is None:   # no signature: the formula names the result
                self.output, reading = name, named
                definition = prose.definition_of(named, op)
                self.name_section(line)
        self.add_part("formula", line, column, render(items), reading)
        if definition is not None:
            self.doc.definitions.append(Definition(self.section(line).title, line, definition, block.body.strip()))
            if not self.signed:
                self.section(line).result = name or self.output
        assigned = next((k + 1 for k, t in enumerate(items) if t.kind == "sym" and t.text == "="), 0)
        self.note_written(line, items[assigned:])     # its operands, not the result it assigns
        if reading.why == "signature":
            self.output, self.signed = name or self.output, True
            self.inputs = (prose.signature_of(head, op) or (None, self.inputs))[1]
            self.name_section(line)

    def note_written(self, line: int, *formulas) -> None:
        """The section of ``line`` writes its operands in these formulas with these names (`written_names`)."""
        for items in formulas:
            self.section(line).written.update(written_names(items, self.input_names()))

    def name_section(self, line: int) -> None:
        """The section of ``line`` names its inputs and result as the walk now does (its reading is said back
        with them: `SpecDocument.naming`)."""
        section = self.section(line)
        section.inputs, section.result = self.inputs, self.output

    def attribute_value(self, items: list[Token], line: int, column: int) -> None:
        """``\\alpha = 0.01`` beside a worked example's matrices: the value the example gives that attribute of the
        document's operator (an attribute of another operator, or a value that is no number, infinity or NaN, is
        unread)."""
        name, op = items[0].text.lower(), self.operator()
        text = render(items)
        if op is None or name not in {a.name for a in op.attributes}:
            self.add_part("formula", line, column, text, meaning.not_understood(
                f"{name} is no attribute of {op.name if op is not None else 'the operator'}"))
            return
        try:
            entry = entry_of(items[2:])
        except LatexError as exc:
            self.add_part("formula", line, column, text, meaning.not_understood(str(exc)))
            return
        if entry.approx:
            self.add_part("formula", line, column, text, meaning.not_understood(f"{name} given approximately"))
            return
        self.attributes[name] = entry
        self.add_part("formula", line, column, text, meaning.understood(meaning.NoClaim(
            f"the value of {name} in the worked example")))

    def labelled_operation(self, items: list[Token], line: int, column: int) -> None:
        """`Y = A op B = [...]` with another operator's symbol (an example copied from that operator's page): the
        label names another operator's operation; the entries are checked as the document's operator's."""
        label = [(t.kind, t.text) for t in items[2:6]]
        if len(label) < 4 or label[0] != ("word", "A") or label[2] != ("word", "B") or label[3] != ("sym", "="):
            return
        ours = operator_of(self.doc)
        named = next((op for op in operators.OPERATORS.values() if label[1][1] in op.vocabulary.symbols), None)
        if ours is not None and named is not None and named is not ours:
            self.doc.findings.append(Finding("ambiguous", line, f"the example writes its result as A {label[1][1]} B "
                                             f"({named.name}'s), but the document specifies {ours.name}: its entries "
                                             f"are checked as {ours.name}'s", column=column))

    def matrix(self, where, name: str, items: list[Token], rows, line: int) -> None:
        """An input's matrix of a worked example (A, B, X, condition...), or the result's (C, Y, Z...): ``rows`` its
        cells row by row (a matrix environment's, or a bracketed list's), ``where`` the (line, column) of a
        token."""
        approx = any(t.kind == "sym" and t.text == "≈" for t in items)
        entries: list[list[Entry]] | None = []
        positions = []
        try:
            for row in rows:
                cells = [cell for cell in row if cell]
                if not cells:
                    continue
                entries.append([entry_of(cell, approx) for cell in cells])
                positions.append([where(cell[0]) for cell in cells])
        except LatexError as exc:
            at = where(Token("sym", "", exc.pos)) if exc.pos is not None else (line, None)
            self.doc.findings.append(Finding("ill-formed", at[0], f"matrix {name}: {exc}", column=at[1]))
            entries = None
        role = "result" if name in self.results(unsigned_too=True) else self.operand_of(name)
        if role == OPERANDS[0] and self.pending:
            self.flush_example()
        text = render(items)
        self.pending.append((role, Matrix(name, entries or [], line, text, positions=positions)
                             if entries is not None else Matrix(name, [], line, text)))
        if role == "result":
            self.flush_example()

    def scalar_inputs(self, scalars: list[tuple[str, list[Token]]], where, line: int) -> None:
        """``L = 0 \\quad M = 10`` after an input's matrix: inputs of a worked example given as scalars, each as many
        times as the example's first matrix has entries (a scalar tensor, as ONNX takes such an input); an entry
        that is no value makes the example unread (ill-formed at its place)."""
        for name, value in scalars:
            text = f"{name} = {render(value)}"
            try:
                scalar = Matrix(name, [[entry_of(value)]], line, text, positions=[[where(value[0])]], shape=())
            except LatexError as exc:
                at = where(Token("sym", "", exc.pos)) if exc.pos is not None else (line, None)
                self.doc.findings.append(Finding("ill-formed", at[0], f"scalar {name}: {exc}", column=at[1]))
                scalar = Matrix(name, [], line, text)
            self.pending.append((self.operand_of(name), scalar))

    def flush_example(self) -> None:
        if not self.pending:
            return
        roles = [role for role, _ in self.pending]
        matrices = [m for _, m in self.pending]
        first = matrices[0]
        section = self.section(first.line)
        text = "; ".join(m.text for m in matrices)
        op = self.operator()
        wanted = [*OPERANDS[:op.arity if op is not None else 2], "result"]
        if roles != wanted:
            names = (*self.input_names(), self.output)
            listed = f"{', '.join(names[:-1])} and {names[-1]}"
            found = ", ".join(m.name for m in matrices)
            self.doc.findings.append(Finding("ill-formed", first.line, f"a worked example needs matrices {listed} "
                                             f"in that order, found {found}"))
            reading = meaning.not_understood(f"a worked example of matrices {found}, not {listed}")
        elif all(m.entries for m in matrices):
            *inputs, c = (_broadcast(m, first) for m in matrices)
            named = tuple(t for t in _types_in(self.example_title) if t in section.types)
            self.doc.examples.append(Example(section.title, self.example_title, first.line, tuple(inputs), c,
                                             types=named, attributes=self.attributes))
            reading = meaning.understood(meaning.NoClaim("a worked example"))
        else:   # an entry the reader could not read (ill-formed at its place): nothing of the example is checked
            unread = ", ".join(m.name for m in matrices if not m.entries)
            reading = meaning.not_understood(f"a worked example whose matrix {unread} cannot be read")
        self.doc.parts.append(Part("example", first.line, 1, text, section.title, "", reading))
        self.pending = []
        self.attributes = {}

    def cases(self, block: Block, env: Token, line: int, text: str) -> None:
        line = self.where(block, env)[0]          # a table is where its cases begin
        if self.wraps(line):
            self.wrap_cases(block, env)
            return
        rows = []
        for raw in env.parts:
            cells = [c for c in raw]
            if not any(cells):
                continue
            first = next(t for cell in cells for t in cell)
            row_line, row_column = self.where(block, first)
            result_tokens, condition_tokens = cells[0], [t for cell in cells[1:] for t in cell]
            row_text = f"{render(result_tokens)} & {render(condition_tokens)}".strip()
            self.note_written(row_line, result_tokens, condition_tokens)
            rows.append(_row(positional(result_tokens, self.input_names()),
                             positional(condition_tokens, self.input_names()), row_line, row_text, row_column,
                             self.operator()))
        if not rows:
            self.doc.findings.append(Finding("ill-formed", line, "a cases block with no rows"))
            return
        for row in rows[:-1]:
            if isinstance(row.condition, Otherwise):
                self.doc.findings.append(Finding("ill-formed", row.line, "'otherwise' is not the last row"))
        table = CaseTable(self.section(line).title, line, rows, text)
        self.doc.tables.append(table)
        for row in rows:
            self.add_part("row", row.line, row.column, row.text, row.reading())

    def wrap_cases(self, block: Block, env: Token) -> None:
        """A wrapping operator's integer case analysis (`document.wraparound`): each row a case over integer
        expressions; a row that cannot be read is not understood, with why."""
        for cells in (raw for raw in env.parts if any(raw)):
            first = next(t for cell in cells for t in cell)
            row_line, row_column = self.where(block, first)
            result_tokens, condition_tokens = cells[0], [t for cell in cells[1:] for t in cell]
            self.note_written(row_line, result_tokens, condition_tokens)
            try:
                reading = meaning.understood(wraparound.row(positional(result_tokens, self.input_names()),
                                                            positional(condition_tokens, self.input_names())))
            except LatexError as exc:
                reading = meaning.not_understood(f"the row cannot be read: {exc}")
            self.add_part("row", row_line, row_column,
                          f"{render(result_tokens)} & {render(condition_tokens)}".strip(), reading)

    def wraps(self, line: int) -> bool:
        """Whether the line is in an integer section of an operator whose integer result is an exact integer
        expression, wrapped around or always in range (a case analysis over them, `document.wraparound`)."""
        op = self.operator()
        return self.section(line).family == "int" and op is not None and op.integer.kind in ("wrap", "exact")

    def operator(self) -> Operator | None:
        """The document's operator; None where it names none divbridge knows (read with the shared words)."""
        return operator_of(self.doc)

    def results(self, unsigned_too: bool = False) -> tuple[str, ...]:
        """The names the result may have: the one a signature gave it; until then C, Y or Z (the working group's
        names: Z where an input is Y), and B for an operator of one input (its older layouts: ``B = Neg(A)``), never
        an input's name.  ``unsigned_too``: the names a matrix or table of the result is read under even after a
        signature (C, Y and Z)."""
        op = self.operator()
        named = (self.output,) if self.signed and not unsigned_too else (self.output, "C", "Y", "Z")
        named = (*named, *("B" if op is not None and op.arity == 1 and not self.signed else ""))
        return tuple(n for n in dict.fromkeys(named) if n == self.output or n not in self.input_names())

    def input_names(self) -> tuple[str, ...]:
        """The section's names of the operator's inputs, in order: its signature's, else its description's."""
        op = self.operator()
        return self.inputs or (tuple(i.name for i in op.inputs) if op is not None else ("A", "B"))

    def prose_inputs(self) -> dict[str, str]:
        """The section's one-letter names of its second and third inputs the sentence grammar does not read by
        default (a signature Y = op(X, L, M): L as B, M as D), once a signature has named them."""
        if not self.signed:
            return {}
        return {name: "BD"[k - 1] for k, name in enumerate(self.input_names()) if k in (1, 2)
                and len(name) == 1 and name.isupper() and name not in "ABCXYZ"}

    def operand_of(self, name: str) -> str:
        """The operand (`OPERANDS`) an input's name stands for: by the section's names of the inputs, else A and B
        as themselves and X as A (ONNX's name of a single input, `document.words`); "" for none."""
        names = self.input_names()
        if name in names:
            return OPERANDS[names.index(name)]
        return {"A": "A", "B": "B", "X": "A"}.get(name, "") if len(names) < 3 else ""

    def formula_output(self) -> str | tuple[str, ...]:
        """The result's names a display formula is read with: the section's (a formula naming another is judged
        apart, `formula`), and B too for an operator of one input until a signature names its result."""
        op = self.operator()
        return self.results() if op is not None and op.arity == 1 and not self.signed else self.output

    def pipe_row(self, block: Block, columns: tuple[int, int]) -> None:
        """A row of a Markdown table whose header names a condition and a result: a case of the table its header
        opened, as a `cases` row is."""
        cells = _cells(block)
        text = " | ".join(_render_cell(c) for c in cells)
        pieces = cells[columns[0]] if columns[0] < len(cells) else []
        column = pieces[0].column if pieces else 1
        try:
            condition_tokens = _cell_tokens(pieces)
            result_tokens = _cell_tokens(cells[columns[1]] if columns[1] < len(cells) else [])
        except LatexError as exc:   # a cell's LaTeX that does not parse: the text is malformed
            self.doc.findings.append(Finding("ill-formed", block.line, f"the formula cannot be parsed: {exc}",
                                             column=column))
            row = Row(None, None, block.line, text, column, f"LaTeX that does not parse ({exc})")
        else:
            row = _row(result_tokens, condition_tokens, block.line, text, column, self.operator())
        table = self.doc.tables[-1]
        if not table.rows:
            table.line = block.line
        table.rows.append(row)
        table.text = "\n".join(filter(None, (table.text, text)))
        self.add_part("row", row.line, row.column, row.text, row.reading())

    def pipe_example_row(self, block: Block) -> None:
        """A row of a worked example written as a Markdown table (`| A | B | C |`): one element, each entry at its
        line and column; a row whose entries cannot all be read is unread at its line, the others are the
        example."""
        cells = _cells(block)
        text = " | ".join(_render_cell(c) for c in cells)
        starts = _cell_columns(self.doc.lines[block.line - 1])
        entries, places = [], []
        try:
            for index in self.pipe_example.columns:
                entries.append(entry_of(_cell_tokens(cells[index] if index < len(cells) else [])))
                places.append((block.line, starts[index] if index < len(starts) else 1))
        except LatexError as exc:
            self.add_part("row", block.line, 1, text, meaning.not_understood(f"a worked example's row that cannot "
                                                                              f"be read ({exc})"))
            return
        self.pipe_example.rows.append((entries, places))
        self.add_part("row", block.line, 1, text,
                      meaning.understood(meaning.NoClaim("a worked example's element, checked with its example")))

    def flush_pipe_example(self) -> None:
        """The worked example of a Markdown table's rows read (A, B and C each one row of entries)."""
        rows, self.pipe_example = self.pipe_example.rows, None
        if not rows:
            return
        line = rows[0][1][0][0]
        a, b, c = (Matrix(name, [[entries[k] for entries, _ in rows]], line, " ".join(str(e[k]) for e, _ in rows),
                          positions=[[places[k] for _, places in rows]]) for k, name in enumerate("ABC"))
        section = self.section(line)
        named = tuple(t for t in _types_in(self.example_title) if t in section.types)
        self.doc.examples.append(Example(section.title, self.example_title, line, (a, b), c, types=named))
        self.doc.parts.append(Part("example", line, 1, f"{a.text}; {b.text}; {c.text}", section.title, "",
                                   meaning.understood(meaning.NoClaim("a worked example"))))

    def fence(self, block: Block) -> None:
        language = block.info
        heading = " ".join(title for _, title in self.headings).lower()
        if language in ("why3", "whyml", "mlw") or (language == "ocaml" and "formal" in heading):
            self.doc.formal.append(FormalText(self.section(block.line).title, block.line + 1, language, block.body))


_CONDITION_HEADER = re.compile(r"^(?:conditions?|cases?|when|if|inputs?|operands?|where)$", re.I)
_RESULT_HEADER = re.compile(rf"^(?:results?|c|c\s*\[\s*i\s*\]|c_i|outputs?|values?|(?:{lexicon.alternatives(lexicon.NOUNS)})s?|y"
                            r"|a\s*/\s*b)$", re.I)


@dataclass
class _PipeExample:
    """A worked example being read from a Markdown table: the cells of A, B and C, and the rows read so far
    (their entries and the (line, column) of each)."""

    columns: tuple[int, int, int]
    rows: list[tuple[list[Entry], list[tuple[int, int]]]] = field(default_factory=list)


def _example_columns(header: Block, output: str) -> tuple[int, int, int] | None:
    """A header row naming the operands and the result (`| A | B | C |`, `| $A[i]$ | $B[i]$ | $Y[i]$ |`): the
    places of their cells."""
    names = [re.sub(r"\[i\]|_i$|[`*$\\{}\s]", "", _render_cell(c)).lower() for c in _cells(header)]
    wanted = ("a", "b", output.lower())
    if output.lower() != "c" and "c" in names:
        wanted = ("a", "b", "c")
    found = tuple(names.index(name) if names.count(name) == 1 else None for name in wanted)
    return found if None not in found else None


def _cell_columns(source: str) -> list[int]:
    """The column where each cell of a Markdown table's row starts its text (the row as written: a `|` escaped
    or inside `$...$` or backticks separates nothing)."""
    starts, inside, k = [], "", 0
    opened = source.lstrip().startswith("|")
    cell = source.index("|") + 1 if opened else 0
    while k < len(source):
        ch = source[k]
        if ch == "\\":
            k += 2
            continue
        if ch in "$`" and (not inside or inside == ch):
            inside = "" if inside else ch
        elif ch == "|" and not inside and k >= cell:
            starts.append(cell)
            cell = k + 1
        k += 1
    if source[cell:].strip():
        starts.append(cell)
    return [start + len(source[start:]) - len(source[start:].lstrip()) + 1 for start in starts]


def _cells(block: Block) -> list[list[Inline]]:
    """A table row's cells, each its inline pieces."""
    cells: list[list[Inline]] = []
    for piece in block.inlines:
        if piece.kind == "cell":
            cells.append([])
        elif cells:
            cells[-1].append(piece)
    return cells


def _render_cell(pieces: list[Inline]) -> str:
    return " ".join(f"${p.text}$" if p.kind == "math" else p.text for p in pieces if p.kind in ("text", "math", "code"))


def _case_columns(header: Block) -> tuple[int, int] | None:
    """A header row naming a condition column and a result column (`| Condition | Result |`): their places."""
    names = [re.sub(r"[`*$\\{}]", "", _render_cell(c)).strip() for c in _cells(header)]
    condition = next((k for k, n in enumerate(names) if _CONDITION_HEADER.match(n)), None)
    result = next((k for k, n in enumerate(names) if _RESULT_HEADER.match(n)), None)
    return (condition, result) if condition is not None and result is not None and condition != result else None


def _cell_tokens(pieces: list[Inline]) -> list[Token]:
    """A cell's words and formulas as one run of tokens (its math parsed)."""
    found: list[Token] = []
    for piece in pieces:
        if piece.kind == "math":
            found += tokens(piece.text)
        elif piece.kind in ("text", "code"):
            found += text_tokens(piece.text)
    return found


def _interval_ends(items) -> set[int]:
    """The positions of the brackets of the intervals that open or close an end outward (``[0, 2^{31}-1[``,
    ``]a, b]``, ``[a, b)``): two brackets around one comma and nothing bracketed, that ``()`` and ``[]`` do not
    pair."""
    brackets = [(k, t.text) for k, t in enumerate(items) if t.kind == "sym" and t.text in "()[],"]
    ends = set()
    for (i, opening), (_, comma), (j, closing) in zip(brackets, brackets[1:], brackets[2:]):
        if opening in "[](" and comma == "," and closing in "[])" and opening + closing not in ("()", "[]", "(["):
            ends |= {i, j}
    return ends


def _unbalanced(items) -> Token | None:
    """The first bracket that opens or closes nothing, in a sentence's or formula's tokens (an interval open at
    an end, ``[a, b[``, is balanced)."""
    stack: list[Token] = []
    pairs = {")": "(", "]": "["}
    intervals = _interval_ends(items)
    for k, token in enumerate(items):
        if token.kind != "sym" or k in intervals:
            continue
        if token.text in "([":
            stack.append(token)
        elif token.text in ")]":
            if not stack or stack[-1].text != pairs[token.text]:
                return token
            stack.pop()
    return stack[0] if stack else None


def _listed(items: list[Token]):
    """The cells of `A = \\begin{bmatrix} ... \\end{bmatrix}` (its rows) or `A = [1, -2, 0.5]` (one row), or
    None when the formula is neither."""
    envs = [t for t in items if t.kind == "env" and t.text.endswith("matrix")]
    if envs:
        return envs[-1].parts
    equals = next((k for k, t in enumerate(items) if t.kind == "sym" and t.text in ("=", "≈")), None)
    rest = items[equals + 1:] if equals is not None else []
    if rest and rest[0].kind == "sym" and rest[0].text == "≈":
        rest = rest[1:]
    if len(rest) < 2 or rest[0].text != "[" or rest[-1].text != "]":
        return None
    cells: list[list[Token]] = [[]]
    for token in rest[1:-1]:
        if token.kind == "sym" and token.text == ",":
            cells.append([])
        else:
            cells[-1].append(token)
    return [cells] if all(cells) else None


def _assigned_name(items: list[Token], names: tuple[str, ...] = ()) -> str:
    """`A = ...`, `C[i] = ...`, `C = \\frac{A}{B} = ...`, `C \\approx ...`, `condition = ...` (one of the inputs'
    ``names``): the name assigned, or ""."""
    if len(items) >= 2 and items[0].kind == "word" and (len(items[0].text) == 1 or items[0].text in names):
        rest = items[1:]
        if len(rest) >= 3 and rest[0].text == "[" and rest[2].text == "]":
            rest = rest[3:]
        elif rest and rest[0].kind == "subscript":
            rest = rest[1:]
        if rest and rest[0].kind == "sym" and rest[0].text in ("=", "≈"):
            return items[0].text
    return ""


def _scalar_assignments(items: list[Token], names: tuple[str, ...]) -> list[tuple[str, list[Token]]] | None:
    """``L = 0 \\quad M = 10`` (spacing dropped by the lexer), ``L = -1.0, M = NaN``: each input named with the
    tokens of its value, or None when the formula is not such a list (a name that is no input, an index)."""
    starts = [k for k in range(len(items) - 1) if items[k].kind == "word" and items[k].text in names
              and items[k + 1].kind == "sym" and items[k + 1].text == "="]
    if not starts or starts[0] != 0:
        return None
    found = []
    for k, end in zip(starts, [*starts[1:], len(items)]):
        value = items[k + 2:end]
        if value and value[-1].kind == "sym" and value[-1].text in (",", ";"):
            value = value[:-1]
        if not value:
            return None
        found.append((items[k].text, value))
    return found


def _computed(rows) -> bool:
    """Whether a matrix's cells are formulas of a function (``\\min(10, \\max(6.1, 20))``) rather than values."""
    return any(t.kind == "word" and after.text == "(" for row in rows for cell in row
               for t, after in zip(cell, cell[1:]))


def _broadcast(m: Matrix, first: Matrix) -> Matrix:
    """A scalar input of a worked example (``shape=()``) given as many times as the first matrix has entries."""
    if m.shape != () or first.shape == ():
        return m
    entry, position = m.entries[0][0], m.positions[0][0] if m.positions else None
    return Matrix(m.name, [[entry] * len(row) for row in first.entries], m.line, m.text, shape=first.shape,
                  positions=[[position] * len(row) for row in first.entries] if position else None)


def _attribute_assigned(items: list[Token]) -> bool:
    """``\\alpha = ...``: an attribute of an operator (`formula.ATTRIBUTES`) given a value."""
    return len(items) >= 3 and items[0].kind in ("macro", "word") and items[0].text.lower() in ATTRIBUTES and \
        items[1].kind == "sym" and items[1].text == "="


def _statements(items: tuple[Token, ...]) -> list[list[Token]]:
    """A math block's statements: `A = [..] \\quad B = [..]` is two; a new one starts at a name assigned."""
    found: list[list[Token]] = [[]]
    for k, token in enumerate(items):
        starts = found[-1] and any(t.kind == "env" for t in found[-1]) and (
            token.kind == "word" and len(token.text) == 1 and _assigned_name(list(items[k:k + 6])) or
            _attribute_assigned(list(items[k:k + 3])))
        if starts:
            found.append([])
        found[-1].append(token)
    return [f for f in found if f]


def _column(doc: SpecDocument, line: int, text: str) -> int:
    source = doc.lines[line - 1] if 0 < line <= len(doc.lines) else ""
    return source.find(text) + 1 if text in source else 1


def _strip_tag_pieces(pieces: list[Inline], name: str) -> None:
    """The tag itself is no part of its requirement's sentences."""
    for k, piece in enumerate(pieces):
        if piece.kind == "code" and piece.text.strip() in (f"[{name}]", name):
            pieces[k] = Inline("html", "", piece.line, piece.column)
        elif piece.kind == "text" and f"[{name}]" in piece.text:
            pieces[k] = Inline("text", piece.text.replace(f"[{name}]", " " * (len(name) + 2)), piece.line,
                               piece.column)
        elif piece.kind == "text" and re.match(rf"\s*\({name[0]}\s*{name[1:]}\)", piece.text):
            pieces[k] = Inline("text", re.sub(r"\(C\s*\d+\)", lambda m: " " * len(m.group(0)), piece.text, count=1),
                               piece.line, piece.column)


def _with_spans(pieces: list[Inline], lines: list[str]):
    """(piece, None) for the pieces of a paragraph, and (None, (name, line, column)) where a
    `<span ...>[NAME]` opens a line (markdown-it gives the span's tag and its bracketed name as two pieces);
    a span inside a line (a tag's name in a link, in bold) is text."""
    opened = None
    for piece in pieces:
        starts_line = 0 < piece.line <= len(lines) and not lines[piece.line - 1][:piece.column - 1].strip()
        if piece.kind == "html" and not starts_line:
            continue
        if piece.kind == "html":
            whole = _SPAN.search(piece.text)
            if whole:
                yield None, (whole.group("name").strip(), piece.line, piece.column + whole.start())
            elif re.match(r"<span\b", piece.text, re.I):
                opened = piece
            continue
        if opened is not None and piece.kind == "text":
            m = re.match(r"\s*\[(?P<name>[^\]]*)\]", piece.text)
            opened = None
            if m:
                yield None, (m.group("name").strip(), piece.line, piece.column + m.start("name") - 1)
                rest = piece.text[m.end():]
                if rest.strip():
                    yield Inline("text", rest, piece.line, piece.column + m.end()), None
                continue
        opened = None
        yield piece, None


# -- sentences ------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Sentence:
    text: str
    tokens: tuple[Token, ...]
    line: int
    column: int
    marks: tuple[tuple[int, int, int], ...] = ()   # (offset, line, column) of its pieces, for its tokens' places
    formulas: tuple[tuple[Token, ...], ...] = ()   # the tokens of each inline formula

    def place(self, token: Token) -> tuple[int, int]:
        return _place(self.marks, token.pos)


def _sentences(block: Block, pieces: list[Inline]) -> list[_Sentence]:
    """A text block's sentences, each with its tokens (words, and its inline math parsed) and its place.  Linear
    in the block's length: a sentence finds its formulas, their words and its place by bisection (a paragraph of
    thousands of formulas in one sentence is read in time proportional to it)."""
    texts: list[str] = []                      # the block's plain text, in pieces
    size = 0                                   # its length so far
    marks: list[tuple[int, int, int]] = []     # (offset in plain, line, column)
    found: list[Token] = []
    formulas: list[tuple[int, int]] = []       # (first, last) offsets of each inline formula
    for piece in pieces:
        if piece.kind == "text":
            marks.append((size, piece.line, piece.column))
            found += text_tokens(piece.text, size)
            added = piece.text
        elif piece.kind == "math":
            marks.append((size, piece.line, max(piece.column - 1, 1)))
            try:
                found += [_shift(t, size + 1) for t in tokens(piece.text)]
            except LatexError:
                found.append(Token("macro", "unparsable", size + 1))
            formulas.append((size + 1, size + 1 + len(piece.text)))
            added = f"${piece.text}$"
        elif piece.kind == "code" and piece.text.strip():
            marks.append((size, piece.line, piece.column))
            found += text_tokens(piece.text, size + 1)
            added = f"`{piece.text}`"
        elif piece.kind in ("break", "cell"):
            added = " " if piece.kind == "break" else " | "
        else:
            continue
        texts.append(added)
        size += len(added)
    plain = "".join(texts)
    shared = tuple(marks)                      # one tuple for every sentence of the block
    found = _full_stops(found, plain, formulas)
    sentences = []
    start = 0
    for k, token in enumerate(found + [Token("sym", ".", len(plain))]):
        end_of_sentence = token.kind == "sym" and token.text in (".", "!", "?") and not _abbreviation(found, k) \
            or k == len(found)
        if not end_of_sentence:
            continue
        words = found[start:k]
        start = k + 1
        if not words:
            continue
        first, last = words[0].pos, (found[k].pos + 1 if k < len(found) else len(plain))
        while first > 0 and plain[first - 1] in "$`":   # a sentence opening with math or code opens with its mark
            first -= 1
        text = plain[first:last].strip()
        line, column = _place(shared, first)
        positions = [t.pos for t in words]   # in increasing order, as the tokens were found
        inside = formulas[bisect.bisect_left(formulas, (first,)):bisect.bisect_left(formulas, (last,))]
        inline = tuple(tuple(words[bisect.bisect_left(positions, lo):bisect.bisect_left(positions, hi)])
                       for lo, hi in inside)
        sentences.append(_Sentence(" ".join(text.split()), tuple(words), line, column, shared, inline))
    return sentences


def _full_stops(found: list[Token], plain: str, formulas: list[tuple[int, int]]) -> list[Token]:
    """A number of the words that ends in a full stop ("... are both 0. The sign ...") is the number, and the full
    stop that ends its sentence (in a formula, "0." is a number as written)."""
    out = []
    starts = [lo for lo, _ in formulas]      # in order: a binary search keeps a long paragraph linear
    for token in found:
        at = token.pos + len(token.text)
        k = bisect.bisect_right(starts, token.pos) - 1
        if token.kind == "number" and token.text.endswith(".") and len(token.text) > 1 and \
                (at >= len(plain) or plain[at].isspace()) and not (k >= 0 and token.pos < formulas[k][1]):
            out += [Token("number", token.text[:-1], token.pos), Token("sym", ".", at - 1)]
        else:
            out.append(token)
    return out


def _abbreviation(found: list[Token], k: int) -> bool:
    """"e.g.", "i.e.", "etc.", an ellipsis ("X0, ..., XL") and a full stop followed by more of the sentence do not
    end it."""
    before = found[k - 1] if k > 0 else None
    after = found[k + 1] if k + 1 < len(found) else None
    if before is not None and before.kind == "word" and before.text.lower() in ("e", "g", "i", "etc", "vs", "cf"):
        return True
    if k < len(found) and _in_ellipsis(found, k):
        return True
    return after is not None and (after.text in (",", ")") or (after.kind == "word" and after.text[:1].islower()
                                                              and after.pos == found[k].pos + 1))


def _in_ellipsis(found: list[Token], k: int) -> bool:
    """Whether the full stop at ``k`` is one of three or more in a row ("X0, ..., XL"; "shape.." ends a sentence)."""
    def dot(j: int) -> bool:
        return 0 <= j < len(found) and found[j].kind == "sym" and found[j].text == "." and \
            found[j].pos == found[k].pos + j - k
    first, last = k, k
    while dot(first - 1):
        first -= 1
    while dot(last + 1):
        last += 1
    return last - first >= 2


def _shift(token: Token, offset: int) -> Token:
    """A token, and the tokens inside it (an environment's cells, a fraction's parts), placed ``offset`` further."""
    parts = tuple(tuple(_shift(t, offset) if isinstance(t, Token) else tuple(_shift(u, offset) for u in t)
                        for t in part) for part in token.parts) if token.parts else token.parts
    return Token(token.kind, token.text, token.pos + offset, parts)


def _place(marks: tuple[tuple[int, int, int], ...], offset: int) -> tuple[int, int]:
    """(line, column) of an offset in a block's plain text, from its pieces' marks (in increasing offsets)."""
    at = bisect.bisect_right(marks, offset, key=lambda mark: mark[0])
    if not at:
        return (marks[0][1], marks[0][2]) if marks else (1, 1)
    start, line, column = marks[at - 1]
    return line, column + offset - start


# -- ONNX-style printed examples ----------------------------------------------------------------------

_ONNX_TENSOR = re.compile(r"^\s*(\w+): shape=\(([\d,\s]*)\), dtype=(\w+)\s*$")


def _read_onnx_examples(doc: SpecDocument) -> None:
    """`Inputs:` / `Outputs:` blocks with `x: shape=(2, 3), dtype=float32` and a printed NumPy array
    (a print format, not Markdown: read line by line)."""
    number = 1
    title = ""
    while number <= len(doc.lines):
        line = doc.lines[number - 1]
        if line.strip() == "Inputs:":
            tensors, number = _read_onnx_tensors(doc, number + 1)
            if number <= len(doc.lines) and doc.lines[number - 1].strip() == "Outputs:":
                outputs, number = _read_onnx_tensors(doc, number + 1)
                tensors += outputs
            if len(tensors) == 3 and all(t is not None for t in tensors):
                dtypes = {t[3] for t in tensors}
                (a, la, _, dt), (b, lb, _, _), (c, lc, _, _) = tensors
                if len(dtypes) != 1:
                    doc.findings.append(Finding("ill-formed", la, f"example {title}: operands of different types"))
                else:
                    section = doc.section_of(la).title
                    doc.examples.append(Example(section, title, la, (a, b), c, dt, True))
                    doc.parts.append(Part("example", la, 1, title, section, "",
                                          meaning.understood(meaning.NoClaim("a worked example"))))
            elif tensors and all(t is not None for t in tensors):
                doc.findings.append(Finding("ill-formed", tensors[0][1],
                                            f"example {title}: expected two inputs and one output"))
            continue
        if line.strip() and not line.startswith(" "):
            title = line.strip()
        number += 1


def _read_onnx_tensors(doc: SpecDocument, number: int):
    tensors = []
    while number <= len(doc.lines):
        m = _ONNX_TENSOR.match(doc.lines[number - 1])
        if not m:
            if not doc.lines[number - 1].strip():
                number += 1
                continue
            break
        start = number
        number += 1
        body = []
        # the printed array: indented lines, blank lines between the slices of a 3-D array
        while number <= len(doc.lines) and not _ONNX_TENSOR.match(doc.lines[number - 1]) and (
                doc.lines[number - 1].startswith("    ") or not doc.lines[number - 1].strip()):
            body.append(doc.lines[number - 1])
            number += 1
        shape = tuple(int(d) for d in m.group(2).replace(" ", "").split(",") if d)
        try:
            fmt = get_format(m.group(3))
            entries = _onnx_array("\n".join(body), shape)
        except (InputError, LatexError) as exc:
            doc.findings.append(Finding("ill-formed", start, f"tensor {m.group(1)}: {exc}"))
            tensors.append(None)
            continue
        tensors.append((Matrix(m.group(1), [entries], start, "\n".join(body), shape), start, shape, fmt.name))
    return tensors, number


def _onnx_array(text: str, shape: tuple[int, ...]) -> list[Entry]:
    """A printed NumPy array, flattened."""
    numbers = re.findall(r"[+-]?(?:inf|nan|\d+\.?\d*(?:e[+-]?\d+)?|\.\d+(?:e[+-]?\d+)?)", text.lower())
    size = 1
    for d in shape:
        size *= d
    if len(numbers) != size:
        raise LatexError(f"{len(numbers)} values printed for shape {shape}")
    entries = [entry_of(text_tokens(n), source=n) for n in numbers]
    # a printed float is as exact as its digits: NumPy prints the shortest digits that round-trip, rounded to
    # 8 decimals (trailing zeros dropped): a printed value is within half a unit of the 8th decimal
    cap = Fraction(1, 2) * Fraction(10) ** -NUMPY_PRECISION
    return [Entry(e.literal, True, tolerance(n) if "e" in n else cap) if e.literal.kind == "number" else e
            for e, n in zip(entries, numbers)]

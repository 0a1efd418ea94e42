"""Reading a SONNX-style Markdown spec document into what it claims.

The document is cut into sections at its top-level headings; each section
gets a type family (real, float, int, or mixed) and its types.  Inside,
the reader picks up requirement tags, `cases` definitions, worked examples
(`bmatrix` in math fences or `$$` blocks, and ONNX-style printed arrays), the
Why3 formal text, and "to be completed" markers, each with its document
line.  A part it cannot read becomes an ``ill-formed`` finding at its line
and the rest is still read: reading never raises on bad text.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from divbridge.errors import InputError
from divbridge.formats import FORMATS, get_format
from divbridge.specdoc.findings import Finding
from divbridge.specdoc.latex import (Condition, Entry, LatexError, Otherwise, Result, normalize, parse_condition,
                                     parse_entry, parse_result, split_cases, tolerance)
from divbridge.specdoc.prose import ProseRule, read_rules

MAX_BYTES = 4_000_000
NUMPY_PRECISION = 8   # numpy.get_printoptions()["precision"], the default the ONNX pages are printed with


@dataclass
class Section:
    title: str
    line: int
    end: int                          # last line, inclusive
    family: str = "unknown"          # real | float | int | mixed | unknown
    types: tuple[str, ...] = ()      # format names, in document order
    types_line: int = 0
    types_from: str = ""             # heading | body | document


@dataclass(frozen=True)
class TagUse:
    tag: str                          # R1, RG1, C1, E_DIV_FLOAT_DEF_0010 (no brackets)
    style: str                        # requirement | constraint
    line: int
    text: str                         # the line it sits on, without the tag
    scope: str                        # the innermost heading (constraints are numbered per tensor)
    section: str
    defines: bool                     # a restriction or constraint bullet, not a reference
    end: int = 0                      # last line of the tag's text (a span block runs to its [END])


@dataclass
class Row:
    result: Result | None
    condition: Condition | None
    line: int
    text: str


@dataclass
class CaseTable:
    section: str
    line: int
    rows: list[Row]
    text: str


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
    a: Matrix
    b: Matrix
    c: Matrix
    dtype: str | None = None          # ONNX-style examples name their dtype
    broadcast: bool = False           # ONNX-style examples may broadcast


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
    tables: list[CaseTable] = field(default_factory=list)
    examples: list[Example] = field(default_factory=list)
    definitions: list[Definition] = field(default_factory=list)
    rules: list[ProseRule] = field(default_factory=list)
    formal: list[FormalText] = field(default_factory=list)
    unfinished: list[tuple[str, int, str]] = field(default_factory=list)   # (section, line, text)
    informal_tags: set[str] = field(default_factory=set)
    findings: list[Finding] = field(default_factory=list)

    def section_of(self, line: int) -> Section:
        # sections are contiguous and in order: a binary search (a scan per line grew with the square of the size)
        index = bisect.bisect_right(self.sections, line, key=lambda section: section.line) - 1
        if index >= 0 and line <= self.sections[index].end:
            return self.sections[index]
        return self.sections[0]


def read_document(path: str | Path) -> SpecDocument:
    """Read a document from disk; an unreadable file is an InputError (exit 2)."""
    p = Path(path)
    try:
        data = p.read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read the document: {exc.strerror or exc}", str(path)) from None
    if len(data) > MAX_BYTES:
        raise InputError(f"the document is larger than {MAX_BYTES} bytes", str(path))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise InputError("the document is not UTF-8 text", str(path), line) from None
    return parse_document(text, str(path))


def parse_document(text: str, path: str = "<text>") -> SpecDocument:
    doc = SpecDocument(path, text.replace("\r\n", "\n").replace("\r", "\n").split("\n"))
    _read_sections(doc)
    fenced = _read_blocks(doc)
    _read_tags(doc, fenced)
    _read_onnx_examples(doc)
    _read_unfinished(doc)
    rules = read_rules(doc.lines, fenced | _math_lines(doc.lines), doc.section_of)
    doc.rules = [r for r in rules if r.kind != "definition"]
    # a definition in words is one more single-equation definition
    doc.definitions += [Definition(r.section, r.line, Result("quotient"), r.text) for r in rules if r.kind == "definition"]
    return doc


_DIV_TITLE = re.compile(r"\bDiv(?:ide)?\b")


def has_div_section(doc: SpecDocument) -> bool:
    """A heading (or the first line, for pages without Markdown headings) names the Div operator."""
    first = next((line for line in doc.lines if line.strip()), "")
    return any(_DIV_TITLE.search(line) for line in doc.lines if _HEADING.match(line)) or bool(
        _DIV_TITLE.search(first))


# -- sections and types ---------------------------------------------------------

_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_TENSOR_TYPE = re.compile(r"tensor\((\w+)\)")
_FENCE = re.compile(r"^\s*(```+|~~~+)\s*([\w+-]*)")


def _family(types: tuple[str, ...]) -> str:
    families = {FORMATS[t].family for t in types}
    return families.pop() if len(families) == 1 else ("mixed" if families else "unknown")


def _types_in(text: str) -> tuple[str, ...]:
    """Type names written in a heading's parentheses: FP16, BFLOAT16, INT8, real..."""
    names = []
    for word in re.split(r"[\s,/]+|\band\b", text):
        word = word.strip("`*_ ").lower()
        if not word:
            continue
        try:
            fmt = get_format(word)
        except InputError:
            continue
        if fmt.name not in names:
            names.append(fmt.name)
    return tuple(names)


def _read_sections(doc: SpecDocument) -> None:
    in_fence = False
    starts: list[tuple[str, int]] = []
    for number, line in enumerate(doc.lines, 1):
        if _FENCE.match(line):
            in_fence = not in_fence
            continue
        m = _HEADING.match(line)
        if m and not in_fence and len(m.group(1)) == 1:
            starts.append((m.group(2), number))
    if not starts or starts[0][1] != 1:
        starts.insert(0, ("(document)", 1))
    for (title, line), nxt in zip(starts, starts[1:] + [("", len(doc.lines) + 1)]):
        doc.sections.append(Section(title, line, nxt[1] - 1))
    document_types: tuple[str, ...] = ()
    for section in doc.sections:
        paren = re.search(r"\(([^()]*)\)\s*$", section.title)
        where = _where_list(doc, section, paren.group(1) if paren else "")
        if where:
            section.types, section.types_line, section.types_from = where[0], where[1], "heading"
            continue
        heading_types = _types_in(paren.group(1)) if paren else ()
        if heading_types:
            section.types, section.types_line, section.types_from = heading_types, section.line, "heading"
            continue
        for number in range(section.line, section.end + 1):
            found = _TENSOR_TYPE.findall(doc.lines[number - 1])
            if found:
                types = []
                for name in found:
                    try:
                        fmt = get_format(name)
                    except InputError:
                        doc.findings.append(Finding("ill-formed", number, f"unknown type tensor({name})"))
                        continue
                    if fmt.name not in types:
                        types.append(fmt.name)
                section.types, section.types_line, section.types_from = tuple(types), number, "body"
                break
    for section in doc.sections:   # a preamble's type list applies to sections that list none
        if section.types_from == "body" and not _has_definition(doc, section):
            document_types = document_types or section.types
    for section in doc.sections:
        if not section.types and document_types:
            section.types, section.types_from = document_types, "document"
            section.types_line = next(s.types_line for s in doc.sections if s.types == document_types)
        section.family = _family(section.types)


_WHERE = re.compile(r"\bwhere\s+\W*(?P<name>\w+)\W*\s+(?:is\s+in|is\s+one\s+of|belongs\s+to|∈|\\in)\s+(?P<list>.*)", re.I)


def _where_list(doc: SpecDocument, section: Section, heading: str) -> tuple[tuple[str, ...], int] | None:
    """`where float is in {float16, bfloat16, float, double}` under a heading `(float, float)`: the types."""
    placeholders = {w.strip("`*_ ").lower() for w in heading.split(",")}
    for number in range(section.line + 1, section.end + 1):
        m = _WHERE.search(doc.lines[number - 1].replace("$", " "))
        if not m or m.group("name").lower() not in placeholders:
            continue
        listed = re.sub(r"\\text\s*\{([^{}]*)\}|\\mathrm\s*\{([^{}]*)\}", r"\1\2", m.group("list"))
        listed = listed.split("}")[0]
        types = _types_in(listed.replace("\\{", " ").replace("{", " ").replace("\\", " "))
        if types:
            return types, number
    return None


def _has_definition(doc: SpecDocument, section: Section) -> bool:
    body = "\n".join(doc.lines[section.line - 1:section.end])
    return "\\begin{cases}" in body or "bmatrix" in body or "dtype=" in body


# -- math blocks: cases, matrices, formal text -------------------------------------

_MATRIX = re.compile(r"`?\b(?P<name>[ABC])\b`?(?:\s*\[\s*i\s*\])?\s*"
                     r"(?:=\s*(?:\\[dt]?frac\s*\{\s*A\s*\}\s*\{\s*B\s*\}|A\s*/\s*B)\s*)?"
                     r"(?P<rel>=|\\approx|≈)\s*\\begin\{(?P<env>[bpvB]?matrix)\}(?P<body>.*?)\\end\{(?P=env)\}", re.S)
_EQUATION = re.compile(r"^\s*C\s*(?:\[\s*i\s*\]|_\s*i|_\{\s*i\s*\})?\s*=\s*(?P<rhs>[^=]+?)\s*[,.]?\s*$", re.S)
_DOMAIN_SENTENCE = re.compile(r"^(?:if|when|for|provided|whenever)\s+(?P<cond>.+?)\s*[,;]?\s*(?:otherwise|else)\b.*"
                              r"\b(?:not\s+defined|undefined)", re.I)
_CASES = re.compile(r"\\begin\{cases\}(.*?)(?:\\end\{cases\}|$)", re.S)
_FORMAL_LANGUAGES = ("why3", "whyml", "mlw", "ocaml")


def _line_at(text: str, offset: int, first_line: int) -> int:
    return first_line + text.count("\n", 0, offset)


def _read_blocks(doc: SpecDocument) -> set[int]:
    """Math (fenced ```math and $$ blocks) and formal code; returns the lines inside code fences."""
    fenced: set[int] = set()
    heading = ""
    number = 1
    pending: list[Matrix] = []
    example_title = ""
    while number <= len(doc.lines):
        line = doc.lines[number - 1]
        m = _HEADING.match(line)
        if m:
            heading = m.group(2)
        fence = _FENCE.match(line)
        if fence:
            marker, language = fence.group(1), fence.group(2).lower()
            end = number + 1
            while end <= len(doc.lines) and not doc.lines[end - 1].strip().startswith(marker):
                end += 1
            if end > len(doc.lines):
                doc.findings.append(Finding("ill-formed", number, "code fence is never closed"))
            body = "\n".join(doc.lines[number:end - 1])
            fenced.update(range(number, end + 1))
            if language == "math":
                _read_math(doc, body, number + 1, pending, example_title)
                _read_domain_sentence(doc, end + 1)
            elif language in _FORMAL_LANGUAGES and (language != "ocaml" or "formal" in heading.lower()):
                doc.formal.append(FormalText(doc.section_of(number).title, number + 1, language, body))
            number = end + 1
            continue
        if line.strip().startswith("$$"):
            one_line = line.strip().count("$$") >= 2 and line.strip() != "$$"
            end = number if one_line else number + 1
            while not one_line and end <= len(doc.lines) and "$$" not in doc.lines[end - 1]:
                end += 1
            if end > len(doc.lines):
                doc.findings.append(Finding("ill-formed", number, "$$ math block is never closed"))
            block = "\n".join(doc.lines[number - 1:end])
            _read_math(doc, block.replace("$$", "  "), number, pending, example_title)
            _read_domain_sentence(doc, end + 1)
            number = end + 1
            continue
        if line.strip() and not line.lstrip().startswith(("Result", "```")):
            example_title = line.strip().lstrip("-*# ")
        number += 1
    _flush_example(doc, pending, example_title)
    return fenced


def _read_math(doc: SpecDocument, body: str, first_line: int, pending: list[Matrix], title: str) -> None:
    for m in _CASES.finditer(body):
        _read_cases(doc, m.group(1), _line_at(body, m.start(1), first_line), m.group(0))
        if not m.group(0).rstrip().endswith("\\end{cases}"):
            doc.findings.append(Finding("ill-formed", _line_at(body, m.start(), first_line),
                                        "\\begin{cases} without \\end{cases}"))
    for m in _MATRIX.finditer(body):
        name = m.group("name")
        line = _line_at(body, m.start(), first_line)
        approx = m.group("rel") != "="
        entries: list[list[Entry]] | None = []
        positions = []
        try:
            for row in _cells(body, m.start("body"), m.end("body"), first_line):
                entries.append([parse_entry(("\\approx " if approx else "") + cell) for cell, _ in row])
                positions.append([where for _, where in row])
        except LatexError as exc:
            doc.findings.append(Finding("ill-formed", line, f"matrix {name}: {exc}"))
            entries = None
        matrix = Matrix(name, entries, line, m.group(0), positions=positions) if entries is not None else None
        if name == "A" and pending:
            _flush_example(doc, pending, title)
        pending.append(matrix or Matrix(name, [], line, m.group(0)))
        if name == "C":
            _flush_example(doc, pending, title)
    if "begin{bmatrix}" in body and not _MATRIX.search(body):
        doc.findings.append(Finding("ill-formed", first_line, "a matrix that is not assigned to A, B or C"))
    equation = _EQUATION.match(body)
    if equation and "\\begin" not in body:
        try:
            result = parse_result(equation.group("rhs"))
        except LatexError:
            return   # some other equation: not a definition of C
        if result.kind == "quotient":
            line = _line_at(body, equation.start("rhs"), first_line)
            doc.definitions.append(Definition(doc.section_of(line).title, line, result, body.strip()))


def _cells(text: str, start: int, end: int, first_line: int) -> list[list[tuple[str, tuple[int, int]]]]:
    """A matrix body's entries row by row (rows end at \\\\), each with its document (line, column)."""
    spans, previous = [], start
    for sep in re.finditer(r"\\\\", text[start:end]):
        spans.append((previous, start + sep.start()))
        previous = start + sep.end()
    spans.append((previous, end))
    rows = []
    for row_start, row_end in spans:
        cells, offset = [], row_start
        for cell in text[row_start:row_end].split("&"):
            at = offset + len(cell) - len(cell.lstrip())
            if cell.strip():
                cells.append((cell.strip(), (_line_at(text, at, first_line), at - text.rfind("\n", 0, at))))
            offset += len(cell) + 1
        if cells:
            rows.append(cells)
    return rows


def _read_domain_sentence(doc: SpecDocument, after: int) -> None:
    """The sentence after a single-equation definition may give its domain: "If B[i] ≠ 0, otherwise ..."."""
    if not doc.definitions or doc.definitions[-1].condition is not None:
        return
    definition = doc.definitions[-1]
    if not definition.line < after:
        return
    number = after
    while number <= len(doc.lines) and not doc.lines[number - 1].strip():
        number += 1
    paragraph = []
    start = number
    while number <= len(doc.lines) and doc.lines[number - 1].strip() and not _HEADING.match(doc.lines[number - 1]):
        paragraph.append(doc.lines[number - 1])
        number += 1
    m = _DOMAIN_SENTENCE.match(normalize(" ".join(paragraph)))
    if m and definition.section == doc.section_of(start).title:
        try:
            definition.condition = parse_condition(m.group("cond"))
        except LatexError as exc:
            doc.findings.append(Finding("ill-formed", start, f"the domain of the definition: {exc}"))
            return
        definition.condition_line = start


def _flush_example(doc: SpecDocument, pending: list[Matrix], title: str) -> None:
    if not pending:
        return
    names = "".join(m.name for m in pending)
    line = pending[0].line
    if names != "ABC":
        doc.findings.append(Finding("ill-formed", line,
                                    f"a worked example needs matrices A, B and C in that order, found {', '.join(names)}"))
    elif all(m.entries for m in pending):
        a, b, c = pending
        doc.examples.append(Example(doc.section_of(line).title, title, line, a, b, c))
    pending.clear()


def _read_cases(doc: SpecDocument, body: str, first_line: int, text: str) -> None:
    rows = []
    for raw in split_cases(body):
        line = _line_at(body, raw.offset, first_line)
        result = condition = None
        try:
            result = parse_result(raw.result)
            condition = parse_condition(raw.condition)
        except LatexError as exc:
            doc.findings.append(Finding("ill-formed", line, str(exc)))
        rows.append(Row(result, condition, line, f"{raw.result} & {raw.condition}".strip()))
    if not rows:
        doc.findings.append(Finding("ill-formed", first_line, "a cases block with no rows"))
        return
    for row in rows[:-1]:
        if isinstance(row.condition, Otherwise):
            doc.findings.append(Finding("ill-formed", row.line, "'otherwise' is not the last row"))
    doc.tables.append(CaseTable(doc.section_of(first_line).title, first_line, rows, text))


# -- requirement tags ---------------------------------------------------------------

# a tag of any name: letters, digits and underscores ending in a number ([R1], [E_DIV_FLOAT_CONSTR_A_0020]);
# constraints of the older style are numbered in parentheses: (C1)
_TAG = re.compile(r"(?<![\w\\])\[([A-Za-z][A-Za-z0-9_ ]*?\d+)\](?!\()|(?<![\w\\])\((C\s*\d+)\)")
WELL_FORMED = re.compile(r"[A-Z][A-Z0-9_]*\d")
_TAG_LIKE = re.compile(r"(?:R|RG|E_)", re.I)        # a near miss of these is a typo worth reporting
_SPAN_TAG = re.compile(r"<span\b[^>]*>\s*\[(?P<tag>[^\]]+)\]\s*(?:</?br\s*/?>\s*)*</span>", re.I)
_SPAN_END = re.compile(r"<span\b[^>]*>\s*\[END\]", re.I)
_BULLET_TAG = re.compile(r"^\s*[-*+]\s*`?\[(?P<tag>[A-Za-z][A-Za-z0-9_]*\d+)\]`?\s*(?P<title>.*)$")
_REFERENCE = re.compile(r"\bsee\s+(?:constraint|requirement|rule)s?\s*`?\[?$", re.I)


def _plain_text(lines: list[str]) -> str:
    text = " ".join(re.sub(r"<[^>]+>", " ", line) for line in lines)
    text = _TAG.sub(" ", text).replace("`", " ")
    return re.sub(r"\s+", " ", text).strip(" -*")


def _read_tags(doc: SpecDocument, fenced: set[int]) -> None:
    headings: list[tuple[int, str]] = []   # (level, title) of the enclosing headings
    scope = ""
    in_restrictions = False
    block_until = 0                        # a span block's text is its tag's, not a use of other tags
    for number, line in enumerate(doc.lines, 1):
        if number in fenced:
            continue
        m = _HEADING.match(line)
        if m:
            level = len(m.group(1))
            headings = [h for h in headings if h[0] < level] + [(level, m.group(2))]
            scope = " / ".join(title for lvl, title in headings if lvl > 1)   # constraints: per tensor
            in_restrictions = re.search(r"restriction|requirement", m.group(2), re.I) is not None
            for tm in _TAG.finditer(m.group(2)):   # "### [E_DIV_X_0010] Title": the heading names its block
                if tm.group(1) and WELL_FORMED.fullmatch(tm.group(1)):
                    end = next((n for n in range(number + 1, len(doc.lines) + 1) if _HEADING.match(doc.lines[n - 1])
                                and n not in fenced), len(doc.lines) + 1) - 1
                    _add_tag(doc, tm.group(1), "requirement", number,
                             _plain_text([m.group(2)] + doc.lines[number:end]), scope, True, end)
            continue
        if "informal" in line.lower():
            doc.informal_tags.update(t for t, _ in _TAG.findall(line) if t)
        span = _SPAN_TAG.search(line)
        if span and span.group("tag").strip().upper() != "END":
            end = _span_end(doc, number)
            text = _plain_text([line[span.end():]] + doc.lines[number:end - 1] +
                               [_SPAN_END.split(doc.lines[end - 1])[0]] if end > number else [line[span.end():]])
            _add_tag(doc, span.group("tag").strip(), "requirement", number, text, scope, True, end)
            block_until = end
            continue
        if _SPAN_END.search(line) or number <= block_until and not _TAG.search(line):
            continue
        bullet = _BULLET_TAG.match(line)
        if bullet:
            end = number
            while end < len(doc.lines) and re.match(r"\s+[-*+]\s|\s*[-*+]\s*\*{0,2}statement\b", doc.lines[end], re.I):
                end += 1
            text = _plain_text([bullet.group("title")] + doc.lines[number:end])
            _add_tag(doc, bullet.group("tag"), "requirement", number, text, scope, True, end)
            continue
        for tm in _TAG.finditer(line):
            raw = tm.group(1) or tm.group(2)
            style = "constraint" if tm.group(2) else "requirement"
            tag = raw.replace(" ", "") if style == "constraint" else raw
            if style == "requirement" and not WELL_FORMED.fullmatch(raw):
                if _TAG_LIKE.match(raw):
                    doc.findings.append(Finding("ill-formed", number, f"malformed requirement tag '{tm.group(0)}'",
                                                column=tm.start() + 1))
                continue
            stripped = line.strip()
            reference = _REFERENCE.search(line[:tm.start()]) is not None
            defines = not reference and (
                (style == "constraint" and re.match(r"[-*]\s*\(C\s*\d+\)", stripped) is not None) or (
                    style == "requirement" and in_restrictions and stripped.startswith(("-", "*"))))
            text = re.sub(r"\s+", " ", _TAG.sub("", line).replace("`", "").strip(" -*"))
            _add_tag(doc, tag, style, number, text, scope, defines, number)


def _span_end(doc: SpecDocument, start: int) -> int:
    """The line of a span block's [END]; an unclosed block ends before the next tag block or top heading."""
    for number in range(start + 1, len(doc.lines) + 1):
        line = doc.lines[number - 1]
        if _SPAN_END.search(line):
            return number
        span = _SPAN_TAG.search(line)
        heading = _HEADING.match(line)
        if span or (heading and len(heading.group(1)) == 1):
            doc.findings.append(Finding("ill-formed", start, "the tag's <span> block has no [END] before line "
                                        f"{number}"))
            return number - 1
    doc.findings.append(Finding("ill-formed", start, "the tag's <span> block has no [END]"))
    return len(doc.lines)


def _add_tag(doc: SpecDocument, tag: str, style: str, line: int, text: str, scope: str, defines: bool,
             end: int) -> None:
    doc.tags.append(TagUse(tag, style, line, text, scope, doc.section_of(line).title, defines, end))


def _math_lines(lines: list[str]) -> set[int]:
    """The lines of $$ blocks: formulas, not prose."""
    inside: set[int] = set()
    start = 0
    for number, line in enumerate(lines, 1):
        count = line.count("$$")
        if start:
            inside.add(number)
            if count % 2:
                start = 0
        elif count:
            inside.add(number)
            if count % 2:
                start = number
    return inside


# -- ONNX-style printed examples ------------------------------------------------------

_ONNX_TENSOR = re.compile(r"^\s*(\w+): shape=\(([\d,\s]*)\), dtype=(\w+)\s*$")


def _read_onnx_examples(doc: SpecDocument) -> None:
    """`Inputs:` / `Outputs:` blocks with `x: shape=(2, 3), dtype=float32` and a printed array."""
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
                    doc.examples.append(Example(doc.section_of(la).title, title, la, a, b, c, dt, True))
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
    entries = [parse_entry(n) for n in numbers]
    # a printed float is as exact as its digits: compare within half a unit of its last digit
    # NumPy prints the shortest digits that round-trip, rounded to 8 decimals (trailing zeros dropped):
    # a printed value is within half a unit of the 8th decimal of the float it stands for
    cap = Fraction(1, 2) * Fraction(10) ** -NUMPY_PRECISION
    return [Entry(e.literal, True, tolerance(n) if "e" in n else cap) if e.literal.kind == "number" else e
            for e, n in zip(entries, numbers)]


# -- unfinished sections ------------------------------------------------------------

_UNFINISHED = re.compile(r"\bto be (?:completed|defined|written|done)\b|\bTBD\b|\bTODO\b", re.I)


def _read_unfinished(doc: SpecDocument) -> None:
    for number, line in enumerate(doc.lines, 1):
        if _UNFINISHED.search(line):
            doc.unfinished.append((doc.section_of(number).title, number, line.strip().strip("*_")))


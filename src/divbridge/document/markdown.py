"""A Markdown document as blocks, each with its lines and its inline pieces with their columns.

The Markdown is parsed by markdown-it-py (CommonMark, GFM tables) with the
mdit-py-plugins for `$...$` / `$$...$$` math and amsmath environments.  What
the rest of the reader sees is a flat list of `Block`s in document order:

- ``heading`` (``level`` 1..6), ``paragraph``, ``item`` (the first paragraph
  of a list item, ``level``: its nesting depth), ``row`` (a table row, its
  cells separated by `Inline("cell")` pieces): text blocks with ``inlines``;
- ``math`` (a `$$` block or an amsmath environment) and ``fence`` (a code
  fence, ``info`` its language: ```` ```math ```` is math too): blocks with a
  ``body`` and a `Positions` map from offsets in the body to document lines
  and columns;
- ``html`` (an HTML block).

Lines are 1-based document lines; columns are 1-based.  Parsing never raises:
CommonMark gives every text a reading.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from types import SimpleNamespace
from functools import lru_cache

from markdown_it import MarkdownIt
from markdown_it.token import Token
from mdit_py_plugins.amsmath import amsmath_plugin
from mdit_py_plugins.dollarmath import dollarmath_plugin

MAX_BYTES = 4_000_000   # the largest document divbridge reads (docs/user-guide.md says so)


@dataclass(frozen=True)
class Inline:
    """A piece of a text block: ``text``, ``math`` (inline LaTeX), ``code``, ``html``, ``break``, ``cell``
    (the start of a table cell) or ``link`` (the target of a link that starts here; its words follow)."""

    kind: str
    text: str
    line: int
    column: int


@dataclass(frozen=True)
class Positions:
    """Where each line of a block's body sits in the document: (line, column of its first character)."""

    starts: tuple[tuple[int, int], ...]

    def at(self, body: str, offset: int) -> tuple[int, int]:
        """The document (line, column) of a character offset in the body."""
        index = body.count("\n", 0, offset)
        line_start = body.rfind("\n", 0, offset) + 1
        line, column = self.starts[min(index, len(self.starts) - 1)] if self.starts else (1, 1)
        return line, column + offset - line_start


@dataclass(frozen=True)
class Block:
    kind: str                          # heading | paragraph | item | row | math | fence | html
    line: int
    end: int                           # last line, inclusive
    level: int = 0                     # heading level, list depth
    info: str = ""                     # a fence's language
    inlines: tuple[Inline, ...] = ()   # text blocks
    body: str = ""                     # math, fence and html blocks
    positions: Positions = field(default_factory=lambda: Positions(()))

    @property
    def text(self) -> str:
        """The block's text as written, math between dollars, without HTML."""
        if self.body:
            return self.body
        parts = []
        for piece in self.inlines:
            if piece.kind == "math":
                parts.append(f"${piece.text}$")
            elif piece.kind == "code":
                parts.append(f"`{piece.text}`")
            elif piece.kind == "break":
                parts.append(" ")
            elif piece.kind == "cell":
                parts.append(" | ")
            elif piece.kind == "text":
                parts.append(piece.text)
        return " ".join("".join(parts).split()).strip(" |")

    @property
    def is_math(self) -> bool:
        return self.kind == "math" or (self.kind == "fence" and self.info == "math")


@lru_cache(maxsize=1)
def _parser() -> MarkdownIt:
    return (MarkdownIt("commonmark", {"html": True})
            .use(dollarmath_plugin, allow_space=True, allow_digits=True, double_inline=True)
            .use(amsmath_plugin)
            .enable("table"))


def parse(text: str) -> list[Block]:
    """The blocks of a Markdown text, in document order."""
    lines = text.split("\n")
    tokens = _parser().parse(text)
    blocks: list[Block] = []
    depth = 0
    item_open: list[bool] = []        # per open list item: its first paragraph not yet seen
    row: list[Inline] | None = None
    row_map: tuple[int, int] = (0, 0)
    for index, token in enumerate(tokens):
        kind = token.type
        if kind in ("bullet_list_open", "ordered_list_open"):
            depth += 1
        elif kind in ("bullet_list_close", "ordered_list_close"):
            depth -= 1
        elif kind == "list_item_open":
            item_open.append(True)
        elif kind == "list_item_close":
            item_open.pop()
        elif kind == "tr_open":
            row, row_map = [], tuple(token.map or (0, 1))
        elif kind in ("th_open", "td_open") and row is not None:
            row.append(Inline("cell", "", row_map[0] + 1, 1))
        elif kind == "tr_close" and row is not None:
            blocks.append(Block("row", row_map[0] + 1, row_map[1], inlines=tuple(row)))
            row = None
        elif kind == "inline" and row is not None:
            row.extend(_inlines(token, lines, row[-1].line if row else row_map[0] + 1))
        elif kind == "inline":
            opener = tokens[index - 1]
            start, stop = token.map or (0, 1)
            if opener.type == "heading_open":
                blocks.append(Block("heading", start + 1, stop, level=int(opener.tag[1]),
                                    inlines=tuple(_inlines(token, lines, start + 1))))
            else:
                first_of_item = bool(item_open) and item_open[-1]
                if first_of_item:
                    item_open[-1] = False
                blocks += _text_blocks(token, lines, start, stop, "item" if first_of_item else "paragraph", depth)
        elif kind in ("math_block", "math_block_label", "amsmath"):
            start, stop = token.map or (0, 1)
            body = token.content if kind != "amsmath" else token.content
            blocks.append(Block("math", start + 1, stop, body=body,
                                positions=_body_positions(body, lines, start, stop)))
        elif kind in ("fence", "code_block"):
            start, stop = token.map or (0, 1)
            first = start + 1 if kind == "fence" else start
            info = token.info.strip().split()[0].lower() if token.info.strip() else ""
            blocks.append(Block("fence", start + 1, stop, info=info, body=token.content,
                                positions=_body_positions(token.content, lines, first, stop)))
        elif kind == "html_block":
            start, stop = token.map or (0, 1)
            cut = _span_end(lines, start, stop)
            body = token.content if cut == stop else "\n".join(lines[start:cut]) + "\n"
            blocks.append(Block("html", start + 1, cut, body=body, positions=_body_positions(body, lines, start, cut)))
            if cut < stop:   # the lines after the span, read as the Markdown they are (at their own lines)
                blocks += parse("\n" * cut + "\n".join(lines[cut:stop]))
    return blocks


def _span_end(lines: list[str], start: int, stop: int) -> int:
    """Where an HTML block ends that a `<span ...>` alone on its line opens: after the line that closes the
    span when prose follows it with no blank line between (the working group's 2026 layout writes the tag on
    the line after the `<span ...>` and its requirement's first sentence right below: CommonMark makes it all
    one HTML block, the author meant a sentence); ``stop`` otherwise."""
    if not re.match(r"\s*<span\b[^>]*>\s*$", lines[start], re.I):
        return stop
    close = next((k for k in range(start + 1, stop) if "</span>" in lines[k].lower()), stop)
    return close + 1 if close + 1 < stop else stop


def _text_blocks(token: Token, lines: list[str], start: int, stop: int, kind: str, depth: int) -> list[Block]:
    """A paragraph's blocks: its text, and each display formula (`$$...$$`) written inside it (after an HTML tag
    on the line before, say) as a math block of its own, as a display formula is."""
    blocks: list[Block] = []
    children: list = []
    line = start + 1

    def flush(end: int) -> None:
        pieces = _inlines(SimpleNamespace(children=children), lines, line)
        if any(p.text.strip() for p in pieces if p.kind != "break"):
            blocks.append(Block(kind if not blocks else "paragraph", line, end, level=depth, inlines=tuple(pieces)))

    for child in token.children or []:
        if child.type != "math_inline_double":
            children.append(child)
            continue
        flush(line)
        positions = _body_positions(child.content, lines, line - 1, stop)
        first, last = positions.starts[0][0], positions.starts[-1][0]
        blocks.append(Block("math", first, last, body=child.content, positions=positions))
        children, line = [], last
    flush(stop)
    return blocks


def _body_positions(body: str, lines: list[str], start: int, stop: int) -> Positions:
    """Each body line matched to the source line it comes from (indentation and `$$` markers skipped)."""
    starts = []
    cursor = start
    for content in body.split("\n"):
        stripped = content.strip()
        line = cursor
        while line < stop and stripped and stripped not in lines[line]:
            line += 1
        if line >= stop or line >= len(lines):
            line = min(cursor, len(lines) - 1)
        column = lines[line].find(stripped) if stripped else 0
        leading = len(content) - len(content.lstrip())
        starts.append((line + 1, max(column - leading, 0) + 1))
        cursor = line + 1 if stripped else cursor + 1
    return Positions(tuple(starts))


def _inlines(token: Token, lines: list[str], first_line: int) -> list[Inline]:
    """The inline pieces of a text block, each placed at its (line, column) by finding it in the source."""
    pieces: list[Inline] = []
    line = first_line
    column = 0                      # 0-based cursor in the current source line
    for child in token.children or []:
        kind = child.type
        if kind == "link_open":
            pieces.append(Inline("link", str(child.attrs.get("href", "")), line, column + 1))
            continue
        if kind in ("softbreak", "hardbreak"):
            pieces.append(Inline("break", "\n", line, column + 1))
            line += 1
            column = 0
            continue
        if kind in ("text", "math_inline", "math_inline_double", "code_inline", "html_inline"):
            text = child.content
            source = lines[line - 1] if 0 < line <= len(lines) else ""
            found = source.find(text, column) if text else -1
            at = found if found >= 0 else column
            piece_kind = {"text": "text", "code_inline": "code", "html_inline": "html"}.get(kind, "math")
            pieces.append(Inline(piece_kind, text, line, at + 1))
            column = at + len(text) if found >= 0 else column
    return pieces

"""Telling an accuracy note from an operator's specification, without reading either (the note's reader brings sympy).

A note is the working group's `<op>_acc.md`: its first heading is "Numerical Accuracy", "Error
Propagation", "Error Introduction", or the template's "Note Algorithm".
"""

from __future__ import annotations

import re
from pathlib import Path

from divbridge import inputfile
from divbridge.document.markdown import MAX_BYTES, Block, parse
from divbridge.errors import InputError

ACCURACY_HEADING = re.compile(r"numeric(al)?\s+accuracy|error\s+(propagation|introduction)", re.I)


def heading_text(block: Block) -> str:
    return " ".join(p.text for p in block.inlines if p.kind in ("text", "math", "code")).strip()


_FIRST_LINES = 200


def is_note(text: str) -> bool:
    """Whether a Markdown text is an accuracy note: its first heading is an accuracy heading, or the
    template's "Note Algorithm" that some notes open with."""
    # the first heading is near the top: parse a first piece, the whole text only when it holds none
    # (a heading on the piece's last line could be a setext heading cut from its underline)
    piece = "\n".join(text.splitlines()[:_FIRST_LINES])
    first = next((b for b in parse(piece) if b.kind == "heading" and b.line < _FIRST_LINES), None) \
        or next((b for b in parse(text) if b.kind == "heading"), None)
    return first is not None and bool(ACCURACY_HEADING.search(heading_text(first))
                                      or re.fullmatch(r"note\s+algorithm", heading_text(first), re.I))


def is_note_file(path: str | Path) -> bool:
    """Whether a file is an accuracy note (False when it cannot be read: its reader says why)."""
    try:
        return is_note(inputfile.read_text(path, "document", MAX_BYTES))
    except (OSError, InputError):
        return False

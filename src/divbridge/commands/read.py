"""`divbridge read DOC [--json F]`: what divbridge reads in a document, requirement by requirement.

Every requirement tag is listed with what its text holds: each sentence,
formula, table row and worked example, with the formal statement it is read
as (in plain mathematical notation, and per listed type where the type
matters) and the obligations it binds; or "not understood: «text»" with its
line.  The parts outside every requirement are listed under their section.
Nothing is left out: a part divbridge does not know is said to be so.
"""

from __future__ import annotations

import argparse

from divbridge.atomicio import write_json_atomic
from divbridge.commands import options
from divbridge.document import meaning
from divbridge.document.notes import is_note_file
from divbridge.document.reader import Part, SpecDocument, NO_OPERATOR, operator_of, read_document
from divbridge.errors import InputError
from divbridge.formats import FloatFormat, IntFormat, get_format
from divbridge.obligations import document as binding_of
from divbridge.obligations.catalog import obligations_of

NAME = "read"
HELP = ("show what divbridge reads in a SONNX Markdown document: every requirement tag with each sentence, formula, "
        "table row and example under it and the formal statement it is read as (or 'not understood'), and the "
        "obligations it binds")


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("document", help="the spec document (.md or .txt)")
    parser.add_argument("--json", metavar="F", type=options.report_file, help="also write the reading as JSON to F")


def run(args: argparse.Namespace) -> int:
    options.distinct(args.json, "--json", args.document)
    if is_note_file(args.document):
        from divbridge.document.accuracy import read_note
        from divbridge.obligations.accuracy import note_operator
        note = read_note(args.document)
        note_operator(note)
        reading = {"document": note.path, "sections": [], "parts": 0, "not_understood": 0, "findings": [],
                   "notes": [note_reading(note, None)]}
    else:
        doc = read_document(args.document)
        if operator_of(doc) is None:
            raise InputError(NO_OPERATOR, args.document)
        reading = reading_of(doc)
    if args.json:
        write_json_atomic(args.json, reading)
    print(render(reading))
    return 0


def reading_of(doc: SpecDocument) -> dict:
    """The document's reading as plain data: sections, and per requirement (or section) its parts; the
    accuracy notes it holds or links, claim by claim."""
    binding = binding_of.bind(doc)
    obligations = obligations_of(binding)
    # the document's own "Numerical Accuracy" sections are read as a note (listed with the notes)
    in_note = {line for note in binding.notes if note.path == doc.path for section in note.sections
               if section.kind != "other" for line in range(section.line, section.end + 1)}
    by_line: dict[int, list[str]] = {}
    for obligation in obligations:
        for line in set(obligation.lines):
            by_line.setdefault(line, []).append(obligation.id)
    sections = []
    for section in doc.sections:
        parts = [p for p in doc.parts if p.section == section.title and p.line not in in_note]
        if not parts and section.title == "(document)":
            continue
        groups: dict[str, list[dict]] = {}
        for part in parts:
            groups.setdefault(part.tag, []).append(_part(part, section.types, by_line.get(part.line, [])))
        uses = {}
        for use in doc.tags:   # a tag's own line: where it is defined, not where it is restated
            if use.section == section.title and (use.tag not in uses or use.defines and not uses[use.tag].defines):
                uses[use.tag] = use
        sections.append({
            "title": section.title, "line": section.line, "types": list(section.types),
            "requirements": [{"tag": tag, "line": uses[tag].line if tag in uses else 0, "parts": items}
                             for tag, items in groups.items() if tag],
            "outside": groups.get("", []),
            "tags": [{"tag": u.tag, "line": u.line, "refers_to": u.refers_to} for u in uses.values()
                     if u.tag not in groups],
        })
    parts = [p for p in doc.parts if p.line not in in_note]
    return {"document": doc.path, "sections": sections,
            "parts": len(parts), "not_understood": sum(not p.reading.understood for p in parts),
            "findings": [f.to_json() for f in doc.findings],
            "notes": [note_reading(note, binding.types) for note in binding.notes]}


def note_reading(note, formats) -> dict:
    """An accuracy note's reading: each claim, definition and unread sentence by line (`obligations.accuracy`)."""
    from divbridge.obligations import accuracy
    return {"document": note.path, "claims": [{"line": line, "text": text, "read_as": read_as}
                                               for line, text, read_as in accuracy.reading(note, formats)]}


def _part(part: Part, types: tuple[str, ...], binds: list[str]) -> dict:
    statements = part.reading.statements
    return {"kind": part.kind, "line": part.line, "column": part.column, "text": part.text,
            "understood": part.reading.understood, "why": part.reading.why,
            "statements": [str(s) for s in statements],
            "words": [s.words() for s in statements],         # each statement said back in canonical English
            "per_type": [line for s in statements for line in per_type(s, types)],
            "binds": sorted(set(binds))}


def per_type(statement, types: tuple[str, ...]) -> list[str]:
    """What a statement means in each listed type, where the type changes it."""
    lines = []
    if isinstance(statement, meaning.Semantics):
        words = statement.vocabulary
        for name in types:
            fmt = get_format(name)
            if isinstance(fmt, FloatFormat) and statement.rule == "ieee754":
                lines.append(f"{name}: C = RNE(A {words.infix} B) with p = {fmt.precision}, emin = {fmt.emin}, "
                             f"emax = {fmt.emax}; NaN, ±∞ and ±0 as IEEE 754 {words.verbs[0]} them")
            elif isinstance(fmt, IntFormat) and statement.rule in ("trunc", "floor", "ceil", "nearest"):
                lines.append(f"{name}: C = {statement.rule}(A {words.infix} B), A, B, C in [{fmt.min}, {fmt.max}]")
            elif isinstance(fmt, FloatFormat):
                lines.append(f"{name}: C = round_{statement.rule}(A {words.infix} B) with p = {fmt.precision}")
    return lines


def render(reading: dict) -> str:
    out = [f"{reading['document']}: {reading['parts']} parts read, {reading['not_understood']} not understood"
           + (f", {len(reading['notes'])} accuracy note(s)" if reading["notes"] else "")]
    for section in reading["sections"]:
        types = ", ".join(section["types"]) or "no types"
        out.append("")
        out.append(f"# {section['title']}  (line {section['line']}; {types})")
        for requirement in section["requirements"]:
            out.append(f"[{requirement['tag']}]  line {requirement['line']}")
            out += [_render_part(p) for p in requirement["parts"]]
        for tag in section["tags"]:
            restates = f", restating [{tag['refers_to']}]" if tag["refers_to"] else ""
            out.append(f"[{tag['tag']}]  line {tag['line']}{restates}: no sentence of its own")
        if section["outside"]:
            out.append("(outside every requirement)")
            out += [_render_part(p) for p in section["outside"]]
    for note in reading["notes"]:
        out.append("")
        out.append(f"# accuracy: {note['document']}")
        for claim in note["claims"]:
            text = claim["text"] if len(claim["text"]) <= 100 else claim["text"][:97] + "..."
            out.append(f"  {claim['line']:>4}  «{text}»")
            first, *rest = claim["read_as"] or ["not understood"]
            plain = first.startswith(("not understood", "not checked", "introduces"))
            out.append(f"        {first}" if plain else f"        read as: {first}")
            out += [f"          {line}" for line in rest]
    for finding in reading["findings"]:
        out.append(f"{reading['document']}:{finding['line']}: {finding['kind']}: {finding['message']}")
    return "\n".join(out)


def _render_part(part: dict) -> str:
    text = part["text"] if len(part["text"]) <= 100 else part["text"][:97] + "..."
    head = f"  {part['line']:>4}  {part['kind']:<8} «{text}»"
    if not part["understood"]:
        return f"{head}\n        not understood: «{part['text']}» (line {part['line']}; {part['why'] or 'unknown phrasing'})"
    lines = [head]
    for statement, words in zip(part["statements"], part["words"]):
        lines += [f"        read as: {statement}", f"          in words: {words}"]
    lines += [f"          {line}" for line in part["per_type"]]
    if part["binds"]:
        lines.append(f"        binds: {', '.join(part['binds'])}")
    return "\n".join(lines)

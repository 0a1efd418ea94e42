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

from divbridge import api
from divbridge.atomicio import write_json_atomic
from divbridge.commands import options

NAME = "read"
HELP = ("show what divbridge reads in a SONNX Markdown document: every requirement tag with each sentence, formula, "
        "table row and example under it and the formal statement it is read as (or 'not understood'), and the "
        "obligations it binds")


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("document", help="the spec document (.md or .txt)")
    parser.add_argument("--json", metavar="F", type=options.report_file, help="also write the reading as JSON to F")


def run(args: argparse.Namespace) -> int:
    options.distinct(args.json, "--json", args.document)
    reading = api.read(args.document)
    if args.json:
        write_json_atomic(args.json, reading)
    print(render(reading))
    return 0


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
    lines = [head] + [f"        read as: {s}" for s in part["statements"]]
    lines += [f"          {line}" for line in part["per_type"]]
    if part["binds"]:
        lines.append(f"        binds: {', '.join(part['binds'])}")
    return "\n".join(lines)

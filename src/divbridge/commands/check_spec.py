"""`divbridge check-spec DOC [--json F]`: check what a SONNX-style spec document claims.

It is `divbridge prove --spec DOC` restricted to the document's own statements, reported as findings
(`checkspec.proofcheck`), plus the checks the proof pipeline does not bind (`checkspec.checks`)."""

from __future__ import annotations

import argparse

from divbridge import api
from divbridge.atomicio import write_json_atomic
from divbridge.checkspec.analysis import render_text
from divbridge.commands import options

NAME = "check-spec"
HELP = ("read a SONNX-style Markdown spec document and check its special-value sentences, case tables, worked "
        "examples (proved as `prove --spec` binds them: same provers, same proof cache), types, requirement tags "
        "and Why3 text; exit 0 when every statement was read and holds, 1 on an incorrect or incomplete finding, "
        "3 when nothing is wrong but something was not read (docs/exit-codes.md)")


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("document", help="the spec document (.md or .txt)")
    parser.add_argument("--json", metavar="F", type=options.report_file, help="also write the findings as JSON to F")
    parser.add_argument("--strict", action="store_true",
                        help="exit 1 (not 3) on an unread statement: a sentence, formula, row or example of a "
                             "requirement or a section of the operator's types that divbridge does not read")
    parser.add_argument("--accept-unread", action="append", type=options.unread_lines, default=[], metavar="LINES",
                        help=options.ACCEPT_UNREAD_HELP)


def run(args: argparse.Namespace) -> int:
    options.distinct(args.json, "--json", args.document)
    entries = [entry for given in args.accept_unread for entry in given]
    options.unknown_documents(entries, [args.document])
    accepted = options.accepted_in(entries, args.document, only=True)
    result = api.check(args.document, strict=args.strict, accepted=accepted)
    if args.json:
        write_json_atomic(args.json, {k: v for k, v in result.items() if k != "exit_code"})
    print(render_text(result))
    return result["exit_code"]

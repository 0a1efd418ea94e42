"""`divbridge report`: proof-obligation reports from a results file.

Writes report.md, index.html, results.json and junit.xml into the output
directory; with a peer table beside the results file (``peers.json``, from
`divbridge crosscheck`), the Markdown and HTML reports have a Peers section.  Artifact paths in the results are relative to the project root:
they are looked up from the current directory, then from the directory
above the results file's (the project root when it is proofs/results.json).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from divbridge.conform import peertable
from divbridge import results as results_model
from divbridge.commands import options
from divbridge.errors import InputError
from divbridge.report import write_reports

NAME = "report"
HELP = "write the proof-obligation reports (Markdown, HTML, JSON, JUnit) from a results file"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--results", type=Path, default=results_model.DEFAULT_PATH,
                        help=f"the results file to report on (default {results_model.DEFAULT_PATH})")
    parser.add_argument("--out", type=options.output_dir, default=Path("reports"), help="output directory (default reports/)")


def run(args: argparse.Namespace) -> int:
    results = results_model.load(args.results)   # InputError -> one line, exit 2, nothing written
    peers = peertable.load_beside(args.results)   # the Peers section, when `divbridge crosscheck` wrote one
    roots = [Path.cwd(), args.results.resolve().parent.parent]
    try:
        paths = write_reports(results, args.out, roots, peers)
    except OSError as exc:
        raise InputError(f"cannot write the reports: {exc.strerror}", str(exc.filename or args.out)) from None
    summary = results.summary
    print(f"report: {summary['as_expected']} of {summary['total']} obligations as expected, "
          f"{summary['open']} open (not proved), {summary['not_as_expected']} not as expected; "
          f"wrote {', '.join(str(p) for p in paths)}")
    return 0

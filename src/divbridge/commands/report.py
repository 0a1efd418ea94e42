"""`divbridge report`: proof-obligation reports from results files.

Without --results, every operator's evidence (`operators.evidence_dir`: ``proofs/results.json`` for the default
operator, ``proofs/<op>/results.json`` for the others): each operator's report.md, index.html, results.json and
junit.xml in ``<out>/<op>/`` (the operator's name in lower case), and one index of them all, ``<out>/index.html`` and ``index.md``
(`report.index`); an operator without a results file is listed as such.  With --results FILE, that file's
reports into the output directory itself.  With a peer table beside a results file (``peers.json``, from
`divbridge crosscheck`), its Markdown and HTML reports have a Peers section.  Artifact paths in the results are
relative to the project root: they are looked up from the current directory, then from the directory above the
results file's (the project root when it is proofs/results.json).  A results file is verified first
(`results.verify`: its derived fields, its verdicts' attempts, its evidence digests): one that does not check is
one line, exit 2, and no report; each report line says the verdicts are as recorded, not replayed.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from divbridge import api, operators
from divbridge.conform import peertable
from divbridge import results as results_model
from divbridge.commands import options
from divbridge.errors import InputError
from divbridge.atomicio import write_text_atomic
from divbridge.checkspec import accuracy
from divbridge.report import errorplot, notes, write_operator_reports

NAME = "report"
HELP = ("write the proof-obligation reports (Markdown, HTML, JSON, JUnit) of every operator's results, with an "
        "index of them, or of one results file")


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--results", type=Path, default=None,
                        help="the results file to report on, into --out itself (default: every operator's, "
                             f"{options.evidence_of_each(results_model.FILENAME)}, each into its directory under --out, "
                             "with an index)")
    parser.add_argument("--out", type=options.output_dir, default=Path("reports"), help="output directory (default reports/)")
    parser.add_argument("--notes", type=Path, nargs="+", metavar="NOTE", default=None,
                        help="accuracy notes (<op>_acc.md): instead of the proof reports, a page per note (each claim "
                             "at its line with its verdict, evidence and counterexample, and a plot of the error "
                             "against each introduced-error bound) and their index, into <out>/notes/")


def run(args: argparse.Namespace) -> int:
    if args.notes is not None:
        return _notes(args.notes, args.out / "notes")
    if args.results is None:
        try:
            return _every_operator(args.out)
        except OSError as exc:
            raise InputError(f"cannot write the reports: {exc.strerror}", str(exc.filename or args.out)) from None
    paths = api.write_reports(args.results, args.out)   # verified first: InputError -> one line, nothing written
    print(f"report: {_line(api.load_results(args.results), paths)}")
    return 0


def _every_operator(out: Path) -> int:
    """Each operator's results that exist (at least one: else the first operator's missing file is the error), and the
    index."""
    paths = {op.name: operators.evidence_dir(op) / results_model.FILENAME for op in operators.in_pipeline().values()}
    if not any(path.is_file() for path in paths.values()):
        results_model.load(next(iter(paths.values())))   # its one line: no results file, run prove first
    found = {name: results_model.verify(path) for name, path in paths.items() if path.is_file()}
    reports = [(name, path, found.get(name), peertable.load_beside(path) if name in found else None)
               for name, path in paths.items()]
    index, written = write_operator_reports(reports, out, [Path.cwd()])
    for entry in index.entries:
        if entry.model is None:
            print(f"report: {entry.operator}: no results ({entry.results_path}): run `divbridge prove`")
            continue
        print(f"report: {entry.operator}: " + _line(entry.model.results,
                                                    [p for p in written if p.parent == out / entry.directory]))
    print(f"report: {index.as_expected} of {len(index.entries)} operators as expected; index written to "
          f"{', '.join(str(p) for p in written if p.parent == out)}")
    return 0


def _notes(paths: list[Path], out: Path) -> int:
    """check-spec on each note (all of them before anything is written: a note that cannot be read is one line,
    exit 2, nothing written), then each note's plots, its pages and the index."""
    judged = []
    for number, path in enumerate(paths, 1):
        name = path.stem if [p.stem for p in paths].count(path.stem) == 1 else f"{path.stem}-{number}"
        judged.append((name, accuracy.analyse_note(path), accuracy.bound_curves(path)))
    pages = []
    try:
        for name, analysis, curves in judged:
            plots = {}
            for line, points in curves.items():
                plots[line] = f"{name}-line{line}.svg"
                errorplot.write_bound(out / plots[line], f"{name} line {line}: the error of the correctly rounded "
                                      "result against the claim's bound", "fp16", "X", points)
            pages.append(notes.page(analysis, name, plots))
        for filename, text in notes.render(pages).items():
            write_text_atomic(out / filename, text)
    except OSError as exc:
        raise InputError(f"cannot write the reports: {exc.strerror}", str(exc.filename or out)) from None
    for note in pages:
        print(f"report: {note.path}: {len(note.claims)} claims ("
              + ", ".join(f"{n} {shown}" for shown, n in note.counts.items()) + f"); wrote {out / note.name}.html")
    print(f"report: the notes' index written to {out / 'index.html'}, {out / 'index.md'}")
    return 0


def _line(results: results_model.Results, paths: list[Path]) -> str:
    summary = results.summary
    return (f"{summary['as_expected']} of {summary['total']} obligations as expected, "
            f"{summary['open']} open (not proved), {summary['not_as_expected']} not as expected "
            f"(as recorded: {len(results.evidence)} evidence files check; `divbridge prove --replay` runs the provers "
            f"again); wrote {', '.join(str(p) for p in paths)}")

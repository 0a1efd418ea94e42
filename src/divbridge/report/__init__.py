"""Proof-obligation reports: one results model in, one reporter per output.

``write_reports`` renders every output in memory first and only then writes
them, each atomically, so a failure while rendering leaves the previous
reports untouched and a reader never sees a half-written file.
``write_operator_reports`` does so for several operators, each in a
directory of its own, with the index of them all (`report.index`).
"""

from __future__ import annotations

from pathlib import Path

from divbridge.atomicio import write_text_atomic
from divbridge.report.html import HtmlReporter
from divbridge.report.index import IndexModel, IndexReporters, OperatorEntry
from divbridge.report.jsonreport import JsonReporter
from divbridge.report.junit import JunitReporter
from divbridge.report.markdown import MarkdownReporter
from divbridge.report.model import ReportModel, build
from divbridge.results import Results

REPORTERS = (MarkdownReporter, HtmlReporter, JsonReporter, JunitReporter)


def write_reports(results: Results, out_dir: str | Path, roots: list[Path],
                  peers: dict | None = None) -> list[Path]:
    """Write every report into ``out_dir``; artifact paths are looked up under ``roots``;
    ``peers``: the peer table (peertable.load_beside), if any."""
    return _write(_render(build(results, roots, peers)), Path(out_dir))


def write_operator_reports(reports: list[tuple[str, Path, Results | None, dict | None]], out_dir: str | Path,
                           roots: list[Path]) -> tuple[IndexModel, list[Path]]:
    """Each operator's reports into ``out_dir``/<operator in lower case>/, and their index (index.html,
    index.md) into ``out_dir``; ``reports``: per operator, its name, its results file, its results (None: there
    is no results file) and its peer table."""
    rendered: dict[Path, str] = {}
    entries = []
    for name, path, results, peers in reports:
        model = None if results is None else build(results, roots, peers)
        if model is not None:
            rendered.update({Path(name.lower()) / filename: text for filename, text in _render(model).items()})
        entries.append(OperatorEntry(name, name.lower(), str(path), model))
    index = IndexModel(entries)
    rendered.update({Path(filename): text for filename, text in IndexReporters().render(index).items()})
    written = _write(rendered, Path(out_dir))
    # an earlier report where this one has none (one results file's, or an operator's that has no results now)
    # would lie beside the index as if it were this run's
    for directory in [Path(out_dir)] + [Path(out_dir) / entry.directory for entry in entries if entry.model is None]:
        for reporter in REPORTERS:
            stale = directory / reporter.filename
            if stale not in written and stale.is_file():
                stale.unlink()
    return index, written


def _render(model: ReportModel) -> dict[str, str]:
    return {reporter.filename: reporter().render(model) for reporter in REPORTERS}


def _write(rendered: dict, out_dir: Path) -> list[Path]:
    """Every rendered text, once all are rendered, each written atomically."""
    paths = []
    for filename, text in rendered.items():
        path = out_dir / filename
        write_text_atomic(path, text)
        paths.append(path)
    return paths


__all__ = ["REPORTERS", "ReportModel", "build", "write_operator_reports", "write_reports"]

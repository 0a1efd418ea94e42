"""Proof-obligation reports: one results model in, one reporter per output.

``write_reports`` renders every output in memory first and only then writes
them, each atomically, so a failure while rendering leaves the previous
reports untouched and a reader never sees a half-written file.
"""

from __future__ import annotations

from pathlib import Path

from divbridge.atomicio import write_text_atomic
from divbridge.report.html import HtmlReporter
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
    model = build(results, roots, peers)
    rendered = {reporter.filename: reporter().render(model) for reporter in REPORTERS}
    paths = []
    for filename, text in rendered.items():
        path = Path(out_dir) / filename
        write_text_atomic(path, text)
        paths.append(path)
    return paths


__all__ = ["REPORTERS", "ReportModel", "build", "write_reports"]

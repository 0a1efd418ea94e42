"""Proof-obligation reports: one results model in, one reporter per output.

``write_reports`` renders every output in memory first and only then writes
them, each atomically, so a failure while rendering leaves the previous
reports untouched and a reader never sees a half-written file.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from divbridge.atomicio import write_text_atomic
from divbridge.report.html import HtmlReporter
from divbridge.report.jsonreport import JsonReporter
from divbridge.report.junit import JunitReporter
from divbridge.report.markdown import MarkdownReporter
from divbridge.report.model import ReportModel, build
from divbridge.report.peers import find_peer_table
from divbridge.results import Results

REPORTERS = (MarkdownReporter, HtmlReporter, JsonReporter, JunitReporter)


def write_reports(results: Results, out_dir: str | Path, roots: list[Path]) -> list[Path]:
    """Write every report into ``out_dir``; artifact paths, and the peer table
    ``proofs/peers.json``, are looked up under ``roots``."""
    model = dataclasses.replace(build(results, roots), peers=find_peer_table(roots))
    rendered = {reporter.filename: reporter().render(model) for reporter in REPORTERS}
    paths = []
    for filename, text in rendered.items():
        path = Path(out_dir) / filename
        write_text_atomic(path, text)
        paths.append(path)
    return paths


__all__ = ["REPORTERS", "ReportModel", "build", "write_reports"]

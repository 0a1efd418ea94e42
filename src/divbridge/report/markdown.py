"""report.md: the whole report as Markdown (tables, folded prover texts)."""

from __future__ import annotations

from divbridge.report.model import ReportModel
from divbridge.report.templates import environment


class MarkdownReporter:
    filename = "report.md"

    def render(self, model: ReportModel) -> str:
        return environment(autoescape=False).get_template("report.md.j2").render(model=model)

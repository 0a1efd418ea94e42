"""index.html: one self-contained page (inline CSS, no network resource), printable."""

from __future__ import annotations

from markupsafe import Markup

from divbridge.report.model import GRID_STATES, ReportModel
from divbridge.report.templates import environment


class HtmlReporter:
    filename = "index.html"

    def render(self, model: ReportModel) -> str:
        env = environment(autoescape=True)
        env.filters["math"] = Markup  # statement_html is built escaped by report.mathtext
        return env.get_template("index.html.j2").render(model=model, grid_states=GRID_STATES)

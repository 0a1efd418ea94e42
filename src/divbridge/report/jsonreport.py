"""results.json: the results model itself, with its schema version, beside the other reports.

Each obligation carries its ``status`` ("as expected", "open" or "not as
expected"), derived from its verdict, expectation and ``open`` reason.
"""

from __future__ import annotations

import json

from divbridge.report.model import ReportModel


class JsonReporter:
    filename = "results.json"

    def render(self, model: ReportModel) -> str:
        return json.dumps(model.results.to_json(), indent=2) + "\n"

"""results.json: the results model itself, with its schema version, beside the other reports.

Each obligation also carries its ``status`` ("as expected", "open" or "not as
expected"), derived from its verdict, expectation and ``open`` reason, so that
a reader does not have to re-derive it; proofs/results.json does not store it.
"""

from __future__ import annotations

import json

from divbridge.report.model import ReportModel


class JsonReporter:
    filename = "results.json"

    def render(self, model: ReportModel) -> str:
        data = model.results.to_json()
        for entry, result in zip(data["obligations"], model.results.obligations):
            entry["status"] = result.status
        return json.dumps(data, indent=2) + "\n"

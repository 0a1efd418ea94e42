"""The index of the operators' reports (`divbridge report` without --results): one row per operator with its
document, its totals and whether its run is as expected, linking to its report (``<op>/index.html``,
``<op>/report.md``); an operator without results says so, never counts as proved."""

from __future__ import annotations

from dataclasses import dataclass

from divbridge.report.model import ReportModel
from divbridge.report.templates import environment
from divbridge.results import Tally, tally


@dataclass(frozen=True)
class OperatorEntry:
    operator: str                 # its name (`Operator.name`)
    directory: str                # its reports' directory beside the index: the name in lower case
    results_path: str             # the results file its report is of
    model: ReportModel | None     # None: no results file (the operator's documents not proved yet)

    @property
    def status(self) -> str:
        if self.model is None:
            return "no results"
        return "as expected" if self.model.results.as_expected else "NOT as expected"

    @property
    def status_class(self) -> str:
        return {"as expected": "pass", "no results": "open"}.get(self.status, "fail")

    @property
    def document(self) -> str:
        return (self.model.results.document or {}).get("path", "") if self.model else ""

    @property
    def uncovered(self) -> int:
        """The statements of its document no obligation verifies."""
        return len(self.model.results.uncovered) if self.model else 0


@dataclass(frozen=True)
class IndexModel:
    entries: list[OperatorEntry]

    @property
    def overall(self) -> Tally:
        """Every operator's obligations counted together."""
        every = [view.result for entry in self.entries if entry.model for view in entry.model.obligations]
        return (tally(every) or [Tally("all obligations")])[0]

    @property
    def uncovered(self) -> int:
        return sum(entry.uncovered for entry in self.entries)

    @property
    def as_expected(self) -> int:
        """How many operators' runs are as expected."""
        return sum(entry.status == "as expected" for entry in self.entries)


class IndexReporters:
    """index.html and index.md: the same table, as a page and as Markdown."""

    filenames = {"index.html": ("operators.html.j2", True), "index.md": ("operators.md.j2", False)}

    def render(self, model: IndexModel) -> dict[str, str]:
        return {filename: environment(autoescape=escaped).get_template(template).render(index=model)
                for filename, (template, escaped) in self.filenames.items()}

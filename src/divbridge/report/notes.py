"""The accuracy notes' report: a page per note (each claim at its line with its verdict, its evidence and its
counterexample, and a plot of the error against the bound where the claim bounds an introduced error) and an
index of the notes.

The pages are made from check-spec's answer on each note (`checkspec.accuracy.analyse_note`: its claims, with the
proofs a verdict rests on, and its findings) and the plots' file names; they hold no date, so that the same notes
give the same bytes.  A claim is shown as check-spec judged it: ``holds`` is proved (how: its evidence, else the
finding that says so), ``checked`` is checked and not proved, ``unchecked`` is not read; nothing else is made of it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from divbridge.report.templates import environment

# a claim's verdict as the page names it (check-spec's ``holds`` is a proof)
SHOWN = {"holds": "proved", "checked": "checked, not proved", "fails": "false", "unchecked": "not read",
         "open": "undecided", "unreadable": "unreadable"}
BADGE = {"holds": "pass", "checked": "open", "fails": "fail", "unchecked": "unread", "open": "open",
         "unreadable": "fail"}


@dataclass(frozen=True)
class ClaimRow:
    line: int
    text: str
    verdict: str                      # check-spec's
    evidence: list[str]               # what proves it or what it was checked on, one line each
    counterexample: str               # where it fails ("" : none)
    plot: str = ""                    # the SVG file beside the page ("" : none)

    @property
    def shown(self) -> str:
        return SHOWN.get(self.verdict, self.verdict)

    @property
    def badge(self) -> str:
        return BADGE.get(self.verdict, "open")


@dataclass(frozen=True)
class NotePage:
    path: str                         # the note, as given
    name: str                         # the page's file name without suffix
    claims: list[ClaimRow]
    exit_code: int
    counts: dict[str, int] = field(default_factory=dict)   # the claims by verdict


def page(analysis: dict[str, Any], name: str, plots: dict[int, str]) -> NotePage:
    """A note's page from check-spec's answer on it (``analysis``) and its plots' file names by line."""
    findings: dict[int, list[dict]] = {}
    for finding in analysis["findings"]:
        findings.setdefault(finding["line"], []).append(finding)
    rows = []
    for claim in analysis["claims"]:
        said = findings.get(claim["line"], [])
        evidence = [_proof(e) for e in claim.get("evidence", [])]
        if not evidence:
            evidence = [f["message"] for f in said if f["kind"] == "information"]
        wrong = [f for f in said if f["kind"] in ("incorrect", "unread", "ambiguous", "ill-formed")]
        counterexample = "; ".join(f["message"] for f in wrong)
        rows.append(ClaimRow(claim["line"], claim["text"], claim["verdict"], evidence, counterexample,
                             plots.get(claim["line"], "")))
    counts: dict[str, int] = {}
    for row in rows:
        counts[row.shown] = counts.get(row.shown, 0) + 1
    return NotePage(analysis["document"], name, rows, analysis["exit_code"], dict(sorted(counts.items())))


def _proof(evidence: dict[str, Any]) -> str:
    provers = ", ".join(f"{p['prover']} {p['verdict']}" + (f" ({p['version']})" if p.get("version") else "")
                        for p in evidence["provers"])
    if "obligation" not in evidence:     # proved without an obligation (sympy)
        return provers
    return f"{evidence['format']}: {evidence['statement']} [{provers}; obligation {evidence['obligation']}]"


def render(pages: list[NotePage]) -> dict[Path, str]:
    """Each note's page (``<name>.html``, ``<name>.md``) and the index of them (``index.html``, ``index.md``)."""
    html, markdown = environment(autoescape=True), environment(autoescape=False)
    rendered: dict[Path, str] = {}
    for note in pages:
        rendered[Path(f"{note.name}.html")] = html.get_template("note.html.j2").render(note=note)
        rendered[Path(f"{note.name}.md")] = markdown.get_template("note.md.j2").render(note=note)
    verdicts = sorted({shown for note in pages for shown in note.counts})
    rendered[Path("index.html")] = html.get_template("notes.html.j2").render(notes=pages, verdicts=verdicts)
    rendered[Path("index.md")] = markdown.get_template("notes.md.j2").render(notes=pages, verdicts=verdicts)
    return rendered

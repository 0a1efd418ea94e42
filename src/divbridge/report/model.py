"""What every report shows, computed once from a results model.

The reporters (Markdown, HTML, JSON, JUnit) only lay this out: the summary
tables, the traceability matrix and the per-obligation views are built here,
so that the four outputs cannot disagree with one another.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path

from divbridge import operators
from divbridge.conform import peertable
from divbridge.formats import FLOAT_FORMATS, INT_FORMATS
from divbridge.operators.model import Operator
from divbridge.provers.counterexample import show
from divbridge.report import mathtext
from divbridge.report.artifacts import ArtifactText, read_artifact
from divbridge.report.templates import percent
from divbridge.provers.verdicts import DEFINITE, ObligationResult, about, is_why3
from divbridge.results import Results, Tally, operator_of, tally
from divbridge.semantics.requirements import Requirement

# Provers in the order the summary lists them; any other prover follows, by name.
PROVER_ORDER = ("why3+z3", "why3+z3abstract", "why3+z3bits", "why3+gappa", "why3+cvc4", "z3", "cvc5", "bitwuzla", "exhaustive")


@dataclass
class ObligationView:
    result: ObligationResult
    statement_text: str
    statement_html: str
    counterexample: dict[str, str]
    artifacts: list[ArtifactText]
    document_path: str = ""    # the spec document whose lines `stated_at` names

    @property
    def anchor(self) -> str:
        return "ob-" + self.result.id.replace(".", "-")

    @property
    def status(self) -> str:
        """pass | probe | open | fail: probe is a refutation that was expected, open an open
        claim that no prover settled (never a pass: it is not proved)."""
        if self.result.status == "open":
            return "open"
        if not self.result.as_expected:
            return "fail"
        return "pass" if self.result.verdict == "proved" else "probe"

    @property
    def verdict_phrase(self) -> str:
        return {"open": "OPEN claim (not proved)", "fail": "NOT as expected"}.get(self.status, "as expected")

    @property
    def open_reason(self) -> str:
        """Why the claim is left open, unless a prover answered it as expected."""
        return "" if self.result.as_expected else self.result.open

    @property
    def provers(self) -> str:
        """The provers behind the verdict: those that gave it when it is definite."""
        r = self.result
        if r.verdict in DEFINITE:
            agreeing = [a.prover for a in r.attempts if a.verdict == r.verdict]
            if agreeing:
                return ", ".join(agreeing)
        return r.prover

    @property
    def why3(self) -> str:
        """Why3's verdict on the obligation's goal, which Why3 attempts whatever decided it ("no goal": the
        obligation has no Why3 goal; "not run": Why3 was not among the provers)."""
        if "why3" not in self.result.backends:
            return "no goal"
        return next((a.verdict for a in self.result.attempts if is_why3(a.prover)), "not run")

    @property
    def vectors(self) -> int | None:
        cross = self.result.crosscheck
        return cross.get("vectors") if cross else None

    @property
    def vector_failures(self) -> int:
        cross = self.result.crosscheck
        return (cross.get("failures") or 0) if cross else 0

    @property
    def stated_at(self) -> str:
        """Where the document states it: ``TAG line N`` for each requirement with a line."""
        r = self.result
        return ", ".join(f"{tag} line {line}" if line else tag
                         for tag, line in zip(r.requirements, r.lines or (0,) * len(r.requirements)))

    @property
    def smoke(self) -> str:
        """Its smoke tests in one line (`provers.smoke`)."""
        smoke = self.result.smoke
        if smoke is None:
            return "not run"
        point = ", ".join(f"{name} = {value}" for name, value in smoke.model.items())
        hypotheses = {"satisfiable": f"satisfiable ({point})" if point else "satisfiable",
                      "vacuous": "VACUOUS (unsatisfiable: proved of nothing)"}.get(smoke.hypotheses, smoke.hypotheses)
        op = operators.of_obligation_name(self.result.operator)
        gerund = op.vocabulary.gerund
        conclusion = {about(op.name): f"needs {op.name} (false of some other {gerund})",
                      "definitional": f"DEFINITIONAL (true of any {gerund}: a definition, not a property)"
                      }.get(smoke.conclusion, smoke.conclusion)
        return f"hypotheses {hypotheses}; conclusion {conclusion}" + (f" (by {smoke.by})" if smoke.by else "")

    @property
    def flag(self) -> str:
        """" (definition)" or " (vacuous)" after a verdict, "" otherwise."""
        flag = self.result.smoke.flag if self.result.smoke is not None else ""
        return {"definitional": " (definition)", "vacuous": " (vacuous)"}.get(flag, "")

    @property
    def mirror(self) -> str:
        """What the Python mirror computes on the counterexample, when it was replayed."""
        cex = self.result.counterexample
        return cex.mirror if cex is not None else ""

    @property
    def run_time(self) -> float:
        """The time this run spent on it: an answer from the cache took none of the time it once took."""
        return 0.0 if self.result.cached else self.result.time_s


@dataclass
class TraceRow:
    tag: str
    requirement: Requirement | None   # None: an obligation names a tag the specification does not have
    obligations: list[ObligationView]

    @property
    def anchor(self) -> str:
        """The id of its first line in the HTML matrix (a tag may hold spaces or quotes: "divbridge's own")."""
        return "req-" + re.sub(r"[^A-Za-z0-9_-]+", "-", self.tag)

    @property
    def status(self) -> str:
        if self.requirement is None:
            return "not a specification tag"
        if self.requirement.uncovered or not self.obligations:
            return "informal only" if self.requirement.informal and not self.requirement.uncovered else "uncovered"
        failing = sum(view.status == "fail" for view in self.obligations)
        if failing:
            return f"{failing} of {len(self.obligations)} not as expected"
        if all(view.status == "open" for view in self.obligations):
            return "open"
        return "partly open" if any(view.status == "open" for view in self.obligations) else "verified"

    @property
    def status_class(self) -> str:
        return {"verified": "pass", "informal only": "informal", "open": "open",
                "partly open": "open"}.get(self.status, "fail")

    @property
    def vectors(self) -> int | None:
        counts = [v.vectors for v in self.obligations if v.vectors is not None]
        return sum(counts) if counts else None


# The grid's states, in the order of its legend: the class a cell and an obligation's mark take, what it means.
GRID_STATES = (("pass", "proved"), ("probe", "refuted as expected"), ("fail", "not as expected"),
               ("open", "open claim (not proved)"), ("unread", "text not verified (unread)"),
               ("none", "no obligation"))
NO_FORMAT = "none"   # a shape or tensor obligation's format: it holds for every type


@dataclass
class GridCell:
    """A requirement's obligations in one format (or its unread text): one cell of the requirement x format
    grid."""

    obligations: list[ObligationView]
    unread: tuple[str, ...] = ()

    @property
    def state(self) -> str:
        """The cell's colour: unread text; else the worst of its obligations (not as expected, then open, then
        proved when any is, then refuted as expected); "none" for an empty cell."""
        if self.unread:
            return "unread"
        found = {view.status for view in self.obligations}
        return next((state for state in ("fail", "open", "pass", "probe") if state in found), "none")

    @property
    def title(self) -> str:
        """What the cell holds, in words (the colour's meaning, for a reader who cannot tell the colours)."""
        if self.unread:
            return " ".join(self.unread)
        counts = Counter(view.status for view in self.obligations)
        words = dict(GRID_STATES)
        return ", ".join(f"{counts[state]} {words[state]}" for state, _ in GRID_STATES if counts[state])


@dataclass
class GridRow:
    """A requirement's row of the grid: a cell per format of the results, then its unread text."""

    trace: TraceRow
    cells: list[GridCell]
    unread: GridCell


@dataclass
class ReportModel:
    results: Results
    obligations: list[ObligationView]
    provers: list[str]
    by_family_format: list[Tally]
    by_kind: list[Tally]
    overall: Tally
    trace: list[TraceRow]
    peers: list[PeerRow] = field(default_factory=list)
    peer_notes: list[str] = field(default_factory=list)
    peers_seed: int | None = None
    peers_random: int | None = None

    @property
    def operator(self) -> str:
        """The operator the results are of (`results.operator_of`)."""
        return operator_of(self.results.obligations).name

    @property
    def failures(self) -> list[ObligationView]:
        """The obligations not as expected: what a reader of a failing run looks at first."""
        return [view for view in self.obligations if view.status == "fail"]

    @property
    def peer_formats(self) -> list[str]:
        """The formats of the peer table, in its order."""
        return list(dict.fromkeys(row.format for row in self.peers))

    @property
    def peer_groups(self) -> list[PeerGroup]:
        """The peer table by peer: its facts once, a cell per format, and the rows worth reading (a
        deviation, an error, a departure from its own specification, what it does outside the domain), each
        distinct text once with the formats it applies to."""
        groups: dict[str, PeerGroup] = {}
        for row in self.peers:
            group = groups.setdefault(row.peer, PeerGroup(row.peer, row.facts))
            group.cells[row.format] = row
            if row.counterexample or row.own_spec or row.outside_domain:
                key = (row.counterexample, row.own_spec, row.outside_domain)
                group.findings.setdefault(key, []).append(row)
        return list(groups.values())

    @property
    def uncovered(self) -> list[TraceRow]:
        return [row for row in self.trace if row.status == "uncovered"]

    @property
    def open_claims(self) -> list[ObligationView]:
        return [view for view in self.obligations if view.status == "open"]

    @property
    def headline(self) -> str:
        """The one-sentence outcome every report opens its summary with."""
        o = self.overall
        return (f"{o.as_expected} of {o.total} obligations as expected ({percent(o.as_expected, o.total)}: {o.proved} proved, "
                + (f"{o.definitions} definition{'' if o.definitions == 1 else 's'} restated, " if o.definitions else "")
                + f"{o.refuted_as_expected} refuted as expected), {o.open} open claim{'' if o.open == 1 else 's'} "
                f"(not proved), {o.not_as_expected} not as expected.")

    @property
    def grid_formats(self) -> list[str]:
        """The grid's columns: the formats of the obligations, reals first, then the floats and the integers as
        `formats` lists them, then any other, and last the obligations of no format (shapes)."""
        known = ["real", *(fmt.name for fmt in FLOAT_FORMATS), *(fmt.name for fmt in INT_FORMATS)]
        found = dict.fromkeys(view.result.format for view in self.obligations)
        return ([name for name in known if name in found]
                + [name for name in found if name not in known and name != NO_FORMAT]
                + ([NO_FORMAT] if NO_FORMAT in found else []))

    @property
    def grid(self) -> list[GridRow]:
        """The requirement x format grid: a row per row of the traceability matrix, in its order."""
        formats = self.grid_formats
        rows = []
        for row in self.trace:
            by_format: dict[str, list[ObligationView]] = {name: [] for name in formats}
            for view in row.obligations:
                by_format[view.result.format].append(view)
            unread = row.requirement.uncovered if row.requirement else ()
            rows.append(GridRow(row, [GridCell(by_format[name]) for name in formats], GridCell([], unread)))
        return rows

    def groups(self) -> list[tuple[str, list[ObligationView]]]:
        """Obligations by family and format, in the summary's order."""
        grouped: dict[str, list[ObligationView]] = {}
        for view in self.obligations:
            grouped.setdefault(_family_format(view.result), []).append(view)
        order = [row.label for row in self.by_family_format]
        return sorted(grouped.items(), key=lambda item: order.index(item[0]))


@dataclass
class PeerRow:
    """One peer on one format, as the Peers section shows it."""

    peer: str
    facts: str                # the peer's version; for OpenVINO, the precision the plugin settled on
    format: str
    vectors: int
    mismatches: int
    errors: int
    counterexample: str       # the first, decoded (decimal, format and bits), or the first error
    own_spec: str             # a peer with a specification of its own: follows it, or departs (and how)
    outside_domain: str       # what it does where SONNX has a precondition

    @property
    def conforms(self) -> bool:
        return not self.mismatches and not self.errors


@dataclass
class PeerGroup:
    """One peer of the table: its facts, its row per format, its findings grouped by identical text."""

    peer: str
    facts: str
    cells: dict[str, PeerRow] = field(default_factory=dict)
    findings: dict[tuple[str, str, str], list[PeerRow]] = field(default_factory=dict)

    @property
    def conforms(self) -> bool:
        return all(row.conforms for row in self.cells.values())


def _shown(example: dict, judge: str, infix: str) -> str:
    return f"{peertable.inputs_shown(example, infix)}: {judge} {example['expected']}, peer {example['actual']}"


def _peer_rows(peers: dict | None) -> list[PeerRow]:
    rows = []
    infix = peertable.operator_of(peers or {}).vocabulary.infix
    for peer in (peers or {}).get("peers", []):
        facts = ", ".join(peer[key] for key in ("version", "precision") if key in peer)
        for fmt, entry in peer["formats"].items():
            example = next(iter(entry["examples"]), None)
            error = next(iter(entry["error_details"]), None)
            shown = _shown(example, "SONNX", infix) if example else f"{error['kind']}: {error['detail']}" if error else ""
            own, own_spec = entry.get("own_spec"), ""
            if own is not None:
                own_spec = (f"follows {own['spec']}" if not own["mismatches"] else
                            f"departs from {own['spec']} on {own['mismatches']}: "
                            + _shown(own["examples"][0], "its spec", infix))
            outside = "; ".join(f"{x['input']}: {_brief(x['behaviour'])}" for x in entry.get("outside_domain", []))
            rows.append(PeerRow(peer["name"], facts, fmt, entry["vectors"], entry["mismatches"], entry["errors"],
                                shown, own_spec, outside))
    return rows


def _brief(text: str, limit: int = 90) -> str:
    """A runtime's long error message cut to its start (the full text is in peers.json)."""
    return text if len(text) <= limit else text[:limit].rstrip() + "\u2026"


def _peer_notes(peers: dict | None) -> list[str]:
    """Per peer, what is not a format row: why it was skipped, what it does with operands of different shapes."""
    notes = []
    for peer in (peers or {}).get("peers", []):
        if "skipped" in peer:
            notes.append(f"{peer['name']}: skipped: {peer['skipped']}")
        if "not_run" in peer:
            notes.append(f"{peer['name']}: {peer['not_run']}")
        if "broadcast" in peer:
            probe = peer["broadcast"]
            notes.append(f"{peer['name']}: shapes {probe['input']}: {probe['behaviour']} "
                         f"(its own specification: {probe['own_spec']}; SONNX: {probe['sonnx']})")
    return notes


def build(results: Results, roots: list[Path], peers: dict | None = None) -> ReportModel:
    """``roots``: where artifact paths (relative to the project root) are looked up, in order;
    ``peers``: the peer table of `divbridge crosscheck`, if there is one."""
    document_path = results.document["path"] if results.document else ""
    views = [_view(result, roots, document_path) for result in results.obligations]
    op = operator_of(results.obligations)
    return ReportModel(
        results=results,
        obligations=views,
        provers=_provers(results.obligations),
        by_family_format=tally(results.obligations, _family_format),
        by_kind=tally(results.obligations, lambda r: r.kind),
        overall=(tally(results.obligations) or [Tally("all obligations")])[0],
        trace=_trace(views, document_requirements(results.document, op), op),
        peers=_peer_rows(peers),
        peer_notes=_peer_notes(peers),
        peers_seed=(peers or {}).get("seed"),
        peers_random=(peers or {}).get("random_pairs"),
    )


def _view(result: ObligationResult, roots: list[Path], document_path: str) -> ObligationView:
    return ObligationView(
        result=result,
        statement_text=mathtext.to_unicode(result.statement),
        statement_html=mathtext.to_html(result.statement),
        counterexample=show(result.counterexample),
        artifacts=[read_artifact(backend, path, roots) for backend, path in sorted(result.artifacts.items())],
        document_path=document_path,
    )


def _family_format(result: ObligationResult) -> str:
    return result.family if result.format in (result.family, "none") else f"{result.family} {result.format}"


def _provers(results: list[ObligationResult]) -> list[str]:
    names = {a.prover for r in results for a in r.attempts}
    return sorted(names, key=lambda n: (PROVER_ORDER.index(n) if n in PROVER_ORDER else len(PROVER_ORDER), n))


def document_requirements(document: dict | None, op: Operator) -> tuple[Requirement, ...]:
    """The proved document's requirements, each with the lines that state it (a requirement with no
    formal reading is informal); for results of ``op`` that name no document, the requirements its profiles
    raise (`Operator.profiles`), if it has any."""
    if document is None:
        return op.profiles.requirements if op.profiles else ()
    by_tag: dict[str, list[dict]] = {}
    for entry in document["requirements"]:   # a tag stated in several sections: one requirement
        by_tag.setdefault(entry["tag"], []).append(entry)
    requirements = []
    for tag, entries in by_tag.items():
        lines = sorted({line for entry in entries for line in entry["lines"]})
        sections = "; ".join(dict.fromkeys(entry["section"] for entry in entries))
        readings = tuple(dict.fromkeys(tuple(x) for entry in entries for x in entry.get("readings", ())))
        uncovered = tuple(f"uncovered: {tag} line {gap['line']}: «{gap['text']}» {gap['why']}{_accepted(gap)}"
                          for gap in document.get("uncovered", ()) if gap["tag"] == tag)
        requirements.append(Requirement(tag, sections, entries[0]["text"],
                                        f"{document['path']} line{'s' if len(lines) > 1 else ''} "
                                        + ", ".join(map(str, lines)),
                                        informal=not any(entry["roles"] for entry in entries), readings=readings,
                                        uncovered=uncovered))
    # what the document states outside every tag and the run does not cover: the untagged statements' row
    untagged = tuple(f"uncovered: line {gap['line']}: «{gap['text']}» {gap['why']}{_accepted(gap)}"
                     for gap in document.get("uncovered", ()) if not gap["tag"])
    if untagged:
        requirements.append(replace(UNTAGGED, uncovered=untagged))
    return tuple(requirements)


def _accepted(gap: dict) -> str:
    """An unread line accepted for exploration (`--accept-unread`): still uncovered, said so."""
    return " (accepted by --accept-unread: nothing of it is proved)" if gap.get("accepted") else ""


UNTAGGED = Requirement("(no tag)", "document", "statements of the document outside every requirement tag (the lines "
                       "are in each obligation's title)", "the document")


def _trace(views: list[ObligationView], requirements: tuple[Requirement, ...], op: Operator) -> list[TraceRow]:
    """One row per tag, each obligation once in it (an obligation may list a tag once per section); ``op``:
    the results' operator."""
    by_tag: dict[str, list[ObligationView]] = {}
    own = []
    for view in views:
        for tag in dict.fromkeys(view.result.requirements):
            by_tag.setdefault(tag, []).append(view)
        if not view.result.requirements:
            own.append(view)
    untagged = by_tag.pop("", [])
    # the untagged statements' row is a requirement when some of them are uncovered (`document_requirements`)
    listed = any(req.tag == UNTAGGED.tag for req in requirements)
    rows = [TraceRow(req.tag, req, by_tag.pop(req.tag, []) + (untagged if req.tag == UNTAGGED.tag else []))
            for req in requirements]
    rows += [TraceRow(tag, None, tag_views) for tag, tag_views in sorted(by_tag.items())]
    return rows + ([TraceRow(UNTAGGED.tag, UNTAGGED, untagged)] if untagged and not listed else []) + (
        [_own(own, op)] if own else [])


def _own(views: list[ObligationView], op: Operator) -> TraceRow:
    """divbridge's own obligations, those of no tag: ways of computing the operator."""
    own = Requirement("divbridge's own", "divbridge", f"ways of computing {op.name} (implementation strategies): "
                      "obligations of divbridge, not statements of the document", "divbridge")
    return TraceRow(own.tag, own, views)

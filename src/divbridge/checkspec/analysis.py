"""check-spec: read a document, check every claim, gather the findings.

`analyse(path)` reads a document (reader), checks every claim (checks) and
returns the JSON-ready result: ``{"document", "requirements", "claims",
"findings", "specification"}`` (the last: where `prove --spec` states the
document in WhyML, `proofcheck.specification`).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from divbridge.errors import InputError
from divbridge.checkspec import proofcheck
from divbridge.checkspec.checks import check_document, tag_traces
from divbridge.checkspec.findings import exit_code
from divbridge.obligations import coverage
from divbridge.document.notes import is_note_file
from divbridge.document.findings import Finding
from divbridge.document.reader import SpecDocument, NO_OPERATOR, operator_of, parse_document, read_document


def analyse(path: str | Path, strict: bool = False, accepted: frozenset[int] = frozenset()) -> dict[str, Any]:
    """Check a document on disk (an accuracy note: `checkspec.accuracy`); one with no section of an operator
    divbridge knows is bad input (exit 2).  ``accepted``: its unread lines accepted for exploration
    (`obligations.coverage.acceptance`)."""
    if is_note_file(path):
        from divbridge.checkspec.accuracy import analyse_note   # the note's reader brings sympy: only then
        result = analyse_note(path)
        findings = _accepted([Finding(**f) for f in result["findings"]], accepted, str(path))
        result.update(findings=[f.to_json() for f in findings], exit_code=exit_code(findings, strict))
        return result
    doc = read_document(path)
    if operator_of(doc) is None:
        raise InputError(NO_OPERATOR, str(path))
    return analyse_document(doc, strict, accepted)


def _accepted(findings: list[Finding], accepted: frozenset[int], path: str) -> list[Finding]:
    """The findings with the unread ones at an ``accepted`` line marked so; a stale acceptance is an error."""
    coverage.acceptance(accepted, (f.line for f in findings if f.kind == "unread" and not f.document), path)
    return [replace(f, accepted=True) if f.kind == "unread" and f.line in accepted and not f.document else f
            for f in findings]


def analyse_text(text: str, path: str) -> dict[str, Any]:
    return analyse_document(parse_document(text, path))


def unread_findings(unread) -> list[Finding]:
    """Each statement that divbridge does not read inside a requirement or a section of the operator's types
    (`document.meaning.Unread`, `obligations.document.Binding.unread`), where it is."""
    return [Finding("unread", u.line, f"{u.tag + ': ' if u.tag else ''}«{u.text}» not understood ({u.why}); "
                    "nothing of it is proved", column=u.column or None) for u in unread]


def analyse_document(doc: SpecDocument, strict: bool = False, accepted: frozenset[int] = frozenset()) -> dict[str, Any]:
    proofs = proofcheck.prove_document(doc)
    claims = check_document(doc, proofs)
    unread = proofs.binding.unread if proofs.binding is not None else doc.unread()
    findings = list(doc.findings) + [f for c in claims for f in c.findings] + unread_findings(unread)
    findings = sorted(dict.fromkeys(findings), key=lambda f: (f.line, f.kind, f.message))
    if proofs.binding is not None and proofs.binding.notes:   # the accuracy notes it holds or links, in its types
        from divbridge.checkspec.accuracy import note_claims
        for note in proofs.binding.notes:
            note_claims_, note_findings = note_claims(note, proofs.binding.types)
            elsewhere = None if note.path == doc.path else note.path
            claims += note_claims_
            findings += [replace(f, document=elsewhere) for f in note_findings]
    findings = _accepted(findings, accepted, doc.path)
    traced = proofs.traced
    requirements = {}
    for use in doc.tags:
        entry = requirements.setdefault(use.tag, {"tag": use.tag, "style": use.style, "line": use.line,
                                                  "text": use.text, "lines": [], "traced": use.tag in traced})
        entry["lines"].append(use.line)
        if use.defines and not requirements[use.tag].get("defined"):
            entry.update(line=use.line, text=use.text, defined=True)
    for entry in requirements.values():
        cls, traces = tag_traces(entry["tag"], entry["text"], doc.section_of(entry["line"]).family,
                                 proofs.operator)
        entry.update({"class": cls, "traces": list(traces)})
    return {
        "document": doc.path,
        "requirements": [{k: v for k, v in r.items() if k != "defined"} for r in requirements.values()],
        "claims": [c.to_json() for c in claims],
        "findings": [f.to_json() for f in findings],
        "specification": proofcheck.specification(proofs.binding),
        "exit_code": exit_code(findings, strict),
    }


def render_text(result: dict[str, Any]) -> str:
    """The terminal view: one line per finding, then a summary."""
    out = []
    for f in result["findings"]:
        out.append(Finding(**f).render(result["document"]))
    counts: dict[str, int] = {}
    for f in result["findings"]:
        counts[f["kind"]] = counts.get(f["kind"], 0) + 1
    verdicts: dict[str, int] = {}
    for c in result["claims"]:
        verdicts[c["verdict"]] = verdicts.get(c["verdict"], 0) + 1
    summary = ", ".join(f"{n} {k}" for k, n in counts.items()) or "no findings"
    claims = ", ".join(f"{n} {v}" for v, n in verdicts.items()) or "none"
    modules: dict[tuple[str, str], list[str]] = {}   # the types of a section share their clauses
    for entry in result.get("specification", []):
        modules.setdefault((entry["file"], entry["clauses"]), []).append(entry["module"])
    for (file, clauses), names in modules.items():
        out.append(f"WhyML specification: {file} {', '.join(names)}: {clauses}")
    if modules:
        out.append("  (`divbridge prove --spec` writes it from these lines and proves an element-wise loop against it)")
    out.append(f"{result['document']}: {len(result['claims'])} claims ({claims}); {summary}")
    return "\n".join(out)

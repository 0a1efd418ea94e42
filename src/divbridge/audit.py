"""The diff of two versions of a spec document: tags, claims, proof obligations, verdicts.

Both versions go through the pipelines of `check-spec` (claims: a claim's
check is memoised by content, `checkspec.claimcache`) and of `prove` (the proof
obligations each version requires, `obligations.catalog`).  The obligations
that a change adds or alters are proved for both versions with the SMT
portfolio and Gappa, or with ``--prove`` by every prover `prove` uses (Why3 and Coq too: the verdicts
`prove` will give), through the proof cache that `prove` shares, so an unchanged one costs nothing and
`prove` after the audit proves none of them again; a verdict that got worse comes with its counterexample.
A statement of a requirement that becomes unread or binds no obligation any more is lost
(`obligations.coverage`), named at its line in the new version.  The audit fails (exit 1) when a
requirement tag disappeared, a verdict got worse or a statement was lost.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

from divbridge import inputfile
from divbridge.document.markdown import MAX_BYTES
from divbridge.errors import InputError
from divbridge.obligations import coverage, document
from divbridge.obligations.catalog import obligations_of
from divbridge.obligations.model import Obligation
from divbridge.provers.cache import shared_cache
from divbridge.provers.portfolio import prove_obligations
from divbridge.provers.counterexample import show
from divbridge.checkspec.analysis import analyse_document
from divbridge.checkspec.findings import VERDICT_RANK
from divbridge.document.reader import SpecDocument, operator_of, parse_document, refuse_several_operators

AUDIT_PROVERS = {"z3", "cvc5", "bitwuzla", "gappa"}   # the quick ones: an audit answers in seconds

WORKTREE = "WORKTREE"


def load_file(path: str) -> str:
    try:
        return inputfile.read_text(path, "document", MAX_BYTES)
    except FileNotFoundError as exc:
        raise InputError(f"cannot read the document: {exc.strerror or exc}", path) from None


def load_git(rev: str, path: str) -> str:
    """The document at a git revision (WORKTREE: the file as it is on disk)."""
    if rev == WORKTREE:
        return load_file(path)
    top = subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True)
    if top.returncode != 0:
        raise InputError("not inside a git repository", path)
    try:
        relative = Path(path).resolve().relative_to(Path(top.stdout.strip()).resolve()).as_posix()
    except ValueError:
        raise InputError(f"outside the git repository {top.stdout.strip()}", path) from None
    shown = subprocess.run(["git", "show", f"{rev}:{relative}"], capture_output=True)
    if shown.returncode != 0:
        last = shown.stderr.decode(errors="replace").strip().splitlines()[-1:] or ["?"]
        raise InputError(f"git cannot show {rev}:{relative}: {last[0]}", path)
    try:
        return shown.stdout.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError(f"{rev}:{relative} is not UTF-8 text", path) from None


def _bound(doc: SpecDocument) -> tuple[dict[str, Obligation], list[coverage.Gap], dict[str, int], dict[str, int]]:
    """A version's proof obligations, what of its requirements they do not cover, where each tag is, and how
    many statements of each tag its obligations cover."""
    if operator_of(doc) is None:
        return {}, [], {}, {}
    binding = document.bind(doc)
    obligations = obligations_of(binding)
    found = coverage.gaps(binding, obligations)
    verified = {tag for o in obligations for tag in o.requirements}
    unread = {(g.tag, g.line) for g in found}
    covered = {tag: sum((tag, line) not in unread for line in r.claims) if tag in verified else 0
               for tag, r in binding.requirements.items()}
    return ({o.id: o for o in obligations}, found, {tag: r.line for tag, r in binding.requirements.items()}, covered)


def lost(old: tuple, new: tuple) -> list[dict[str, Any]]:
    """What the new version states that the run no longer covers (``old``, ``new``: what `_bound` gives): a
    statement of a requirement that became unread or binds nothing now, at its line in the new version (only
    where the requirement has fewer covered statements than before: a statement unread in both versions, its
    words changed, lost nothing); a requirement still there whose obligations all went, at its line."""
    (old_obligations, old_gaps, _, old_covered), (new_obligations, new_gaps, new_lines, new_covered) = old, new
    before = {(g.tag, g.text) for g in old_gaps}
    found = [{"tag": g.tag, "line": g.line, "text": g.text, "why": g.why}
             for g in new_gaps if (g.tag, g.text) not in before and
             new_covered.get(g.tag, 0) < old_covered.get(g.tag, 0)]
    had = {tag for o in old_obligations.values() for tag in o.requirements}
    has = {tag for o in new_obligations.values() for tag in o.requirements} | {g["tag"] for g in found}
    found += [{"tag": tag, "line": new_lines[tag], "text": "", "why": "binds no obligation any more"}
              for tag in sorted(had - has) if tag in new_lines]
    return sorted(found, key=lambda g: (g["line"], g["tag"]))


def _what(obligation: Obligation) -> tuple:
    """What an obligation claims: a change here changes the obligation; a change of lines only moves it."""
    return obligation.statement, obligation.requirements, obligation.expect, sorted(map(str, obligation.params.items()))


def _prove(obligations: list[Obligation], label: str, provers: set[str]) -> dict[str, Any]:
    """Each obligation's result, from the cache when it was proved before; progress lines start with ``label``."""
    proved = prove_obligations(obligations, provers, shared_cache(), timeout=20.0 if provers == AUDIT_PROVERS else
                               60.0, stream=sys.stdout, label=label)
    return {r.id: r for r in proved}


def _shown(result) -> dict[str, Any]:
    return {"verdict": result.verdict, "as_expected": result.as_expected, "prover": result.prover,
            "counterexample": (show(result.counterexample) or None) if not result.as_expected else None}


def _where(obligation: Obligation) -> list[str]:
    """The lines of the document stating an obligation, with their tags."""
    return [f"{tag or '(no tag)'} line {line}" for tag, line in zip(obligation.requirements, obligation.lines)]


def obligation_diff(old: dict[str, Obligation], new: dict[str, Obligation],
                    provers: set[str] = AUDIT_PROVERS) -> dict[str, Any]:
    """Obligations added, removed, changed (what they claim) and moved (only their lines), with the
    verdicts of the added and changed ones before and after, by ``provers``."""
    changed = sorted(i for i in old.keys() & new.keys() if _what(old[i]) != _what(new[i]))
    added = sorted(new.keys() - old.keys())
    moved = sorted(i for i in old.keys() & new.keys() if i not in changed and old[i].lines != new[i].lines)
    before = _prove([old[i] for i in changed], "audit: old version", provers)
    after = _prove([new[i] for i in changed + added], "audit: new version", provers)
    entries = []
    for i in changed + added:
        now = _shown(after[i])
        was = _shown(before[i]) if i in before else None
        entries.append({"id": i, "change": "changed" if was else "added",
                        "lines": _where(new[i]),
                        "statement_before": old[i].statement if i in old else None,
                        "statement_after": new[i].statement, "before": was, "after": now,
                        # skipped: no prover of the audit's set takes it (a Why3 goal without --prove): not judged
                        "worse": not now["as_expected"] and now["verdict"] != "skipped"
                        and (was is None or was["as_expected"])})
    removed = sorted(old.keys() - new.keys())
    at = {i: _where(new[i]) for i in added} | {i: _where(old[i]) for i in removed} | \
        {i: _where(new[i]) for i in changed}
    return {"added": added, "removed": removed, "changed": changed, "at": at,
            "moved": [{"id": i, "lines_before": list(old[i].lines), "lines_after": list(new[i].lines)} for i in moved],
            "verdicts": entries}


def audit(old_text: str, old_name: str, new_text: str, new_name: str,
          provers: set[str] = AUDIT_PROVERS) -> dict[str, Any]:
    """The diff of two versions; the obligations that changed are proved by ``provers`` (`--prove`: every prover
    `prove` uses, through the same proof cache)."""
    old_doc, new_doc = parse_document(old_text, old_name), parse_document(new_text, new_name)
    for doc in (old_doc, new_doc):
        refuse_several_operators(doc)
    old, new = analyse_document(old_doc), analyse_document(new_doc)
    old_bound, new_bound = _bound(old_doc), _bound(new_doc)
    old_tags = {r["tag"]: r for r in old["requirements"]}
    new_tags = {r["tag"]: r for r in new["requirements"]}
    old_claims = {c["id"]: c for c in old["claims"]}
    new_claims = {c["id"]: c for c in new["claims"]}
    changed = []
    for cid in old_claims.keys() & new_claims.keys():
        before, after = old_claims[cid], new_claims[cid]
        if before["text"] != after["text"] or before["formats"] != after["formats"]:
            changed.append({"id": cid, "kind": after["kind"], "line_before": before["line"],
                            "line_after": after["line"], "verdict_before": before["verdict"],
                            "verdict_after": after["verdict"],
                            "worse": VERDICT_RANK[after["verdict"]] > VERDICT_RANK[before["verdict"]]})
    changed_tags = sorted(t for t in old_tags.keys() & new_tags.keys() if old_tags[t]["text"] != new_tags[t]["text"])
    result = {
        "old": old_name,
        "new": new_name,
        "tags": {
            "added": sorted(new_tags.keys() - old_tags.keys()),
            "removed": sorted(old_tags.keys() - new_tags.keys()),
            "changed": changed_tags,
            # where each is: in the new version, or in the old one for a tag removed
            "lines": {t: (new_tags.get(t) or old_tags[t])["line"]
                      for t in old_tags.keys() ^ new_tags.keys() | set(changed_tags)},
        },
        "claims": {
            "added": [{"id": c, "verdict": new_claims[c]["verdict"], "line": new_claims[c]["line"]}
                      for c in sorted(new_claims.keys() - old_claims.keys())],
            "removed": [{"id": c, "verdict": old_claims[c]["verdict"], "line": old_claims[c]["line"]}
                        for c in sorted(old_claims.keys() - new_claims.keys())],
            "changed": sorted(changed, key=lambda c: c["id"]),
        },
        "text": {t: {"before": old_tags[t]["text"], "after": new_tags[t]["text"], "line": new_tags[t]["line"]}
                 for t in changed_tags},
        "obligations": obligation_diff(old_bound[0], new_bound[0], provers),
        "lost": lost(old_bound, new_bound),
    }
    result["worse"] = [c["id"] for c in changed if c["worse"]] + \
        [v["id"] for v in result["obligations"]["verdicts"] if v["worse"]] + \
        [f"{g['tag']} line {g['line']}" for g in result["lost"]]
    result["exit_code"] = 1 if result["worse"] or result["tags"]["removed"] else 0
    return result


def render_text(result: dict[str, Any]) -> str:
    out = [f"audit {result['old']} -> {result['new']}"]
    for tag, text in result["text"].items():
        out.append(f"  requirement {tag} (line {text['line']}):")
        out.append(f"    - {text['before']}")
        out.append(f"    + {text['after']}")
    for what in ("tags", "claims"):
        part = result[what]
        for change in ("added", "removed", "changed"):
            items = part[change]
            if not items:
                continue
            out.append(f"  {what} {change} ({len(items)}):")
            for item in items:
                if isinstance(item, str):
                    line = part.get("lines", {}).get(item)
                    out.append(f"    {item}" + (f" (line {line}{' of the old version' if change == 'removed' else ''})"
                                                if line else ""))
                elif change == "changed":
                    mark = "  WORSE" if item["worse"] else ""
                    out.append(f"    {item['id']} (line {item['line_before']} -> {item['line_after']}): "
                               f"{item['verdict_before']} -> {item['verdict_after']}{mark}")
                else:
                    out.append(f"    {item['id']} (line {item['line']}): {item['verdict']}")
    out += _render_obligations(result["obligations"])
    if result["lost"]:
        out.append(f"  lost ({len(result['lost'])}): what the new version states and no obligation verifies any more")
    for g in result["lost"]:
        text = f": «{g['text']}»" if g["text"] else ""
        out.append(f"    {g['tag']} line {g['line']}{text} {g['why']}  WORSE (lost)")
    if len(out) == 1:
        out.append("  no change in tags, claims or obligations")
    verdict = "FAIL" if result["exit_code"] else "ok"
    reasons = []
    if result["tags"]["removed"]:
        reasons.append(f"{len(result['tags']['removed'])} tag(s) removed")
    if len(result["worse"]) > len(result["lost"]):
        reasons.append(f"{len(result['worse']) - len(result['lost'])} verdict(s) worse")
    if result["lost"]:
        reasons.append(f"{len(result['lost'])} statement(s) lost")
    skipped = [v["id"] for v in result["obligations"]["verdicts"] if v["after"]["verdict"] == "skipped"]
    if skipped:
        reasons.append(f"{len(skipped)} obligation(s) not proved by the audit's provers: audit --prove proves them")
    out.append(f"audit: {verdict}" + (f" ({', '.join(reasons)})" if reasons else ""))
    return "\n".join(out)


def _render_obligations(diff: dict[str, Any]) -> list[str]:
    out = []
    for change in ("added", "removed", "changed"):
        if diff[change]:
            out.append(f"  obligations {change} ({len(diff[change])}):")
            out += [f"    {i}" + (f" ({', '.join(diff['at'][i])})" if diff["at"].get(i) else "") for i in diff[change]]
    if diff["moved"]:
        out.append(f"  obligations moved ({len(diff['moved'])}): only the lines of their requirements changed")
    for v in diff["verdicts"]:
        was = f"{v['before']['verdict']} -> " if v["before"] else ""
        mark = "  WORSE" if v["worse"] else ""
        out.append(f"  verdict {v['id']} ({', '.join(v['lines'])}): {was}{v['after']['verdict']}{mark}")
        if v["statement_before"] and v["statement_before"] != v["statement_after"]:
            out.append(f"    - {v['statement_before']}")
            out.append(f"    + {v['statement_after']}")
        for name, value in (v["after"]["counterexample"] or {}).items():
            out.append(f"    counterexample: {name} = {value}")
    return out

"""The diff of two versions of a spec document: tags, claims, obligations, verdicts.

Both versions go through the same pipeline as `check-spec`; a claim's check
is memoised by content (`specdoc.claimcache`), so an unchanged claim costs
nothing the second time.  A claim produces one obligation per format it is
checked in (``<claim id>:<format>``).  The audit fails (exit 1) when a
requirement tag disappeared or a changed claim's verdict got worse.
"""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

from divbridge.errors import InputError
from divbridge.specdoc.analysis import analyse_text
from divbridge.specdoc.findings import VERDICT_RANK

WORKTREE = "WORKTREE"


def load_file(path: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise InputError(f"cannot read the document: {exc.strerror or exc}", path) from None
    except UnicodeDecodeError:
        raise InputError("the document is not UTF-8 text", path) from None


def load_git(rev: str, path: str) -> str:
    """The document at a git revision (WORKTREE: the file as it is on disk)."""
    if rev == WORKTREE:
        return load_file(path)
    top = subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True)
    if top.returncode != 0:
        raise InputError("not inside a git repository", path)
    relative = Path(path).resolve().relative_to(Path(top.stdout.strip()).resolve()).as_posix()
    shown = subprocess.run(["git", "show", f"{rev}:{relative}"], capture_output=True, text=True)
    if shown.returncode != 0:
        raise InputError(f"git cannot show {rev}:{relative}: {shown.stderr.strip().splitlines()[-1:] or ['?']}", path)
    return shown.stdout


OBLIGATION_KINDS = ("case-table", "example", "why3", "definition")   # tags and type lists are not proved


def _obligations(claims: list[dict[str, Any]]) -> dict[str, str]:
    return {f"{c['id']}:{fmt}": c["id"] for c in claims if c["kind"] in OBLIGATION_KINDS
            for fmt in (c["formats"] or ["-"])}


def audit(old_text: str, old_name: str, new_text: str, new_name: str) -> dict[str, Any]:
    old, new = analyse_text(old_text, old_name), analyse_text(new_text, new_name)
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
    old_obl, new_obl = _obligations(old["claims"]), _obligations(new["claims"])
    changed_ids = {c["id"] for c in changed}
    result = {
        "old": old_name,
        "new": new_name,
        "tags": {
            "added": sorted(new_tags.keys() - old_tags.keys()),
            "removed": sorted(old_tags.keys() - new_tags.keys()),
            "changed": sorted(t for t in old_tags.keys() & new_tags.keys()
                              if old_tags[t]["text"] != new_tags[t]["text"]),
        },
        "claims": {
            "added": [{"id": c, "verdict": new_claims[c]["verdict"], "line": new_claims[c]["line"]}
                      for c in sorted(new_claims.keys() - old_claims.keys())],
            "removed": [{"id": c, "verdict": old_claims[c]["verdict"], "line": old_claims[c]["line"]}
                        for c in sorted(old_claims.keys() - new_claims.keys())],
            "changed": sorted(changed, key=lambda c: c["id"]),
        },
        "obligations": {
            "added": sorted(new_obl.keys() - old_obl.keys()),
            "removed": sorted(old_obl.keys() - new_obl.keys()),
            "changed": sorted(o for o in old_obl.keys() & new_obl.keys() if new_obl[o] in changed_ids),
        },
    }
    result["worse"] = [c["id"] for c in changed if c["worse"]]
    result["exit_code"] = 1 if result["worse"] or result["tags"]["removed"] else 0
    return result


def render_text(result: dict[str, Any]) -> str:
    out = [f"audit {result['old']} -> {result['new']}"]
    for what in ("tags", "claims", "obligations"):
        part = result[what]
        for change in ("added", "removed", "changed"):
            items = part[change]
            if not items:
                continue
            out.append(f"  {what} {change} ({len(items)}):")
            for item in items:
                if isinstance(item, str):
                    out.append(f"    {item}")
                elif change == "changed":
                    mark = "  WORSE" if item["worse"] else ""
                    out.append(f"    {item['id']} (line {item['line_before']} -> {item['line_after']}): "
                               f"{item['verdict_before']} -> {item['verdict_after']}{mark}")
                else:
                    out.append(f"    {item['id']} (line {item['line']}): {item['verdict']}")
    if len(out) == 1:
        out.append("  no change in tags, claims or obligations")
    verdict = "FAIL" if result["exit_code"] else "ok"
    reasons = []
    if result["tags"]["removed"]:
        reasons.append(f"{len(result['tags']['removed'])} tag(s) removed")
    if result["worse"]:
        reasons.append(f"{len(result['worse'])} verdict(s) worse")
    out.append(f"audit: {verdict}" + (f" ({', '.join(reasons)})" if reasons else ""))
    return "\n".join(out)

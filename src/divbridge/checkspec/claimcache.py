"""A small content-addressed cache of claim check results, for the checks `prove`'s pipeline does not bind.

The document's own statements that `prove --spec` binds (special-value
sentences, float case-table rows, worked examples) are proved through the
proof cache (`provers.cache`); this one memoises what is left: a table's
coverage, overlaps and the explanation of a refuted row (keyed by the rows'
verdicts too), integer and real tables and definitions, prose sign rules.

A claim's findings are a pure function of the claim's text, the formats it
is checked in, the solvers' versions and divbridge's own code, so they are
memoised under ``.cache/divbridge/claims/<sha256>.json`` (``DIVBRIDGE_CACHE``
moves the root; ``DIVBRIDGE_CACHE=off`` disables it).  Lines are stored
relative to the claim's first line, so moving a claim in the document keeps
its entry.  Only complete answers are stored: a finding that says a solver
could not decide is never cached.
"""

from __future__ import annotations

import functools
import hashlib
import json
from importlib import metadata
from pathlib import Path
from typing import Callable

from divbridge import cachedir
from divbridge.atomicio import write_json_atomic
from divbridge.document.findings import Finding



def _root() -> Path | None:
    root = cachedir.root()
    return None if root is None else root / "claims"


@functools.cache   # once per run: a package-version lookup scans every installed distribution
def _solver_versions() -> str:
    import z3
    return f"z3 {z3.get_version_string()}; bitwuzla {metadata.version('bitwuzla')}"


@functools.cache   # once per run: about 200 files
def _code_digest() -> str:
    """divbridge's source (Python and grammars): any change to how a claim is read or judged makes new keys.  A
    version number bumped by hand was forgotten once, and a stale entry hid a false finding."""
    package = Path(__file__).resolve().parents[1]
    digest = hashlib.sha256()
    for path in sorted(p for p in package.rglob("*") if p.suffix in (".py", ".lark") and p.is_file()):
        digest.update(str(path.relative_to(package)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def key_of(key: tuple) -> str:
    material = json.dumps([_code_digest(), _solver_versions(), key], sort_keys=True, default=str)
    return hashlib.sha256(material.encode()).hexdigest()


def memoised(key: tuple, compute: Callable[[], list[Finding]], line_base: int) -> list[Finding]:
    root = _root()
    path = root / f"{key_of(key)}.json" if root else None
    if path and path.is_file():
        try:
            stored = json.loads(path.read_text(encoding="utf-8"))
            return [Finding(f["kind"], f["line"] + line_base, f["message"], f["counterexample"], f.get("column"))
                    for f in stored]
        except (ValueError, KeyError, TypeError, OSError):
            pass   # a damaged entry is recomputed and overwritten
    findings = compute()
    undecided = any("could not decide" in f.message for f in findings)
    if path and not undecided:
        try:
            write_json_atomic(path, [{**f.to_json(), "line": f.line - line_base} for f in findings])
        except OSError:
            pass   # a read-only tree still gets its answer, just not cached
    return findings

"""check-spec on large documents: 100 KB, 1 MB and just under the 4 MB input limit, cold (empty caches) and
warm (the author's second run: claims and proofs from the caches).  Goal: linear growth, 1 MB warm under
10 s.  The load average is recorded beside each figure: this machine is shared.

The document is proofs/spec/div.md again and again, each copy's sections numbered ("`Div` operator, part
7, (real)") so that every section is a section of its own, as in a long specification.  Each copy's
obligations have ids of their own (the section's number is in them): a cold run proves every copy's, so
a claim the copies make alike is one question to the provers (the proof cache keys on the query without its
comments), so a cold run proves one copy's and answers the others from the cache; a warm run reads, binds,
checks and answers everything from the caches.  Each size starts from empty caches of its own.

"before" is the same code with the solver versions looked up once per claim (as before issue 20: an
uncached package-version lookup per claim), measured in the same run on the same documents.
"""

from __future__ import annotations

import os
import re
import tempfile
import time
from pathlib import Path

from divbridge.checkspec import claimcache
from divbridge.checkspec.analysis import analyse
from divbridge.document.markdown import MAX_BYTES

ROOT = Path(__file__).resolve().parents[1]
SIZES = {"100kb": 100_000, "1mb": 1_000_000, "4mb": MAX_BYTES - 10_000}


def document(directory: Path, size: int) -> Path:
    base = (ROOT / "proofs" / "spec" / "div.md").read_text(encoding="utf-8")
    parts, total, number = [], 0, 0
    while total < size:
        part = re.sub(r"^# `Div` operator", f"# `Div` operator, part {number},", base, flags=re.MULTILINE)
        parts.append(part.encode("utf-8"))
        total += len(parts[-1]) + 1
        number += 1
    data = b"\n".join(parts)
    path = directory / f"div_{size}.md"
    path.write_bytes(data[:data.rfind(b"\n# ", 0, size)] + b"\n")   # whole sections, at most ``size`` bytes
    return path


def _timed(figures: dict, name: str, path: Path) -> None:
    load = round(os.getloadavg()[0], 2)
    start = time.perf_counter()
    analyse(path)
    figures[name] = round(time.perf_counter() - start, 2)
    figures[f"{name.removesuffix('_s')}_load"] = load


def run() -> dict:
    figures: dict = {}
    saved = os.environ.get("DIVBRIDGE_CACHE")
    cached_versions = claimcache._solver_versions
    try:
        with tempfile.TemporaryDirectory() as work:
            docs = {name: document(Path(work), size) for name, size in SIZES.items()}
            for name, path in docs.items():
                os.environ["DIVBRIDGE_CACHE"] = str(Path(work) / f"cache_{name}")
                figures[f"{name}_bytes"] = path.stat().st_size
                _timed(figures, f"{name}_cold_s", path)
                _timed(figures, f"{name}_warm_s", path)
            claimcache._solver_versions = cached_versions.__wrapped__   # before: looked up per claim
            for name, path in docs.items():
                _timed(figures, f"before_{name}_warm_s", path)
    finally:
        claimcache._solver_versions = cached_versions
        if saved is None:
            os.environ.pop("DIVBRIDGE_CACHE", None)
        else:
            os.environ["DIVBRIDGE_CACHE"] = saved
    figures["goal"] = "1 MB warm under 10 s; time per byte about constant from 100 KB to 4 MB"
    return figures

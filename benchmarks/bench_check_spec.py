"""check-spec speed: the seed 000 draft, the project's own document, and a 300-line house-style document,
cold (empty claim cache) and warm (through the claim cache).  Goal for the house-style document: cold < 5 s,
warm < 0.5 s.

With BENCH_BASE set to a worktree of an earlier commit (`git worktree add ../wt-base edc90f2`), the same figures
of that tree are measured in the same run, in alternation with this tree's (``before`` and ``after``, each the
best of ROUNDS runs, each run in a process of its own: a loaded machine slows both alike)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "corpus_sonnx" / "correct"
DOCS = {"seed000": ROOT.parent / "shared" / "seeds" / "000_16275cc1406d3c06.txt", "div_md": ROOT / "proofs" / "spec" / "div.md"}
HOUSE_LINES = 300
ROUNDS = 3


def house_document(directory: Path) -> Path:
    """The correct house-style documents of the test corpus, one after another, to about 300 lines."""
    parts = [(CORPUS / name).read_text(encoding="utf-8") for name in ("house_a.md", "house_b.md", "house_c.md")]
    text = "\n".join(parts)
    path = directory / "house_300.md"
    path.write_text(text, encoding="utf-8")
    return path


def _measure() -> dict:
    """The figures of the divbridge on the path, in this process, from an empty claim cache."""
    from divbridge.checkspec.analysis import analyse

    figures = {}
    saved = os.environ.get("DIVBRIDGE_CACHE")
    with tempfile.TemporaryDirectory() as cache:
        os.environ["DIVBRIDGE_CACHE"] = cache
        docs = dict(DOCS, house300=house_document(Path(cache)))
        figures["house300_lines"] = len(docs["house300"].read_text().splitlines())
        try:
            for name, path in docs.items():
                for phase in ("cold_s", "cached_s"):
                    start = time.perf_counter()
                    analyse(path)
                    figures[f"{name}_{phase}"] = round(time.perf_counter() - start, 3)
        finally:
            if saved is None:
                os.environ.pop("DIVBRIDGE_CACHE")
            else:
                os.environ["DIVBRIDGE_CACHE"] = saved
    return figures


def _in_process_of(tree: Path) -> dict:
    done = subprocess.run([sys.executable, __file__, "--measure"], env={**os.environ, "PYTHONPATH": str(tree / "src")},
                          capture_output=True, text=True, check=True, cwd=ROOT)
    return json.loads(done.stdout)


def run() -> dict:
    base = os.environ.get("BENCH_BASE")
    if not base:
        return _measure()
    runs: dict[str, list[dict]] = {"after": [], "before": []}
    for _ in range(ROUNDS):
        runs["after"].append(_in_process_of(ROOT))
        runs["before"].append(_in_process_of(Path(base).resolve()))
    return {label: {key: min(r[key] for r in found) for key in found[0]} for label, found in runs.items()}


if __name__ == "__main__" and sys.argv[1:] == ["--measure"]:
    print(json.dumps(_measure()))

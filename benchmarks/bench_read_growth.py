"""Reading grows linearly with the document (issue 44): `divbridge read`'s parse (`parse_document`) of one
paragraph of inline formulas (``$x$`` repeated, one sentence with no full stop: before, every formula of a
sentence was matched against every word of it, quadratic: 2.5k/5k/10k/20k formulas took 0.7/1.4/3.7/17.9 s),
and of proofs/spec/div.md repeated.  Goal: a 10 times longer document takes about 10 times as long
(``ratio_*``: time of the long one over the short one's; 10 is linear).  The load average is recorded beside
the figures: this machine is shared.  "before" is the same input through the code of `BENCH_BASE`
(a worktree of an earlier commit) when given, measured in the same run.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from divbridge.document.reader import parse_document

ROOT = Path(__file__).resolve().parents[1]
SHORT, LONG = 2_000, 20_000   # formulas in the paragraph
COPIES = (2, 20)              # copies of div.md


def formulas(count: int) -> str:
    return "# `Div` operator (real)\n\n" + "The value " + " ".join(["$x$"] * count) + "\n"


def copies(count: int) -> str:
    return "\n".join([(ROOT / "proofs" / "spec" / "div.md").read_text(encoding="utf-8")] * count)


def _timed(text: str) -> float:
    start = time.perf_counter()
    parse_document(text, "bench.md")
    return round(time.perf_counter() - start, 3)


def _timed_before(base: Path, kind: str, count: int) -> float | None:
    """The same parse with the code of another worktree, in a process of its own."""
    script = (f"import sys, time; sys.path.insert(0, {str(Path(__file__).parent)!r}); "
              f"import bench_read_growth as b; from divbridge.document.reader import parse_document; "
              f"text = b.{kind}({count}); s = time.perf_counter(); parse_document(text, 'bench.md'); "
              f"print(round(time.perf_counter() - s, 3))")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=3600,
                          env={**os.environ, "PYTHONPATH": str(base / "src")})
    return float(done.stdout.strip()) if done.returncode == 0 else None


def run() -> dict:
    figures = {"load_before": round(os.getloadavg()[0], 2)}
    for kind, (short, long) in (("formulas", (SHORT, LONG)), ("copies", COPIES)):
        produce = globals()[kind]
        a, b = _timed(produce(short)), _timed(produce(long))
        figures[f"{kind}_{short}_s"], figures[f"{kind}_{long}_s"] = a, b
        figures[f"ratio_{kind}"] = round(b / a, 1) if a else None
    base = os.environ.get("BENCH_BASE")
    if base:
        for kind, count in (("formulas", SHORT), ("formulas", LONG // 2)):
            figures[f"before_{kind}_{count}_s"] = _timed_before(Path(base), kind, count)
    figures["load_after"] = round(os.getloadavg()[0], 2)
    return figures

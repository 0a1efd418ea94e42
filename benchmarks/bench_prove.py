"""`divbridge prove` speed: cold and warm runs of the whole proof run (bench_solvers.py: the provers one by one).

Targets (issue 12): cold prove of everything <= 60 s on 2 cores, warm (all
cache hits) <= 1 s without the cross-check and <= 2 s with it.  A warm run is
measured twice: as it comes (the up-to-date check, `commands.uptodate`, answers
it from the last run's stamp) and in full (the stamps removed first: the
document read, every theory rendered, every answer looked up).  The runs use
a fresh cache directory (every cache: DIVBRIDGE_CACHE too) and output
directory, never the project's.  Then edits of the document from a warm run (issue 36: lines added above every
requirement, a rewording read the same, one rule changed; targets: at most 2 s and nothing proved again for the
first two, at most 5 s plus the changed goals' prover time for the third), each with the answers it proved again
and the files it rewrote.  With
BENCH_BASE set to a worktree of an earlier commit of main, the same figures
are measured for it in the same run ("before"); each figure has the
machine's load average beside it.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

DIVBRIDGE = [sys.executable, "-m", "divbridge.cli"]


def _prove(out: Path, cache: Path, *extra: str, source: Path | None = None) -> tuple[float, dict, dict]:
    """One `divbridge prove` run in a subprocess (Python start-up included): wall time, results.json,
    and the run log (empty for a source tree older than the run log).  ``source``: run that tree's
    divbridge instead (a worktree of the main branch, for the figures before)."""
    # every cache under the run's own root (compiled Coq libraries, templates), not the project's
    env = dict(os.environ, DIVBRIDGE_CACHE=str(cache.parent / "root"),
               **({"PYTHONPATH": str(source / "src")} if source else {}))
    started = time.perf_counter()
    subprocess.run([*DIVBRIDGE, "prove", "--out", str(out), "--cache-dir", str(cache), *extra],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, env=env)
    elapsed = time.perf_counter() - started
    results = json.loads((out / "results.json").read_text())
    log_path = out / "run-log.json"
    log = json.loads(log_path.read_text()) if log_path.exists() else {}
    return elapsed, results, log


def _cached(results: dict, log: dict) -> int:
    """Obligations answered from the cache: in the run log, or (older trees) in results.json."""
    if log:
        return sum(1 for entry in log["obligations"].values() if entry["cached"])
    return sum(1 for o in results["obligations"] if o.get("cached"))


def _prover_seconds(results: dict, log: dict) -> dict:
    """Where a cold run's time goes: the seconds of every attempt, summed per prover."""
    totals: dict[str, float] = {}
    attempts = ([a for entry in log["obligations"].values() for a in entry["attempts"]] if log
                else [a for o in results["obligations"] for a in o["attempts"]])
    for attempt in attempts:
        totals[attempt["prover"]] = totals.get(attempt["prover"], 0.0) + attempt["time_s"]
    return {prover: round(seconds, 1) for prover, seconds in sorted(totals.items())}


def _load() -> float:
    """The 1-minute load average beside each figure: this machine is shared."""
    return round(os.getloadavg()[0], 2)


# every prover but Why3: the run without the Why3 tier (issue 22), as 1a70995 ran it (Why3 only as a fallback
# there); what it costs shows the rest of the pipeline, Coq's once-compiled proofs included
WITHOUT_WHY3 = "z3,cvc5,bitwuzla,gappa,coq,exhaustive"
WARM_RUNS = 5


def _warm(out: Path, cache: Path, source: Path | None, *extra: str, full: bool = False) -> tuple[float, dict, dict]:
    """A warm run; ``full``: with no up-to-date stamp to stand on (the stamps under the proof cache removed)."""
    if full:
        shutil.rmtree(cache / "runs", ignore_errors=True)
    return _prove(out, cache, *extra, source=source)


def _median_warm(out: Path, cache: Path, source: Path | None, *extra: str, full: bool = False) -> float:
    """A second's figure on a shared machine: the median of WARM_RUNS runs."""
    return round(statistics.median(_warm(out, cache, source, *extra, full=full)[0] for _ in range(WARM_RUNS)), 2)


def _cold_and_warm(source: Path | None = None) -> dict:
    """Cold (with every prover, and without Why3), warm (with and without the cross-check), offline and
    replay runs of one source tree."""
    figures: dict = {"cold_without_why3_load": _load()}
    with tempfile.TemporaryDirectory() as tmp:
        seconds, results, _ = _prove(Path(tmp) / "proofs", Path(tmp) / "cache", "--provers", WITHOUT_WHY3,
                                     source=source)
        figures.update({"cold_without_why3_s": round(seconds, 1),
                        "cold_without_why3_as_expected": results["summary"].get("as_expected")})
    with tempfile.TemporaryDirectory() as tmp:
        out, cache = Path(tmp) / "proofs", Path(tmp) / "cache"
        figures["cold_load"] = _load()
        cold_s, cold, cold_log = _prove(out, cache, source=source)
        figures.update({"cold_s": round(cold_s, 1), "cold_as_expected": cold["summary"].get("as_expected"),
                        "obligations": cold["summary"].get("total"),
                        "cold_prover_seconds": _prover_seconds(cold, cold_log), "warm_load": _load()})
        figures["warm_s"] = round(_warm(out, cache, source)[0], 2)
        full_s, full, full_log = _warm(out, cache, source, full=True)
        figures.update({"warm_full_s": round(full_s, 2), "warm_cached": _cached(full, full_log)})
        _warm(out, cache, source, "--no-crosscheck")   # the first run without the cross-check leaves its stamp
        figures.update({"warm_no_crosscheck_s": _median_warm(out, cache, source, "--no-crosscheck"),
                        "warm_full_no_crosscheck_s": _median_warm(out, cache, source, "--no-crosscheck", full=True),
                        "warm_no_crosscheck_load": _load()})
        offline_s, offline, offline_log = _prove(out, cache, "--offline", source=source)
        figures.update({"warm_offline_s": round(offline_s, 2), "warm_offline_cached": _cached(offline, offline_log)})
        if source is None:   # --replay is new: no figure before
            started = time.perf_counter()
            replay = subprocess.run([*DIVBRIDGE, "prove", "--replay", "--out", str(out)],
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False,
                                    env=dict(os.environ, DIVBRIDGE_CACHE=str(Path(tmp) / "root")))
            figures.update({"replay_s": round(time.perf_counter() - started, 1), "replay_exit": replay.returncode,
                            "replay_load": _load()})
        figures.update(_edits(out, cache, source))   # last: they leave the output of an edited document
    return figures


DOCUMENT = Path(__file__).resolve().parents[1] / "proofs" / "spec" / "div.md"
SIGN_RULE = "is a zero carrying the product of the signs. `[E_DIV_FLOAT_DEF_0070]`"
# edits of the document, each from the warm run of the original (issue 36): the first two state nothing new
EDITS = {
    "lines_above": lambda text: text.replace("\n\nThis is divbridge's", "\n\nTwo lines of introduction that state\n"
                                             "nothing.\n\nThis is divbridge's", 1),
    "rewording": lambda text: text.replace("share one element type", "have one element type"),
    "one_rule": lambda text: text.replace(SIGN_RULE, SIGN_RULE.replace("the product of the signs",
                                                                         "the sign of the numerator")),
}


def _outputs(out: Path) -> dict[str, bytes]:
    """Every file a run wrote under its output directory but its run log, by path."""
    return {path.relative_to(out).as_posix(): path.read_bytes() for path in sorted(out.rglob("*"))
            if path.is_file() and path.name != "run-log.json"}


def _edits(out: Path, cache: Path, source: Path | None) -> dict:
    """Each edit of `EDITS` after a warm run of the original document (a copy beside the output): the run's
    time, the answers it proved again (not the cache's) and their provers' seconds, the files it rewrote."""
    document = out.parent / "div.md"
    original = DOCUMENT.read_text()
    spec = ("--spec", str(document))
    figures = {}
    for name, edit in EDITS.items():
        document.write_text(original)
        _prove(out, cache, *spec, source=source)   # warm: the original at the copy's path
        written = _outputs(out)
        document.write_text(edit(original))
        load = _load()
        seconds, _, log = _prove(out, cache, *spec, source=source)
        again = [attempt for entry in log.get("obligations", {}).values() for attempt in entry["attempts"]
                 if not attempt["cached"] and attempt["verdict"] != "skipped"]
        now = _outputs(out)
        figures[f"edit_{name}"] = {
            "s": round(seconds, 2), "load": load, "proved_again": len(again) if log else None,
            "proved_again_prover_s": round(sum(attempt["time_s"] for attempt in again), 1),
            "files_rewritten": sorted(path for path in written.keys() | now.keys()
                                      if written.get(path) != now.get(path))}
    return figures


def _before_and_after() -> dict:
    """This tree's figures, and the same figures of BENCH_BASE (a worktree of an earlier commit, e.g.
    `git worktree add ../wt-base d61a577`) measured in the same run, when it is set."""
    figures = {"targets": {"cold_s": 60, "warm_no_crosscheck_s": 1, "warm_s": 2, "edit_lines_above_s": 2,
                           "edit_rewording_s": 2, "edit_one_rule_s": "5 + the proved again prover seconds"}}
    base = os.environ.get("BENCH_BASE")
    if base:   # it starts from its bytecode too, as this tree does after scripts/setup.sh
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(Path(base) / "src" / "divbridge")],
                       stdout=subprocess.DEVNULL, check=False)
    for label, source in [("after", None)] + ([("before", Path(base))] if base else []):
        figures[label] = _cold_and_warm(source)
    return figures


def run() -> dict:
    return _before_and_after()

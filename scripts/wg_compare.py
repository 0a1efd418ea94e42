"""check-spec on every public version of the working group's documents with two source trees, and what changed.

    .venv/bin/python scripts/wg_compare.py --repo wg.git --base ../wt-base --head . [--path PATH ...] [--all]

Reads every distinct version of each PATH (by default the Div, Div accuracy, Add, Sub and Mul pages) from a
mirror of the working group's repository (`scripts/wg_history.py` finds them), checks each with the
`divbridge check-spec` of both source trees in the same run (each tree in a process of its own, its ``src`` first
on the path, its own claim cache), and prints, version by version, every finding that is new in HEAD or gone
from it (a kind of finding at a line; the information ones, and the findings only reworded, with --all), then
the counts of new and gone findings by kind.  A document one tree refuses (exit 2) or crashes on is said so.  Nothing is copied into the
project: the versions go to a temporary directory, under the document's own file name.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from wg_history import git, versions  # noqa: E402  (the sibling script: the versions of a document)

INFORMAL = "safety-related-profile/sonnx/ops/spec/informal/"
PATHS = [INFORMAL + p for p in ("div/div.md", "div/div_acc.md", "add/add.md", "sub/sub.md", "mul/mul.md")]


def worker(listing: str) -> int:
    """Check every document of the listing (a JSON list of paths) with the divbridge on the path; print a JSON
    object: path -> {"exit": code, "findings": [...]} or {"exit": 2, "error": message} or {"crash": traceback}."""
    import traceback

    from divbridge.checkspec.analysis import analyse
    from divbridge.errors import DivbridgeError

    out = {}
    for path in json.loads(Path(listing).read_text()):
        try:
            result = analyse(Path(path))
            out[path] = {"exit": result["exit_code"],
                         "findings": [{k: f.get(k) for k in ("kind", "line", "column", "message")}
                                      for f in result["findings"]]}
        except DivbridgeError as exc:
            out[path] = {"exit": 2, "error": str(exc)}
        except Exception:      # a crash is a finding of its own, for the comparison
            out[path] = {"crash": traceback.format_exc(limit=3)}
    print(json.dumps(out))
    return 0


def _run(tree: Path, listing: Path, cache: Path) -> dict:
    env = {**os.environ, "PYTHONPATH": str(tree / "src"), "DIVBRIDGE_CACHE": str(cache)}
    done = subprocess.run([sys.executable, __file__, "--worker", str(listing)], env=env, capture_output=True,
                          text=True, check=False, cwd=tree)
    if done.returncode != 0:
        raise SystemExit(f"the worker of {tree} failed:\n{done.stderr[-2000:]}")
    return json.loads(done.stdout)


def _keyed(result: dict, everything: bool) -> dict:
    """(kind, line) -> the messages of the findings of that kind at that line."""
    if "findings" not in result:
        return {("crash" if "crash" in result else "refused", 0): [(result.get("crash") or
                                                                   result.get("error", "")).strip()[-300:]]}
    found: dict = {}
    for f in result["findings"]:
        if everything or f["kind"] != "information":
            found.setdefault((f["kind"], f["line"]), []).append(f["message"])
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repo", help="the working group's repository (a bare or mirror clone)")
    parser.add_argument("--base", type=Path, help="the source tree compared against (a worktree of the base commit)")
    parser.add_argument("--head", type=Path, help="the source tree whose findings are new or gone")
    parser.add_argument("--path", action="append", help="a document's path in the repository (repeatable)")
    parser.add_argument("--all", action="store_true", help="compare the information findings too")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        return worker(args.worker)
    if not (args.repo and args.base and args.head):
        parser.error("--repo, --base and --head are required")
    with tempfile.TemporaryDirectory(prefix="wg-compare-") as scratch:
        documents = []
        for path in args.path or PATHS:
            for number, (commit, date, blob) in enumerate(versions(args.repo, path), 1):
                folder = Path(scratch) / f"{Path(path).stem}-{number:02d}"
                folder.mkdir()
                document = folder / Path(path).name
                document.write_text(git(args.repo, "cat-file", "blob", blob))
                documents.append((path, number, date, commit, document))
        listing = Path(scratch) / "listing.json"
        listing.write_text(json.dumps([str(d[-1]) for d in documents]))
        results = {name: _run(tree.resolve(), listing, Path(scratch) / f"cache-{name}")
                   for name, tree in (("base", args.base), ("head", args.head))}
        totals: dict[str, Counter] = {"new": Counter(), "gone": Counter()}
        for path, number, date, commit, document in documents:
            base, head = (_keyed(results[name][str(document)], args.all) for name in ("base", "head"))
            # a finding of the same kind at the same line, in other words, is neither new nor gone (--all shows it)
            changes = [("new", key, head[key]) for key in head if key not in base] + \
                      [("gone", key, base[key]) for key in base if key not in head] + \
                      [("reworded", key, head[key]) for key in head if key in base and args.all
                       and sorted(head[key]) != sorted(base[key])]
            exits = (results["base"][str(document)].get("exit"), results["head"][str(document)].get("exit"))
            if not changes and exits[0] == exits[1]:
                continue
            print(f"== {Path(path).name} version {number}: {date} {commit[:7]} (exit {exits[0]} -> {exits[1]})")
            for label, (kind, line), messages in sorted(changes, key=lambda c: (c[1][1], c[0])):
                totals.setdefault(label, Counter())[kind] += len(messages)
                for message in messages:
                    print(f"  {label:4} line {line}: {kind}: {message}".replace(str(document), Path(path).name))
        print("; ".join(f"{label}: {dict(counts)}" for label, counts in totals.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())

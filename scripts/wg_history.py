"""check-spec on every public version of a working-group document, from a clone of their repository.

    git clone --mirror https://github.com/onnx/working-groups wg.git
    .venv/bin/python scripts/wg_history.py --repo wg.git [--path PATH] [--all] [--count]
    .venv/bin/python scripts/wg_history.py --repo wg.git --notes [--count]

Reads each version of PATH (default: the Div accuracy note) that the repository's history holds (every
branch, oldest first, each distinct text once), checks it as `divbridge check-spec` does, and prints its
findings (without the information ones unless --all) and its exit code.  ``--notes``: every version of every
accuracy note of the working group (``<op>/<op>_acc.md``).  ``--count``: for an accuracy note, what its reading
holds by kind (claims read as formal statements, definitions, lead-ins, unread), check-spec's findings by
kind and its claims by verdict (``holds``: proved; ``checked``: checked, not proved), one line a version: the figures of docs/accuracy-notes.md.  Nothing is copied into the project: the
versions go to a temporary directory, under the document's own file name.
"""

from __future__ import annotations

import argparse
import collections
import subprocess
import sys
import tempfile
from pathlib import Path

from divbridge.checkspec.analysis import analyse, render_text
from divbridge.errors import DivbridgeError

DEFAULT_PATH = "safety-related-profile/sonnx/ops/spec/informal/div/div.md"
INFORMAL = "safety-related-profile/sonnx/ops/spec/informal/"


def git(repo: str, *args: str) -> str:
    return subprocess.run(["git", f"--git-dir={repo}", *args], check=True, capture_output=True, text=True).stdout


def versions(repo: str, path: str) -> list[tuple[str, str, str]]:
    """(commit, date, blob) of each distinct text of the file (an empty one included), oldest first."""
    seen, found = set(), []
    for line in git(repo, "log", "--all", "--reverse", "--format=%H %cs", "--", path).splitlines():
        commit, date = line.split()
        try:
            blob = git(repo, "rev-parse", f"{commit}:{path}").strip()
        except subprocess.CalledProcessError:     # the commit deletes the file
            continue
        if blob not in seen:
            seen.add(blob)
            found.append((commit, date, blob))
    return found


def notes(repo: str) -> list[str]:
    """The paths of every accuracy note any branch of the repository has held, sorted."""
    listed = git(repo, "log", "--all", "--name-only", "--format=", "--", INFORMAL).split()
    return sorted({p for p in listed if p.endswith("_acc.md")})


def counts(document: Path) -> collections.Counter:
    """What the reading of an accuracy note holds, by kind: ``claim`` (read as a formal statement),
    ``definition``, ``lead-in`` (announces what follows), ``algorithm`` (a reference algorithm's code, read whole)
    and ``unread`` (not understood, or not read: code, a formula that states no error, a case)."""
    from divbridge.document.accuracy import LEAD_IN, read_note
    from divbridge.document.algorithm import read_algorithms
    from divbridge.obligations import accuracy
    note = read_note(document)
    models = read_algorithms(note, document.read_text())      # the reference algorithms and their error models
    found = collections.Counter()
    for line, _, read_as in accuracy.reading(note):
        first = read_as[0]
        if line in models.read:
            found["claim" if line in {b.line for b in models.bounds} else "definition" if line == models.table_line
                  else "algorithm" if line in models.algorithms else "lead-in"] += 1
        elif first.startswith("not understood") or "not read" in first or first in (
                "a formula that states no error", "a formula outside the error sections"):
            found["unread"] += 1
        elif first.startswith("definition of"):
            found["definition"] += 1
        elif first == LEAD_IN:
            found["lead-in"] += 1
        else:
            found["claim"] += 1
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repo", required=True, help="the repository's git directory (a bare or mirror clone)")
    parser.add_argument("--path", default=DEFAULT_PATH, help="the document's path in the repository")
    parser.add_argument("--all", action="store_true", help="print the information findings too")
    parser.add_argument("--notes", action="store_true", help="every accuracy note of the repository (not --path)")
    parser.add_argument("--count", action="store_true", help="one line a version: the reading and findings by kind")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="wg-history-") as scratch:
        for path in notes(args.repo) if args.notes else [args.path]:
            _history(args, path, Path(scratch) / Path(path).stem)
    return 0


def _history(args: argparse.Namespace, path: str, scratch: Path) -> None:
    name = Path(path).name
    for number, (commit, date, blob) in enumerate(versions(args.repo, path), 1):
        folder = scratch / f"{number:02d}"
        folder.mkdir(parents=True)
        document = folder / name
        text = git(args.repo, "cat-file", "blob", blob)
        document.write_text(text)
        head = f"== version {number}: {date} {commit[:7]} ({name})"
        if not text.strip():   # a file created empty (the WG's where.md when its folder was moved): no document
            print(f"{head}\nempty: the file holds no text, nothing to read")
            continue
        try:
            result = analyse(document)
            read = counts(document) if args.count and name.endswith("_acc.md") else None
        except DivbridgeError as exc:
            print(f"{head}\nexit 2: {exc}")
            continue
        if args.count:
            kinds = collections.Counter(f["kind"] for f in result["findings"])
            verdicts = collections.Counter(c["verdict"] for c in result["claims"])
            print(f"{head}: reading {dict(sorted((read or {}).items()))}; findings {dict(sorted(kinds.items()))}; "
                  f"verdicts {dict(sorted(verdicts.items()))}; exit {result['exit_code']}")
            continue
        print(head)
        if not args.all:
            result["findings"] = [f for f in result["findings"] if f["kind"] != "information"]
        print(render_text(result).replace(str(document), name))
        print(f"exit {result['exit_code']}")


if __name__ == "__main__":
    sys.exit(main())

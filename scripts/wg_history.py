"""check-spec on every public version of a working-group document, from a clone of their repository.

    git clone --mirror https://github.com/onnx/working-groups wg.git
    .venv/bin/python scripts/wg_history.py --repo wg.git [--path PATH] [--all]

Reads each version of PATH (default: the Div accuracy note) that the repository's history holds (every
branch, oldest first, each distinct text once), checks it as `divbridge check-spec` does, and prints its
findings (without the information ones unless --all) and its exit code.  Nothing is copied into the
project: the versions go to a temporary directory, under the document's own file name.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

from divbridge.checkspec.analysis import analyse, render_text
from divbridge.errors import DivbridgeError

DEFAULT_PATH = "safety-related-profile/sonnx/ops/spec/informal/div/div.md"


def git(repo: str, *args: str) -> str:
    return subprocess.run(["git", f"--git-dir={repo}", *args], check=True, capture_output=True, text=True).stdout


def versions(repo: str, path: str) -> list[tuple[str, str, str]]:
    """(commit, date, blob) of each distinct non-empty text of the file, oldest first."""
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repo", required=True, help="the repository's git directory (a bare or mirror clone)")
    parser.add_argument("--path", default=DEFAULT_PATH, help="the document's path in the repository")
    parser.add_argument("--all", action="store_true", help="print the information findings too")
    args = parser.parse_args()
    name = Path(args.path).name
    with tempfile.TemporaryDirectory(prefix="wg-history-") as scratch:
        for number, (commit, date, blob) in enumerate(versions(args.repo, args.path), 1):
            folder = Path(scratch) / f"{number:02d}"
            folder.mkdir()
            document = folder / name
            document.write_text(git(args.repo, "cat-file", "blob", blob))
            print(f"== version {number}: {date} {commit[:7]} ({name})")
            try:
                result = analyse(document)
            except DivbridgeError as exc:
                print(f"exit 2: {exc}")
                continue
            if not args.all:
                result["findings"] = [f for f in result["findings"] if f["kind"] != "information"]
            print(render_text(result).replace(str(document), name))
            print(f"exit {result['exit_code']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

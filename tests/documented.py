"""The commands README.md and docs/ show, found and run as a reader would run them (tests/test_docs.py).

A command is shown in a fenced ``console`` block: a line ``$ COMMAND`` (an optional ``# exit N`` comment: its
exit code, 0 unless said), then lines of its output, an excerpt: each must be a line of what the command prints
(stdout and stderr), in that order; a line ``...`` only marks what the excerpt leaves out.  The commands of one
document run in its order, in a copy of the project with its own virtual environment (`scratch_project`), so
that what they write (reports, evidence, caches) never lands in the checkout.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

from markdown_it import MarkdownIt

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
_EXIT = re.compile(r"\s+#\s*exit\s+(\d+)\s*$")


@dataclass
class Shown:
    """One command a document shows: where, what, its exit code and the excerpt of its output."""

    document: Path
    line: int
    command: str
    exit_code: int = 0
    output: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        return f"{self.document.relative_to(ROOT)}:{self.line}: $ {self.command}"


def _tokens(document: Path):
    return MarkdownIt("commonmark").enable("table").parse(document.read_text(encoding="utf-8"))


def commands(document: Path) -> list[Shown]:
    """The commands of the document's ``console`` blocks, in its order."""
    shown: list[Shown] = []
    for token in _tokens(document):
        if token.type != "fence" or token.info.strip() != "console":
            continue
        current = None
        for offset, line in enumerate(token.content.splitlines()):
            if line.startswith("$ "):
                command, code = line[2:], 0
                found = _EXIT.search(command)
                if found:
                    command, code = command[:found.start()], int(found.group(1))
                current = Shown(document, token.map[0] + 2 + offset, command.strip(), code)
                shown.append(current)
            elif current is not None and line.strip() and line.strip() != "...":
                current.output.append(line.rstrip())
    return shown


def python_examples(document: Path) -> str:
    """The document's ``python`` blocks, one after another (blank lines between): ``>>>`` examples for doctest."""
    return "\n\n".join(token.content for token in _tokens(document)
                         if token.type == "fence" and token.info.strip() == "python")


def other_fences_with_commands(document: Path) -> list[int]:
    """The lines of fenced blocks that are not ``console`` blocks but hold a command line: a command shown
    where nothing runs it."""
    return [token.map[0] + 1 for token in _tokens(document)
            if token.type == "fence" and token.info.strip() != "console"
            and re.search(r"^(\$ )?(divbridge|make)( |$)", token.content, re.M)]


def inline_commands(document: Path) -> list[tuple[int, str]]:
    """(line, text) of each inline code span that is a command line (``divbridge ...``, ``make ...``)."""
    found = []
    for token in _tokens(document):
        for child in token.children or ():
            if child.type == "code_inline" and re.match(r"(divbridge|make)( |$)", child.content):
                found.append((token.map[0] + 1 if token.map else 0, child.content))
    return found


def links(document: Path) -> list[tuple[int, str]]:
    """(line, target) of each relative link of the document (no scheme, no bare anchor)."""
    found = []
    for token in _tokens(document):
        for child in token.children or ():
            if child.type == "link_open":
                target = child.attrGet("href") or ""
                if target and not re.match(r"[a-z]+:|#", target):
                    found.append((token.map[0] + 1 if token.map else 0, target))
    return found


def scratch_project(where: Path) -> tuple[Path, dict[str, str]]:
    """A copy of the project (the files git tracks, and new ones it does not ignore; the evidence under proofs/
    included) at ``where``, with a virtual environment of its own whose divbridge is the copy's source and whose
    dependencies are this interpreter's, marked installed so that the Makefile's set-up installs nothing; and
    the environment its commands run in."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                            capture_output=True, text=True, check=True).stdout.split("\0")
    for name in filter(None, listed):
        source, target = ROOT / name, where / name
        if not source.exists() and not source.is_symlink():
            continue   # deleted in the working tree
        target.parent.mkdir(parents=True, exist_ok=True)
        if source.is_symlink():
            target.symlink_to(os.readlink(source))
        else:
            shutil.copy2(source, target)   # the times too: the set-up compares them with its stamps
    venv = where / ".venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    site = subprocess.run([str(venv / "bin" / "python"), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    (Path(site) / "dependencies.pth").write_text(dependency_path())
    launcher = venv / "bin" / "divbridge"
    launcher.write_text('#!/bin/sh\nexec "$(dirname "$0")/python" -m divbridge.cli "$@"\n')
    launcher.chmod(0o755)
    for stamp in (".installed", ".installed-peers"):   # scripts/setup.sh: the Python dependencies are there
        (venv / stamp).touch()
    env = {key: value for key, value in os.environ.items() if not key.startswith("DIVBRIDGE_")}
    env.update(PATH=f"{venv / 'bin'}:{os.environ['PATH']}", PYTHONPATH=str(where / "src"),
               DIVBRIDGE_CACHE=str(where / ".cache" / "divbridge"))
    return where, env


def dependency_path() -> str:
    """A .pth file's lines that give another virtual environment this interpreter's packages: every site-packages
    directory on its path (its own, and those its own .pth files add).  A .pth line adds the directory, not the
    .pth files inside it: an editable divbridge there stays out."""
    return "".join(f"{entry}\n" for entry in dict.fromkeys(sys.path)
                   if entry.endswith(("site-packages", "dist-packages")) and Path(entry).is_dir())


def run(shown: Shown, root: Path, env: dict[str, str], timeout: float) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", "-c", shown.command], cwd=root, env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, timeout=timeout)


def missing_lines(expected: list[str], printed: str) -> list[str]:
    """The lines of the excerpt not found, in order, among the printed lines ([] when it is all there)."""
    lines = [line.rstrip() for line in printed.splitlines()]
    at = 0
    for index, line in enumerate(expected):
        try:
            at = lines.index(line, at) + 1
        except ValueError:
            return expected[index:]
    return []

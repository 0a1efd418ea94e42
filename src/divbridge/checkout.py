"""What divbridge never writes over: the files a git checkout tracks (sources, templates, the committed
evidence under proofs/).

A run's outputs go to paths the user names (`--out DIR`, `--json F`); a run also removes the files it
rendered before and no longer renders. Both would destroy tracked files if the path named a directory of
the checkout (`--out .` holds `why3/*.mlw`; `--out generators` the Coq library) or a committed file
(`--json proofs/results.json`). git is asked which files it tracks under the path; without git (or
outside a repository) the checkout that holds this package is still protected by its layout.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parents[2]   # src/divbridge/checkout.py -> the checkout
SOURCES = ("src", "why3", "generators", "proofs", "tests", "scripts", "benchmarks", ".ci", ".git")
GIT_TIMEOUT_S = 20.0


def _git(directory: Path, *args: str) -> str | None:
    """git's answer in ``directory`` (an existing one), or None without git or outside a work tree."""
    try:
        done = subprocess.run(["git", "-C", str(directory), *args], capture_output=True, stdin=subprocess.DEVNULL,
                              timeout=GIT_TIMEOUT_S, env={**os.environ, "GIT_OPTIONAL_LOCKS": "0"})
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout.decode("utf-8", "surrogateescape") if done.returncode == 0 else None


def _in_layout(path: Path) -> bool:
    """Whether ``path`` (resolved) is this checkout, an ancestor of it, or inside one of its source folders."""
    return (path == CHECKOUT or path in CHECKOUT.parents or path.parent == CHECKOUT and path.is_file()
            or any(path.is_relative_to(CHECKOUT / name) for name in SOURCES))


def tracked_under(directory: Path) -> str | None:
    """A tracked file at or below ``directory`` (one, as an example), or None: writing there may remove it."""
    directory = Path(os.path.realpath(directory))
    if not directory.is_dir():
        return None
    listed = _git(directory, "ls-files", "-z", "--", ".")
    if listed is not None:   # a work tree: git knows
        return listed.split("\0", 1)[0] or None
    if directory == CHECKOUT or directory in CHECKOUT.parents:
        return "pyproject.toml"
    if _in_layout(directory):
        return next((str(p.relative_to(directory)) for p in directory.rglob("*") if p.is_file()), None)
    return None


def is_tracked(path: Path) -> bool:
    """Whether the file ``path`` (following a symlink) is one git tracks (without git: one of this checkout's
    files): a file divbridge must not replace."""
    real = Path(os.path.realpath(path))
    if not real.is_file():
        return False
    if _git(real.parent, "rev-parse", "--is-inside-work-tree") is not None:
        return _git(real.parent, "ls-files", "--error-unmatch", "--", real.name) is not None
    return _in_layout(real)


class Snapshot:
    """The bytes of every file this checkout tracks (2.4 MB), taken before unsandboxed code under test runs: the
    files that changed meanwhile are named after (never put back: the user may have written them)."""

    def __init__(self):
        listed = _git(CHECKOUT, "ls-files", "-z")
        names = [n for n in listed.split("\0") if n] if listed is not None else [
            str(p.relative_to(CHECKOUT)) for p in (CHECKOUT / "proofs").rglob("*") if p.is_file()]
        self.files: dict[Path, bytes | None] = {}
        for name in names:
            path = CHECKOUT / name
            try:
                self.files[path] = path.read_bytes() if path.is_file() and not path.is_symlink() else None
            except OSError:
                self.files[path] = None
        self.files = {path: data for path, data in self.files.items() if data is not None}

    def changed(self) -> list[str]:
        """The files that changed since, relative to the checkout."""
        out = []
        for path, data in self.files.items():
            try:
                same = path.is_file() and not path.is_symlink() and path.read_bytes() == data
            except OSError:
                same = False
            if not same:
                out.append(str(path.relative_to(CHECKOUT)))
        return out

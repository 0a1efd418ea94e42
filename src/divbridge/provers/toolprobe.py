"""What an external tool says about itself (``why3 --version``, ``coqc -where``), asked once per tool.

Every run asks each backend for its tools' versions: they key the proof cache and are recorded with each
answer.  Starting ``coqc`` twice, ``why3``, ``z3``, ``cvc4`` and ``gappa`` for it took 0.13 s of a 0.8 s warm
run.  The output is kept in ``<cache root>/tools.json``, keyed by the command and by the size and modification
time of the executable it starts, so that an upgraded tool is asked again; within a process it is asked once.
``DIVBRIDGE_CACHE=off``: asked once per process.  A file that does not read as a table of such answers is
asked over again and rewritten, never trusted.

A `recording` names what is asked while it lasts (the executables, and the files a version was read from):
the up-to-date check of `divbridge prove` (`commands.uptodate`) stands on them being unchanged.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import shutil
import subprocess
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from divbridge import cachedir
from divbridge.atomicio import write_json_atomic

FILE = "tools.json"
_LOCK = threading.Lock()


@dataclass
class Recording:
    """What was asked while a `recording` lasted."""

    executables: dict[str, str] = field(default_factory=dict)   # command name -> the executable it found
    files: set[str] = field(default_factory=set)                # the files a version was read from

    def consulted(self) -> dict[str, dict[str, list]]:
        """``executables`` (name -> [real path, size, mtime]) and ``files`` (path -> [size, mtime]; None:
        absent), as `unchanged` reads them."""
        executables = sorted(self.executables.items())
        return {"executables": {name: executable_stamp(path) for name, path in executables},
                "files": {path: stamp_of(path) for path in sorted(self.files)}}


_RECORDINGS: list[Recording] = []


@contextlib.contextmanager
def recording() -> Iterator[Recording]:
    """Record the tools asked inside (a run's, apart from what the process asked before it)."""
    record = Recording()
    _RECORDINGS.append(record)
    try:
        yield record
    finally:
        _RECORDINGS.remove(record)


def output(command: tuple[str, ...]) -> str:
    """stdout and stderr of ``command`` (its executable looked up on PATH unless absolute), from the file
    while its executable is unchanged.  The file keys it by the executable's real path: a tool asked by
    name and by path (``gappa``, ``/usr/bin/gappa``) is started once."""
    executable = executable_of(command[0])
    for record in _RECORDINGS:
        record.executables[command[0]] = executable
    return _said(executable, command)


def read_text(path: Path) -> str:
    """A file that tells an installed tool's version (Flocq's ``Version.v``), recorded as consulted."""
    for record in _RECORDINGS:
        record.files.add(str(path))
    return path.read_text()


def executable_of(name: str) -> str:
    """The real path of the executable a command name starts (looked up on PATH unless absolute)."""
    return os.path.realpath(shutil.which(name) or name)


def stamp_of(path: str) -> list[int] | None:
    """Size and modification time of a file (None: absent), what tells that a tool was replaced."""
    try:
        stat = os.stat(path)
    except OSError:
        return None
    return [stat.st_size, stat.st_mtime_ns]


def executable_stamp(executable: str) -> list:
    """An executable as the file and a recording keep it: its real path, size and modification time."""
    return [executable, *(stamp_of(executable) or [])]


def unchanged(record: dict[str, dict[str, list]]) -> bool:
    """Whether every tool a `Recording.consulted` record names is still the one it found."""
    return (all(executable_stamp(executable_of(name)) == found for name, found in record["executables"].items())
            and all(stamp_of(path) == found for path, found in record["files"].items()))


@functools.cache   # once per process, whatever the file says
def _said(executable: str, command: tuple[str, ...]) -> str:
    key = " ".join((executable, *command[1:]))
    stamp = executable_stamp(executable)
    with _LOCK:
        path = _path()
        known = _read(path) if path is not None else {}
        entry = known.get(key)
        if isinstance(entry, dict) and entry.get("stamp") == stamp and isinstance(entry.get("output"), str):
            return entry["output"]
        done = subprocess.run(list(command), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              errors="replace", timeout=30, check=False)
        if path is not None and done.returncode == 0:
            write_json_atomic(path, {**known, key: {"stamp": stamp, "output": done.stdout}})
        return done.stdout


def _path() -> Path | None:
    root = cachedir.root()
    return None if root is None else root / FILE


def _read(path: Path) -> dict:
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError):   # absent, unreadable or garbled: asked again
        return {}
    return data if isinstance(data, dict) else {}

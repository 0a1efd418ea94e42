"""What an external tool says about itself (``why3 --version``, ``coqc -where``), asked once per tool.

Every run asks each backend for its tools' versions: they key the proof cache and are recorded with each
answer.  Starting ``coqc`` twice, ``why3``, ``z3``, ``cvc4`` and ``gappa`` for it took 0.13 s of a 0.8 s warm
run.  The output is kept in ``<cache root>/tools.json``, keyed by the command and by the size and modification
time of the executable it starts, so that an upgraded tool is asked again; within a process it is asked once.
``DIVBRIDGE_CACHE=off``: asked once per process.  A file that does not read as a table of such answers is
asked over again and rewritten, never trusted.

The provers' executables are found in the system directories only (`system_tool`: ``/usr/local/bin``,
``/usr/bin``, ``/bin``; never ``PATH``, where a virtual environment or a stray script may come first), and
known by `identity`: real path, size and SHA-256 of the file, which the proof cache keys on (an answer
another executable gave is not reused) and the run log records.

A `recording` names what is asked while it lasts (the executables, and the files a version was read from):
the up-to-date check of `divbridge prove` (`commands.uptodate`) stands on them being unchanged.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
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
from divbridge.errors import ToolBroken
from divbridge.provers.process import communicate

FILE = "tools.json"
SYSTEM_PATH = "/usr/local/bin:/usr/bin:/bin"   # where Debian (and a local build) put the provers
VERSION_TIMEOUT_S = 30.0
# the executables each prover's answers depend on (the PyPI solvers are pinned packages, keyed by version)
# (gappa+coq: coqc's check of Gappa's certificates, which Gappa writes)
PROVER_TOOLS = {"why3": ("why3", "z3", "cvc4", "gappa"), "gappa": ("gappa",), "coq": ("coqc",),
                "gappa+coq": ("gappa", "coqc")}
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


def system_tool(name: str) -> str | None:
    """The real path of the executable ``name`` in the system directories (never looked up on PATH)."""
    found = shutil.which(name, path=SYSTEM_PATH)
    return os.path.realpath(found) if found else None


def identity(executable: str) -> dict[str, object]:
    """An executable as the evidence knows it: real path, size and SHA-256 (read once per process and
    while its size and modification time stay, from the file)."""
    real = os.path.realpath(executable)
    stamp = executable_stamp(real)
    return {"path": real, "size": stamp[1] if len(stamp) > 1 else None, "sha256": _digest(real, tuple(stamp))}


def prover_identity(prover: str) -> dict[str, dict[str, object]]:
    """The identities of the system executables a prover's answer depends on (`PROVER_TOOLS`; ``why3+z3``
    is Why3's), those installed."""
    tools = PROVER_TOOLS.get(prover) or PROVER_TOOLS.get(prover.partition("+")[0], ())
    found = {name: system_tool(name) for name in tools}
    return {name: identity(path) for name, path in found.items() if path is not None}


@functools.cache
def _digest(real: str, stamp: tuple) -> str | None:
    key = f"sha256 {real}"
    with _LOCK:
        path = _path()
        known = _read(path) if path is not None else {}
        entry = known.get(key)
        if isinstance(entry, dict) and entry.get("stamp") == list(stamp) and isinstance(entry.get("output"), str):
            return entry["output"]
        digest = hashlib.sha256()
        try:
            with open(real, "rb") as handle:
                for block in iter(lambda: handle.read(1 << 20), b""):
                    digest.update(block)
        except OSError:
            return None
        if path is not None:
            write_json_atomic(path, {**known, key: {"stamp": list(stamp), "output": digest.hexdigest()}})
        return digest.hexdigest()


def read_text(path: Path) -> str:
    """A file that tells an installed tool's version (Flocq's ``Version.v``), recorded as consulted."""
    for record in _RECORDINGS:
        record.files.add(str(path))
    return path.read_text()


def files_digest(paths: list[Path]) -> str:
    """The SHA-256 of files an installed tool's answers depend on (a library's compiled files: Gappa's Coq
    library), by name and content, recorded as consulted; read again only when one's size or modification
    time changes."""
    for record in _RECORDINGS:
        record.files.update(str(path) for path in paths)
    return _files_digest(tuple((str(path), tuple(stamp_of(str(path)) or ())) for path in paths))


@functools.cache
def _files_digest(stamped: tuple[tuple[str, tuple], ...]) -> str:
    digest = hashlib.sha256()
    for path, _ in stamped:
        digest.update(Path(path).name.encode() + b"\0" + Path(path).read_bytes())
    return digest.hexdigest()


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
        process = subprocess.Popen(list(command), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, text=True, errors="replace", start_new_session=True)
        said, _, outcome = communicate(process, None, VERSION_TIMEOUT_S)
        if outcome != "done":
            raise ToolBroken(f"{' '.join(command)}: no answer within {VERSION_TIMEOUT_S:g} s (stopped); "
                             f"is {executable} the tool?")
        if path is not None and process.returncode == 0:
            write_json_atomic(path, {**known, key: {"stamp": stamp, "output": said}})
        return said


def _path() -> Path | None:
    root = cachedir.root()
    return None if root is None else root / FILE


def _read(path: Path) -> dict:
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError):   # absent, unreadable or garbled: asked again
        return {}
    return data if isinstance(data, dict) else {}

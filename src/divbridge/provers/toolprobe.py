"""What an external tool says about itself (``why3 --version``, ``coqc -where``), asked once per tool.

Every run asks each backend for its tools' versions: they key the proof cache and are recorded with each
answer.  Starting ``coqc`` twice, ``why3``, ``z3``, ``cvc4`` and ``gappa`` for it took 0.13 s of a 0.8 s warm
run.  The output is kept in ``<cache root>/tools.json``, keyed by the command and by the size and modification
time of the executable it starts, so that an upgraded tool is asked again; within a process it is asked once.
``DIVBRIDGE_CACHE=off``: asked once per process.  A file that does not read as a table of such answers is
asked over again and rewritten, never trusted.
"""

from __future__ import annotations

import functools
import json
import os
import shutil
import subprocess
import threading
from pathlib import Path

from divbridge import cachedir
from divbridge.atomicio import write_json_atomic

FILE = "tools.json"
_LOCK = threading.Lock()


def output(command: tuple[str, ...]) -> str:
    """stdout and stderr of ``command`` (its executable looked up on PATH unless absolute), from the file
    while its executable is unchanged.  The file keys it by the executable's real path: a tool asked by
    name and by path (``gappa``, ``/usr/bin/gappa``) is started once."""
    return _said(os.path.realpath(shutil.which(command[0]) or command[0]), command)


@functools.cache   # once per process, whatever the file says
def _said(executable: str, command: tuple[str, ...]) -> str:
    stat = os.stat(executable)
    key = " ".join((executable, *command[1:]))
    stamp = [executable, stat.st_size, stat.st_mtime_ns]
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

"""Write files so that a reader never sees a half-written one; remove the ones a run no longer writes.

Only a regular file (or a path where none is yet) is replaced atomically. A path that is a device, a FIFO
or a symlink to a descriptor (`/dev/full`, `/dev/stdout`, `>(cat)`'s `/dev/fd/63`) is written through, as a
shell redirection would: never replaced by a regular file. A symlink to a regular file has its target
replaced, the link kept. A write error names the file.

The temporary file is created with mode 0666 and the kernel applies the umask, so the file it becomes
gets the modes any new file gets (`tempfile.mkstemp` would make it private, 0600).
"""

from __future__ import annotations

import json
import os
import secrets
import stat
from pathlib import Path
from typing import Any, Iterable


def write_text_atomic(path: str | os.PathLike, text: str) -> None:
    """Write ``text`` to a temporary file beside ``path``, then rename it over ``path``; a file that
    already holds ``text`` is left as it is (a warm run renders every theory again: 56 files, each
    otherwise synced to disk)."""
    data = text.encode("utf-8")
    try:
        _write(Path(path), data)
    except OSError as exc:
        if exc.filename is not None:
            raise
        raise OSError(exc.errno, exc.strerror or str(exc), str(path)) from None   # "File too large": which file


def _write(target: Path, data: bytes) -> None:
    try:
        mode = os.stat(target).st_mode   # follows a symlink to what it names
    except OSError:
        mode = None
    if mode is not None and not stat.S_ISREG(mode):
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(21, "is a directory", str(target))
        with open(target, "wb", buffering=0) as handle:   # a device, a FIFO, a descriptor: written through
            handle.write(data)
        return
    if target.is_symlink():
        target = Path(os.path.realpath(target))   # the link stays; what it names is replaced
    try:
        if mode is not None and target.stat().st_size == len(data) and target.read_bytes() == data:
            return
    except OSError:
        pass   # unreadable: written over, as any other
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = _create(target)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def write_json_atomic(path: str | os.PathLike, data: Any) -> None:
    write_text_atomic(path, json.dumps(data, indent=2, sort_keys=False) + "\n")


def _create(target: Path) -> tuple[int, str]:
    """A new file beside ``target`` under a name no one else has, open for writing."""
    while True:
        tmp = str(target.with_name(f".{target.name}.{secrets.token_hex(6)}.tmp"))
        try:
            return os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666), tmp
        except FileExistsError:
            continue


def remove_others(directory: Path, pattern: str, kept: Iterable[Path]) -> None:
    """Remove the files of ``directory`` (not below it) matching ``pattern`` that are not in ``kept``: what an
    earlier run rendered for an obligation this one no longer has (renamed, or gone from the document), which
    would otherwise lie beside the evidence as if it were part of it."""
    keep = {path.resolve() for path in kept}
    for path in directory.glob(pattern):
        if path.is_file() and path.resolve() not in keep:
            path.unlink()

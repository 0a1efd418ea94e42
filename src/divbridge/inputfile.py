"""Reading an input file with a bound: its kind and size are checked before a byte is read.

A document, a results file or a peer table is read only from a regular file of at most ``limit`` bytes:
`/dev/zero` would be read until memory runs out, and a FIFO no one writes to would wait for ever (it is
opened without blocking, then refused).  A UTF-8 byte-order mark at the start is not part of the text.
"""

from __future__ import annotations

import os
import stat

from divbridge.errors import InputError

BOM = "\ufeff"
MAX_JSON_BYTES = 64_000_000   # results.json, its run log, peers.json: a few hundred KB today


def _kind(mode: int) -> str:
    return ("a FIFO" if stat.S_ISFIFO(mode) else "a directory" if stat.S_ISDIR(mode)
            else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "a socket" if stat.S_ISSOCK(mode)
            else "not a regular file")


def read_bytes(path: str | os.PathLike, what: str, limit: int) -> bytes:
    """The bytes of the regular file ``path``; InputError (naming the file) when it is not one, is larger
    than ``limit`` bytes or cannot be read. A missing file is FileNotFoundError, for the caller to say."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise InputError(f"cannot read the {what}: {exc.strerror or exc}", str(path)) from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise InputError(f"is {_kind(mode)}, not a file: the {what} is read from a regular file", str(path))
        if os.fstat(fd).st_size > limit:
            raise InputError(f"the {what} is larger than {limit} bytes", str(path))
        chunks, size = [], 0
        while size <= limit:   # a file that grows while it is read is cut at the bound, and refused
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise InputError(f"the {what} is larger than {limit} bytes", str(path))
        return b"".join(chunks)
    except InputError:
        raise
    except OSError as exc:
        raise InputError(f"cannot read the {what}: {exc.strerror or exc}", str(path)) from None
    finally:
        os.close(fd)


def read_text(path: str | os.PathLike, what: str, limit: int) -> str:
    """`read_bytes` decoded as UTF-8, a leading byte-order mark dropped; InputError with the line of the
    first byte that is not UTF-8."""
    data = read_bytes(path, what, limit)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise InputError(f"the {what} is not UTF-8 text", str(path), line) from None
    return text.removeprefix(BOM)


"""The key that authenticates what divbridge keeps only to go faster: proof-cache entries and up-to-date stamps.

Those files are shortcuts, never evidence: each carries an HMAC-SHA256 of its content under a key kept outside
the cache, so that a hand-edited or forged entry (a "proved" with its checksum recomputed, a stamp whose exit
code was changed) fails its check and is proved again, instead of being believed.

The key is 32 random bytes in a file created 0600 on first use: ``$XDG_CONFIG_HOME/divbridge/cache.key``
(``~/.config/divbridge/cache.key``); with ``DIVBRIDGE_CACHE=DIR``, ``DIR.key`` beside that root, outside it.
A key file another user may read or write, or not of 32 bytes, is refused in one line (exit 2): whoever can
read it could forge entries.  Deleting it is harmless: a new key makes every kept entry a miss.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from pathlib import Path

from divbridge.errors import InputError

KEY_BYTES = 32
_keys: dict[Path, bytes] = {}   # read once per run and path


def path() -> Path:
    setting = os.environ.get("DIVBRIDGE_CACHE")
    if setting and setting != "off":
        root = Path(setting).absolute()
        return root.parent / f"{root.name}.key"
    config = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    return config / "divbridge" / "cache.key"


def key() -> bytes:
    """The key (created on first use)."""
    where = path()
    if where not in _keys:
        _keys[where] = _read(where) if where.exists() or where.is_symlink() else _create(where)
    return _keys[where]


def sign(data: bytes) -> str:
    return hmac.new(key(), data, hashlib.sha256).hexdigest()


def verify(data: bytes, mac: object) -> bool:
    return isinstance(mac, str) and hmac.compare_digest(sign(data), mac)


def _read(where: Path) -> bytes:
    try:
        fd = os.open(where, os.O_RDONLY | os.O_NOFOLLOW)
    except OSError as exc:
        raise InputError(f"the cache key cannot be read ({exc.strerror}); delete it to make a new one",
                         str(where)) from None
    try:
        status = os.fstat(fd)
        data = os.read(fd, KEY_BYTES + 1)
    finally:
        os.close(fd)
    if status.st_uid != os.geteuid() or status.st_mode & 0o077:
        raise InputError("the cache key is another user's or readable or writable by others: whoever reads it can "
                         "forge cache entries (delete it: a new one is made, every cached answer proved again)",
                         str(where))
    if len(data) != KEY_BYTES:
        raise InputError(f"the cache key is not {KEY_BYTES} bytes (delete it: a new one is made)", str(where))
    return data


def _create(where: Path) -> bytes:
    """A new key, written whole under a temporary name then linked into place: a concurrent run reads the
    whole key or makes its own and then reads the one that won."""
    try:
        where.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        temporary = where.with_name(f".{where.name}.{os.getpid()}.{secrets.token_hex(4)}")
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        try:
            os.write(fd, secrets.token_bytes(KEY_BYTES))
            os.fsync(fd)
        finally:
            os.close(fd)
        try:
            os.link(temporary, where)
        except FileExistsError:
            pass
        finally:
            os.unlink(temporary)
    except OSError as exc:
        raise InputError(f"the cache key cannot be made ({exc.strerror}); DIVBRIDGE_CACHE=off runs without the "
                         "caches", str(where)) from None
    return _read(where)

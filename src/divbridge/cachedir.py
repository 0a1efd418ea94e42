"""Where divbridge keeps what it can compute again: ``.cache/divbridge/`` in the working directory.

``DIVBRIDGE_CACHE`` moves the root; ``DIVBRIDGE_CACHE=off`` turns the caches off (`root` is then None),
for every command.  Each cache is a directory below the root: ``proofs/``, ``claims/``, ``ckernels/``,
``templates/``.  A root that is not a writable directory is bad input (one line, exit 2), not a traceback
halfway through a run.
"""

from __future__ import annotations

import os
from pathlib import Path

from divbridge.errors import InputError

DEFAULT_ROOT = Path(".cache/divbridge")


def root() -> Path | None:
    setting = os.environ.get("DIVBRIDGE_CACHE")
    if setting == "off":
        return None
    path = Path(setting) if setting else DEFAULT_ROOT
    _check_writable(path)
    return path


def _check_writable(path: Path) -> None:
    """The root, or its nearest existing ancestor, must be a directory divbridge can write in."""
    existing = path.absolute()
    while not existing.exists():
        existing = existing.parent
    what = "DIVBRIDGE_CACHE" if os.environ.get("DIVBRIDGE_CACHE") else "the cache directory"
    if not existing.is_dir():
        raise InputError(f"{what}: {existing} is not a directory (DIVBRIDGE_CACHE=off turns the caches off)",
                         str(path))
    if not os.access(existing, os.W_OK | os.X_OK):
        raise InputError(f"{what}: {existing} is not writable (DIVBRIDGE_CACHE=off turns the caches off)",
                         str(path))

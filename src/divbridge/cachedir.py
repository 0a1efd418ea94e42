"""Where divbridge keeps what it can compute again: ``.cache/divbridge/`` in the working directory.

``DIVBRIDGE_CACHE`` moves the root; ``DIVBRIDGE_CACHE=off`` turns the caches off (`root` is then None).
Each cache is a directory below the root: ``proofs/``, ``claims/``, ``ckernels/``, ``templates/``.
"""

from __future__ import annotations

import os
from pathlib import Path

DEFAULT_ROOT = Path(".cache/divbridge")


def root() -> Path | None:
    setting = os.environ.get("DIVBRIDGE_CACHE")
    if setting == "off":
        return None
    return Path(setting) if setting else DEFAULT_ROOT

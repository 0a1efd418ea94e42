"""check-spec speed: the seed 000 draft and the project's own document, cold and through the claim cache."""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

from divbridge.specdoc import analyse

ROOT = Path(__file__).resolve().parents[1]
DOCS = {"seed000": ROOT.parent / "shared" / "seeds" / "000_16275cc1406d3c06.txt", "div_md": ROOT / "proofs" / "spec" / "div.md"}


def run() -> dict:
    figures = {}
    saved = os.environ.get("DIVBRIDGE_CACHE")
    with tempfile.TemporaryDirectory() as cache:
        os.environ["DIVBRIDGE_CACHE"] = cache
        try:
            for name, path in DOCS.items():
                for phase in ("cold_s", "cached_s"):
                    start = time.perf_counter()
                    analyse(path)
                    figures[f"{name}_{phase}"] = round(time.perf_counter() - start, 3)
        finally:
            if saved is None:
                os.environ.pop("DIVBRIDGE_CACHE")
            else:
                os.environ["DIVBRIDGE_CACHE"] = saved
    return figures

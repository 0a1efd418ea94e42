"""The proof cache: one small JSON file per definite answer, addressed by what the answer depends on.

The key is a SHA-256 of the exact prover input (``task.text``), the prover,
its version and the task's options and limits; the file is
``<dir>/<key[:2]>/<key>.json``.  Each entry repeats its key fields and
carries a checksum of its payload, so an entry that is corrupt, truncated,
or that belongs to another question is detected, reported once on stderr
and treated as a miss (the obligation is proved again and the entry
rewritten).  Only ``proved`` and ``refuted`` are stored: a timeout depends
on the machine's load, not on the question.
"""

from __future__ import annotations

import hashlib
import json
import sys
import threading
from pathlib import Path
from typing import Any, TextIO

from divbridge.atomicio import write_json_atomic
from divbridge.errors import InputError
from divbridge.provers.verdicts import DEFINITE, Attempt

MODES = ("readwrite", "off", "offline")
DEFAULT_DIRECTORY = Path(".cache/divbridge/proofs")
FORMAT = 1


def _digest(data: Any) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


class ProofCache:
    def __init__(self, directory: Path = DEFAULT_DIRECTORY, mode: str = "readwrite", stream: TextIO = sys.stderr):
        if mode not in MODES:
            raise InputError(f"unknown cache mode '{mode}' (known: {', '.join(MODES)})")
        self.directory = Path(directory)
        self.mode = mode
        self.stream = stream
        self._reported: set[str] = set()
        self._lock = threading.Lock()

    @staticmethod
    def key_fields(task, version: str) -> dict[str, Any]:
        return {"format": FORMAT, "prover": task.prover, "version": version,
                "text_sha256": hashlib.sha256(task.text.encode()).hexdigest(),
                "options": [list(option) for option in task.options]}

    def path(self, task, version: str) -> Path:
        key = _digest(self.key_fields(task, version))
        return self.directory / key[:2] / f"{key}.json"

    def lookup(self, task, version: str) -> Attempt | None:
        """The stored answer, marked cached; None on a miss or a bad entry (``off``: always None)."""
        if self.mode == "off":
            return None
        path = self.path(task, version)
        try:
            raw = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        except OSError as exc:
            self._report(path, f"unreadable ({exc.strerror})")
            return None
        try:
            entry = json.loads(raw)
            payload = entry["attempt"]
            if entry.get("checksum") != _digest(payload):
                raise ValueError("checksum mismatch")
            if entry.get("key") != self.key_fields(task, version):
                raise ValueError("entry belongs to another question")
            attempt = Attempt.from_json(payload)
            if attempt.verdict not in DEFINITE or attempt.prover != task.prover:
                raise ValueError("not a definite answer of this prover")
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            self._report(path, str(exc) if isinstance(exc, ValueError) else f"malformed ({type(exc).__name__})")
            return None
        attempt.cached = True
        return attempt

    def store(self, task, version: str, attempt: Attempt) -> None:
        """Keep a definite answer (with ``off`` and ``offline`` nothing is written)."""
        if self.mode != "readwrite" or attempt.verdict not in DEFINITE:
            return
        payload = attempt.to_json()
        payload["cached"] = False
        entry = {"key": self.key_fields(task, version), "obligation": task.obligation.id,
                 "attempt": payload, "checksum": _digest(payload)}
        write_json_atomic(self.path(task, version), entry)

    def _report(self, path: Path, problem: str) -> None:
        with self._lock:
            if str(path) in self._reported:
                return
            self._reported.add(str(path))
        print(f"divbridge: warning: cache entry {path}: {problem}; proving again", file=self.stream, flush=True)

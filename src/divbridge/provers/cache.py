"""The proof cache: one small JSON file per definite answer, addressed by what the answer depends on.

The key is a SHA-256 of the prover's question (``task.question``: its input,
comments aside), the prover,
its version, the identity (path, size, SHA-256) of the executables it runs
(`toolprobe.prover_identity`: an answer another executable gave is never reused) and the task's options and limits; the file is
``<dir>/<key[:2]>/<key>.json``.  Each entry repeats its key fields and
carries an HMAC of them and its payload under a key kept outside the cache
(`authkey`), so an entry that is corrupt, truncated, forged (a "proved"
written by hand, its checksum recomputed) or that belongs to another
question is detected, reported once on stderr and treated as a miss (the
obligation is proved again and the entry rewritten).  A cached refutation is
checked again on the way out: its counterexample must still fail the
statement on the mirror (`counterexample.replay`).  The entries are shortcuts,
never evidence: a cached "proved" is cross-checked on vectors like a fresh one
by a complete run, and `commands.prove` evicts the entries behind a proof the
cross-check contradicts (`evict`).  ``proved`` and ``refuted`` are keyed by the question alone.
A ``timeout`` or ``unknown`` depends on the limit it was given (and on the
machine's load), so it is keyed by the time limit too: a warm run with the
same limit answers it from the cache (still a timeout, never a proof), a
longer ``--timeout`` or ``--no-cache`` tries again.  Errors and stopped
attempts are never stored.
"""

from __future__ import annotations

import hashlib
import json
import sys
import threading
from pathlib import Path
from typing import Any, TextIO

from divbridge import authkey, cachedir
from divbridge.atomicio import write_json_atomic
from divbridge.errors import InputError
from divbridge.provers import toolprobe
from divbridge.provers.counterexample import is_current, replay
from divbridge.provers.verdicts import DEFINITE, Attempt, answers_task

MODES = ("readwrite", "off", "offline")
UNSETTLED = ("timeout", "unknown")
DEFAULT_DIRECTORY = cachedir.DEFAULT_ROOT / "proofs"
# 2: Z3 asked in a context of its own per query (`provers.solvers`): the models of format 1 depended on the
# queries its worker had answered before, so a cold run did not reproduce them; 3: an HMAC (`authkey`) instead
# of an unkeyed checksum
FORMAT = 3


def shared_cache() -> "ProofCache":
    """The cache `check-spec` and `audit` share with `prove`'s default: ``DEFAULT_DIRECTORY``, or
    ``$DIVBRIDGE_CACHE/proofs`` when the variable is set (``off``: no cache, every obligation proved)."""
    root = cachedir.root()
    return ProofCache(DEFAULT_DIRECTORY, "off") if root is None else ProofCache(root / "proofs", "readwrite")


def _canonical(data: Any) -> bytes:
    return json.dumps(data, sort_keys=True, separators=(",", ":")).encode()


def _digest(data: Any) -> str:
    return hashlib.sha256(_canonical(data)).hexdigest()


def _signed(key_fields: dict[str, Any], payload: dict[str, Any]) -> bytes:
    """What an entry's HMAC covers: its key fields and its payload."""
    return _canonical({"key": key_fields, "attempt": payload})


class ProofCache:
    def __init__(self, directory: Path = DEFAULT_DIRECTORY, mode: str = "readwrite", stream: TextIO | None = None):
        if mode not in MODES:
            raise InputError(f"unknown cache mode '{mode}' (known: {', '.join(MODES)})")
        self.directory = Path(directory)
        self.mode = mode
        self.stream = stream or sys.stderr   # looked up now: sys.stderr may be replaced after import
        self._reported: set[str] = set()
        self._lock = threading.Lock()
        # obligation id -> every entry looked up for it (found or not) or written: `commands.uptodate`
        self.consulted: dict[str, set[Path]] = {}

    @staticmethod
    def key_fields(task, version: str, time_limit: float | None = None) -> dict[str, Any]:
        fields = {"format": FORMAT, "prover": task.prover, "version": version,
                  "executables": toolprobe.prover_identity(task.prover),
                  "text_sha256": hashlib.sha256((task.question or task.text).encode()).hexdigest(),
                  "options": [list(option) for option in task.options]}
        if time_limit is not None:
            fields["time_limit"] = time_limit
        return fields

    def path(self, task, version: str, time_limit: float | None = None) -> Path:
        return self._path_of(self.key_fields(task, version, time_limit))

    def _path_of(self, key_fields: dict[str, Any]) -> Path:
        key = _digest(key_fields)
        return self.directory / key[:2] / f"{key}.json"

    def lookup(self, task, version: str, time_limit: float | None = None) -> Attempt | None:
        """The stored answer, marked cached: a definite one, else (given the time limit) a
        timeout or unknown under that limit; None on a miss or a bad entry (``off``: always None)."""
        if self.mode == "off":
            return None
        found = self._read(task, version, None, DEFINITE)
        if found is None and time_limit is not None:
            found = self._read(task, version, time_limit, UNSETTLED)
        return found

    def _read(self, task, version: str, time_limit: float | None, verdicts: tuple[str, ...]) -> Attempt | None:
        key_fields = self.key_fields(task, version, time_limit)   # hashes the task's text: once per read
        path = self._path_of(key_fields)
        self._consult(task, path)
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
            if entry.get("key") != key_fields:
                raise ValueError("entry belongs to another question")
            if not authkey.verify(_signed(key_fields, payload), entry.get("mac")):
                raise ValueError(f"its HMAC does not check under the key {authkey.path()} (forged, damaged or "
                                 "written under another key)")
            if payload.get("counterexample") is not None and not is_current(payload["counterexample"]):
                return None   # a counterexample of display strings (before results schema 4): proved again
            attempt = Attempt.from_json(payload)
            if attempt.verdict not in verdicts or not answers_task(attempt.prover, task.prover):
                raise ValueError("not an answer of this prover that this key may hold")
            found = attempt.counterexample
            if attempt.verdict == "refuted" and found is not None and found.replayed \
                    and not replay(task.obligation, found.values)[0]:
                raise ValueError("its counterexample no longer fails the statement on the mirror")
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            self._report(path, str(exc) if isinstance(exc, ValueError) else f"malformed ({type(exc).__name__})")
            return None
        attempt.cached = True
        return attempt

    def store(self, task, version: str, attempt: Attempt, time_limit: float | None = None) -> None:
        """Keep a definite answer, or a timeout/unknown under its time limit (with ``off``
        and ``offline`` nothing is written)."""
        if self.mode != "readwrite":
            return
        if attempt.verdict in DEFINITE:
            key_limit = None
        elif attempt.verdict in UNSETTLED and time_limit is not None:
            key_limit = time_limit
        else:
            return
        payload = attempt.to_json()
        payload["cached"] = False
        key_fields = self.key_fields(task, version, key_limit)   # hashes the task's text: once per store
        path = self._path_of(key_fields)
        self._consult(task, path)
        write_json_atomic(path, {"key": key_fields, "obligation": task.obligation.id, "attempt": payload,
                                 "mac": authkey.sign(_signed(key_fields, payload))})

    def evict(self, ids: set[str]) -> list[Path]:
        """Remove the entries consulted for these obligations (their answers are contradicted): the next run
        asks the provers again.  The entries removed."""
        gone = []
        for path in sorted(self.entries_of(ids)):
            try:
                path.unlink()
                gone.append(path)
            except FileNotFoundError:
                pass
        return gone

    def _consult(self, task, path: Path) -> None:
        with self._lock:
            self.consulted.setdefault(task.obligation.id, set()).add(path)

    def entries_of(self, ids: set[str]) -> set[Path]:
        """The entries consulted for these obligations: what a document's up-to-date stamp stands on."""
        return {path for oid in ids for path in self.consulted.get(oid, ())}

    def _report(self, path: Path, problem: str) -> None:
        with self._lock:
            if str(path) in self._reported:
                return
            self._reported.add(str(path))
        print(f"divbridge: warning: cache entry {path}: {problem}; proving again", file=self.stream, flush=True)

"""The up-to-date check of `divbridge prove`: a run whose inputs are those of the last run stands on its outcome.

As ``make`` skips a target whose inputs have not changed (and GNATprove a unit), a warm run need not read the
document, render every theory and look every answer up again only to print what the last run printed.

A run whose every answer the proof cache keeps (no attempt on its obligations ended in an error: `Runner.uncached`) leaves a
stamp in the proof cache, ``runs/<options>.json``: what its outcome depends on, and what it printed and wrote.
Such a run's outcome is the one a run from the cache alone would give (which answer decides does not depend on
timing: `verdicts.deciding`).  The next run with the same options and working directory stands on it only if
all of these are unchanged:

- the spec document, and divbridge's own files (code, templates, the Why3 library), byte for byte;
- the Python that runs it and the packages installed beside it (their ``.dist-info`` names carry versions);
- every tool the run asked its version (`toolprobe.recording`: the executable a name finds, its size and
  modification time, as the proof cache's tool versions are asked again when they change);
- every proof-cache entry the run looked up or wrote, byte for byte (an entry absent then is still absent);
- every file under the output directory, byte for byte (results.json, the rendered theories, the sessions), but
  for the directories of the other documents' evidence inside it (``proofs/<op>/`` inside the baseline's
  ``proofs/``) and the documents' own (``proofs/spec/``): another operator's run does not make the baseline's
  own stand no longer.

The options name the output root (``proofs/``, or --out), not the document's evidence directory under it, so that
a run of every document can look its stamps up before it reads a document; the stamp records the directory.

Anything else, a stamp missing, unreadable, of another format or whose HMAC does not check included, is a full
run, which writes the stamp again.  The stamp is a shortcut, never evidence: it holds no verdict, no summary and
no exit code (a run it answers recomputes them from the results file it stands on, verified: `results.verify`);
it is written only after the results, and it carries an HMAC under the key of `authkey`, so that a stamp edited
by hand (its options, its digests) is not believed.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import sysconfig
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import divbridge
from divbridge import authkey
from divbridge.atomicio import write_json_atomic
from divbridge.provers import toolprobe

# 2: the output directory and what it leaves out recorded in the stamp, not in its options; 3: no summary nor exit
# code (recomputed from the results), an HMAC
FORMAT = 3
PACKAGE = Path(divbridge.__file__).parent


class Stamp:
    """The stamp of the runs with these options (each a JSON value), kept under ``cache_dir``/runs."""

    def __init__(self, cache_dir: Path, options: dict[str, Any], spec: Path):
        self.options = {**options, "cwd": os.getcwd(),
                        "environment": {k: v for k, v in sorted(os.environ.items()) if k.startswith("DIVBRIDGE_")}}
        self.path = cache_dir / "runs" / f"{_digest(self.options)}.json"
        # the document and divbridge as the run is about to read them: an edit made while it runs is a change the
        # next run sees, not part of what this one stands for
        self.read = {"spec": _file_digest(spec), "sources": _tree_digest(PACKAGE)}

    def standing(self) -> dict[str, Any] | None:
        """The last run's record (``when``; ``entries``: the cache entries; ``out``: the directory it wrote;
        ``outputs``: the files under it) when everything its outcome depends on is unchanged; else None."""
        try:
            stamp = json.loads(self.path.read_text(encoding="utf-8"))
            if not isinstance(stamp, dict) or stamp.get("format") != FORMAT or stamp["options"] != self.options:
                return None
            mac = stamp.pop("mac", None)
            if not authkey.verify(_canonical(stamp), mac):
                print(f"divbridge: warning: up-to-date stamp {self.path}: its HMAC does not check (forged or damaged); "
                      "proving again", file=sys.stderr, flush=True)
                return None
            unchanged = (stamp["python"] == _python() and toolprobe.unchanged(stamp["tools"])
                         and stamp["spec"] == self.read["spec"] and stamp["sources"] == self.read["sources"]
                         and stamp["entries"] == {path: _file_digest(Path(path)) for path in stamp["entries"]}
                         and stamp["outputs"] == _files(Path(stamp["out"]), stamp["skip"]))
        except (OSError, ValueError, KeyError, TypeError, AttributeError):   # unreadable or garbled: a full run
            return None
        return stamp if unchanged else None

    def write(self, out: Path, skip: list[str], entries: set[Path], tools: toolprobe.Recording) -> None:
        """Record a run whose every answer the cache keeps, once its results are written: the directory ``out``
        it wrote (``skip``: the directories under it that are not its own), the cache ``entries`` it looked up or
        wrote, the ``tools`` it asked."""
        stamp = {"format": FORMAT, "options": self.options, "python": _python(), "tools": tools.consulted(),
                 **self.read,
                 "entries": {str(path): _file_digest(path) for path in sorted(entries)}, "out": str(out),
                 "skip": skip, "outputs": _files(out, skip),
                 "when": datetime.now(timezone.utc).isoformat(timespec="seconds")}
        write_json_atomic(self.path, {**stamp, "mac": authkey.sign(_canonical(stamp))})


def _canonical(data: Any) -> bytes:
    return json.dumps(data, sort_keys=True).encode()


def _digest(data: Any) -> str:
    return hashlib.sha256(_canonical(data)).hexdigest()


def _file_digest(path: Path) -> str | None:
    """SHA-256 of a file's bytes; None when it is absent (an unreadable one raises: a full run says why)."""
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except FileNotFoundError:
        return None


def _python() -> dict[str, Any]:
    packages = Path(sysconfig.get_paths()["purelib"])
    installed = sorted(name for name in os.listdir(packages) if name.endswith(".dist-info")) if packages.is_dir() else []
    return {"version": sys.version, "executable": sys.executable, "packages": installed}


def _tree_digest(root: Path) -> str:
    """One digest of every file below ``root`` (bytecode caches aside), names included."""
    digest = hashlib.sha256()
    for relative, content in sorted(_files(root).items()):
        digest.update(f"{relative}\0{content}\0".encode())
    return digest.hexdigest()


def _files(root: Path, skip: list[str] = ()) -> dict[str, str | None]:
    """Relative path -> SHA-256 of every file below ``root`` (``__pycache__`` aside, and the directories ``skip``
    names relative to ``root``)."""
    found = {}
    for directory, subdirectories, names in os.walk(root):
        subdirectories[:] = [name for name in subdirectories if name != "__pycache__"
                             and Path(directory, name).relative_to(root).as_posix() not in skip]
        for name in names:
            path = Path(directory, name)
            found[path.relative_to(root).as_posix()] = _file_digest(path)
    return found

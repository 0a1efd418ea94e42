"""Option types the subcommands share, checked at the edge: a bad value is argparse's one-line usage
error (exit 2) naming the option, before anything runs or is written."""

from __future__ import annotations

import argparse
import math
import os
import stat
from pathlib import Path

from divbridge import checkout, operators
from divbridge.errors import InputError

MAX_SEED = 2**32 - 1   # NumPy's seeds are non-negative; the vectors are reproducible from a 32-bit seed
MAX_SECONDS = 86_400.0  # a day: beyond it a limit is a typo, and far beyond it the timers overflow


def integer(low: int, high: int | None = None):
    """An integer in [low, high]."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"'{text}' is not an integer") from None
        if value < low or (high is not None and value > high):
            span = f"from {low} to {high}" if high is not None else f"at least {low}"
            raise argparse.ArgumentTypeError(f"{value} is out of range (expected {span})")
        return value
    return parse


seed = integer(0, MAX_SEED)


def seconds(allow_zero: bool = False):
    """A finite number of seconds, positive (or zero), at most a day."""
    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"'{text}' is not a number of seconds") from None
        if not math.isfinite(value) or value < 0 or (value == 0 and not allow_zero) or value > MAX_SECONDS:
            least = "at least 0" if allow_zero else "greater than 0"
            raise argparse.ArgumentTypeError(f"{text} s: a time limit is a finite number {least} and at most "
                                             f"{MAX_SECONDS:g}")
        return value
    return parse


def existing_file(text: str) -> Path:
    """A readable regular file."""
    path = Path(text)
    if not path.exists():
        raise argparse.ArgumentTypeError(f"{text}: no such file")
    if not path.is_file():
        raise argparse.ArgumentTypeError(f"{text}: not a file")
    if not os.access(path, os.R_OK):
        raise argparse.ArgumentTypeError(f"{text}: not readable")
    return path


def output_file(text: str) -> Path:
    """A file that can be written: not a directory, in a directory that exists or can be made and is writable;
    or an existing device, FIFO or descriptor (`/dev/stdout`, `>(cat)`), which is written through."""
    path = Path(text)
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{text}: is a directory, not a file")
    if path.exists() and not os.access(path, os.W_OK):
        raise argparse.ArgumentTypeError(f"{text}: not writable")
    if path.exists() and not stat.S_ISREG(path.stat().st_mode):
        return path
    _writable_parent(path.parent, text)
    return path


def report_file(text: str) -> Path:
    """An output file (``--json``) that is not a committed one: never the baseline, the peer table, a
    source or a document the checkout tracks."""
    path = output_file(text)
    if checkout.is_tracked(path):
        raise argparse.ArgumentTypeError(f"{text}: a file git tracks (committed evidence or a source); "
                                         f"divbridge does not write over it: name another file")
    return path


def output_dir(text: str) -> Path:
    """A directory that can be written: an existing writable one, or one that can be made; never one that
    holds tracked files (the checkout, `why3`, `generators`, `src`...), whose files a run could replace or
    remove."""
    path = Path(text)
    if path.exists() and not path.is_dir():
        raise argparse.ArgumentTypeError(f"{text}: not a directory")
    if path.is_dir():
        if not os.access(path, os.W_OK | os.X_OK):
            raise argparse.ArgumentTypeError(f"{text}: directory not writable")
        tracked = checkout.tracked_under(path)
        if tracked is not None:
            raise argparse.ArgumentTypeError(f"{text}: holds files git tracks ({tracked}, ...): a run writes and "
                                             f"removes files there; name a new or scratch directory")
        return path
    _writable_parent(path.parent, text)
    return path


# the kernel's views of itself: files there are not files to keep (a write is refused, or changes the system)
PSEUDO_FILESYSTEMS = {"proc", "sysfs", "devtmpfs", "devpts", "cgroup", "cgroup2", "securityfs", "debugfs", "tracefs",
                      "pstore", "bpf", "configfs", "fusectl", "mqueue", "hugetlbfs", "autofs", "efivarfs",
                      "binfmt_misc", "nsfs", "rpc_pipefs"}


def cache_dir(text: str) -> Path:
    """--cache-dir: an `output_dir` on a regular filesystem (not /proc, /sys, /dev: a cache there fails only
    when its first entry is written)."""
    path = output_dir(text)
    existing = path.absolute()
    while not existing.exists():
        existing = existing.parent
    kind = _filesystem(existing.resolve())
    if kind in PSEUDO_FILESYSTEMS or existing.resolve() == Path("/dev"):
        raise argparse.ArgumentTypeError(f"{text}: on a {kind} filesystem, not one to keep files in: name a "
                                         "directory on a regular filesystem")
    return path


def _filesystem(path: Path) -> str:
    """The type of the filesystem mounted where ``path`` (resolved) lives (/proc/self/mountinfo), or ""."""
    best, kind = "", ""
    try:
        mounts = Path("/proc/self/mountinfo").read_text().splitlines()
    except OSError:
        return ""
    for line in mounts:
        fields = line.split(" - ", 1)
        if len(fields) != 2:
            continue
        point = fields[0].split()[4].encode().decode("unicode_escape")
        if (str(path) == point or str(path).startswith(point.rstrip("/") + "/")) and len(point) >= len(best):
            best, kind = point, fields[1].split()[0]
    return kind


def distinct(output: Path | None, option: str, *inputs: str | os.PathLike) -> None:
    """Refuse an output that is one of the command's inputs (``read DOC --json DOC``)."""
    if output is None or not output.exists():
        return
    for given in inputs:
        try:
            same = os.path.samefile(output, given)
        except OSError:
            continue
        if same:
            raise InputError(f"is the input {given}; it would be written over: name another file", str(output))


def _writable_parent(directory: Path, text: str) -> None:
    """The nearest existing ancestor must be a writable directory (the rest is made when writing)."""
    ancestor = directory.absolute()
    while not ancestor.exists():
        ancestor = ancestor.parent
    if not ancestor.is_dir():
        raise argparse.ArgumentTypeError(f"{text}: {ancestor} is not a directory")
    if not os.access(ancestor, os.W_OK | os.X_OK):
        raise argparse.ArgumentTypeError(f"{text}: cannot write in {ancestor}")


# the command line's operator when neither --op nor --spec names one: the registry's first description (a
# default of the commands' options only; nothing below the commands has one)
DEFAULT_OPERATOR = next(iter(operators.OPERATORS.values()))
OPERATOR_CHOICES = (f"{', '.join(operators.in_pipeline())} (default {DEFAULT_OPERATOR.name}; "
                    "without it, the operator --spec's document names)")
SPEC_HELP = ("a spec document: its operator (the one its headings name) and its worked examples as vectors "
             "(default: the examples its description's profiles list, else proofs/spec/<op>.md)")


def evidence_of_each(name: str = "") -> str:
    """For a help text: each operator's evidence directory (`operators.evidence_dir`), or its file ``name``,
    and whose it is."""
    return ", ".join(f"{(operators.evidence_dir(op) / name).as_posix()}{'' if name else '/'} for {op.name}"
                     for op in operators.in_pipeline().values())


def operator_name(text: str) -> str:
    """``--op``: an operator the pipeline takes whole (`operators.in_pipeline`), its name in any case."""
    try:
        op = operators.get(text)
    except InputError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    if not op.in_pipeline:
        raise argparse.ArgumentTypeError(f"{op.name}: its documents and implementations are not checked yet "
                                         f"(known: {', '.join(operators.in_pipeline())})")
    return op.name


def measured_operator_name(text: str) -> str:
    """``conform --op``: an operator the pipeline takes whole, or one whose float result IEEE 754 does not
    prescribe (Exp, Tanh...: `Operation.exactness` "approximate"), whose implementations' error is measured."""
    try:
        op = operators.get(text)
    except InputError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return op.name if op.operation.exactness == "approximate" else operator_name(text)


def chosen_operator(name: str | None, document: Path | None):
    """The operator a command judges: ``--op``'s, else the one ``--spec``'s headings (else tags) name, else
    the command line's default (`DEFAULT_OPERATOR`); both given, they must agree."""
    from divbridge.document.reader import operator_of, read_document
    named = operators.get(name) if name else None
    specified = operator_of(read_document(document)) if document else None
    if named and specified and named is not specified:
        raise InputError(f"specifies {specified.name}, not --op {named.name}", str(document))
    return named or specified or DEFAULT_OPERATOR


ACCEPT_UNREAD_HELP = ("accept these unread lines for exploration: LINE[,LINE...], DOC:LINE (one document of "
                      "several), or @FILE (one entry a line, '#' starts a comment); repeatable.  An accepted line is "
                      "still listed, marked accepted, and recorded; a line that is not unread is an error (a stale "
                      "acceptance)")


def unread_lines(text: str) -> tuple[tuple[str, int], ...]:
    """``--accept-unread``: the lines accepted, each with the document it names ("": the only one)."""
    if text.startswith("@"):
        path = existing_file(text[1:])
        try:
            entries = [line.split("#")[0].strip() for line in path.read_text(encoding="utf-8").splitlines()]
        except (OSError, UnicodeDecodeError) as exc:
            raise argparse.ArgumentTypeError(f"{text[1:]}: cannot read it ({exc})") from None
    else:
        entries = text.split(",")
    found = []
    for entry in filter(None, (e.strip() for e in entries)):
        document, _, number = entry.rpartition(":")
        try:
            line = int(number)
        except ValueError:
            raise argparse.ArgumentTypeError(f"'{entry}' is not a line number (LINE or DOC:LINE)") from None
        if line < 1:
            raise argparse.ArgumentTypeError(f"'{entry}': a line number is at least 1")
        found.append((document, line))
    return tuple(found)


def accepted_in(entries, document: Path, only: bool) -> frozenset[int]:
    """The lines of ``document`` among the ``entries`` of `unread_lines` (several options' flattened); a line
    named without its document belongs to the run's ``only`` document, else it is an error."""
    lines = set()
    for named, line in entries:
        if not named and not only:
            raise InputError(f"--accept-unread {line}: several documents are proved: name it as DOC:{line}")
        if not named or _same_file(named, document):
            lines.add(line)
    return frozenset(lines)


def unknown_documents(entries, documents) -> None:
    """An error naming an ``--accept-unread`` document that is none of the run's ``documents``."""
    for named, line in entries:
        if named and not any(_same_file(named, document) for document in documents):
            raise InputError(f"--accept-unread {named}:{line}: not a document of this run")


def _same_file(named: str, document: Path) -> bool:
    try:
        return os.path.samefile(named, document)
    except OSError:
        return False

"""divbridge's Python API, for the people who script it; each function is also re-exported by ``divbridge``
(``divbridge.evaluate(...)``).  docs/api.md shows each one at work, with its output.

- `evaluate`: an operator on arrays, on the exact reference semantics divbridge proves things about (the
  mirror: divbridge's own reference, evaluated in this process; it is not code under test).
- `read`: what divbridge reads in a document (`divbridge read --json`).
- `check`: a document's findings (`divbridge check-spec --json`).
- `prove`: a document's obligations through the provers (`divbridge prove --spec DOC --out DIR`), in a process of
  its own, and its results.
- `load_results`: a results file (``proofs/results.json``), checked against its schema.
- `write_reports`: the reports of a results file (`divbridge report --results FILE`).

The command line is built on these: ``eval``, ``read``, ``check-spec`` and ``report`` call them and print what
they return.  ``prove`` is the other way round: the proof run starts provers in process groups of their own
and, on Ctrl-C or SIGTERM, kills every process below it, which inside a caller's process would be the caller's
children too; so the API runs the command in a child process and loads what it wrote.

Bad input raises `divbridge.InputError` (the command line's exit 2, its message the one line it prints); an
input outside a profile's restrictions or preconditions raises `divbridge.SpecViolation` naming the tag.
"""

from __future__ import annotations

import functools
import os
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from divbridge.errors import InputError

if TYPE_CHECKING:   # the modules behind each function are imported when it is called (NumPy, the reader...)
    import numpy as np

    from divbridge.document.reader import Part, SpecDocument
    from divbridge.formats import Format
    from divbridge.operators.model import Operator
    from divbridge.results import Results
    from divbridge.semantics.profiles import Profiles

__all__ = ["evaluate", "read", "check", "prove", "load_results", "write_reports"]


def evaluate(operator: str, *inputs: Any, dtype: str | Format | Any, profile: str | None = None,
             method: str = "auto", **attributes: Any) -> np.ndarray:
    """The operator named ``operator`` on its ``inputs``, in the order its description lists them (two operands,
    one, or a condition and two values), element by element, as its profile specifies it.

    ``operator``: a name `divbridge.operators` registers (any case).  ``inputs``: arrays or anything NumPy makes
    one of (a condition's of bools, the others of the format ``dtype``: "fp16", "bf16", "fp32", "fp64", "int8" ...
    "uint64", "real" for exact rationals, a NumPy dtype, or a `divbridge.formats` format).  ``profile``: one of the operator's profiles
    (its description's `Profiles`; the default unless named), with its ``attributes`` by their spec names
    (``opset=13``, ``auto_broadcast="none"``); an operator whose description lists no profiles is evaluated as
    SONNX states it (operands of one type and one shape, the description's kernels), its node's float attributes
    by their names too (``alpha=0.2``: a value of the format; left out, the node's default).  ``method``: "exact"
    (element by element in exact rationals: the reference a reviewer reads), "fast" (NumPy, bit-identical) or
    "auto" (fast where it exists).  Returns an array of the format (bit patterns for a format without a NumPy
    type, ``fp(3,4)``; `fractions.Fraction` objects for "real").  Raises `SpecViolation`, naming the tag, for
    operands outside the profile's restrictions and preconditions."""
    import numpy as np

    from divbridge import mirror, operators
    op = operators.get(operator)
    own = [a.name for a in op.attributes if a.type == "float"]
    node = {name: attributes.pop(name) for name in own if name in attributes}
    if node:   # the kernels take the node's attributes after the inputs, one value per element
        shape = np.shape(inputs[0]) if inputs else ()
        given = [np.broadcast_to(np.asarray(node.get(a.name, a.default), dtype=object), shape).tolist()
                 for a in op.attributes if a.type == "float"]
        return mirror.compute(_profiles(op, len(given)), *inputs, *given, dtype=dtype, profile=profile,
                              method=method, **attributes)
    return mirror.compute(_profiles(op), *inputs, dtype=dtype, profile=profile, method=method, **attributes)


@functools.cache
def _profiles(op: Operator, attributes: int = 0) -> Profiles:
    """The operator's profiles; for one whose description lists none, SONNX's: every type divbridge knows but
    custom floats, no broadcasting, the description's kernels (the tags are those of the project's documents'
    restrictions, ``[R1]`` shapes, ``[R2]`` types), taking ``attributes`` values of the format after the inputs."""
    if op.profiles is not None:
        return op.profiles
    from divbridge.formats import FLOAT_FORMATS, INT_FORMATS
    from divbridge.semantics.profiles import Profile, Profiles
    types = frozenset({"real"} | {fmt.name for fmt in FLOAT_FORMATS} | {fmt.name for fmt in INT_FORMATS})
    sonnx = Profile(name="sonnx", types=types, broadcasting="none", kernels=op.kernels,
                    type_tag="R2", shape_tag="R1", same_type_tag="R2",
                    inputs=tuple(i.type for i in op.inputs) + ("T",) * attributes)
    return Profiles({"sonnx": (lambda: sonnx, frozenset())}, default="sonnx", fallback="sonnx")


def read(document: str | Path) -> dict[str, Any]:
    """What divbridge reads in a spec document or an accuracy note, as ``divbridge read --json`` writes it:
    ``sections`` (each with its ``requirements``, every part of their text with its ``line``, ``kind``,
    ``understood``, ``statements`` and the obligations it ``binds``), ``parts`` and ``not_understood`` (counts),
    the reader's ``findings`` and the accuracy ``notes``.  A document that names no operator divbridge knows
    raises `InputError`."""
    from divbridge.document.notes import is_note_file
    from divbridge.document.reader import NO_OPERATOR, operator_of, read_document
    if is_note_file(document):
        from divbridge.document.accuracy import read_note
        from divbridge.obligations.accuracy import note_operator
        note = read_note(document)
        note_operator(note)
        return {"document": note.path, "sections": [], "parts": 0, "not_understood": 0, "findings": [],
                "notes": [_note_reading(note, None)]}
    doc = read_document(document)
    if operator_of(doc) is None:
        raise InputError(NO_OPERATOR, str(document))
    return _reading_of(doc)


def _reading_of(doc: SpecDocument) -> dict[str, Any]:
    """The document's reading as plain data: sections, and per requirement (or section) its parts; the
    accuracy notes it holds or links, claim by claim."""
    from divbridge.document.naming import naming
    from divbridge.document.reader import naming_of
    from divbridge.obligations import document as binding_of
    from divbridge.obligations.catalog import obligations_of
    binding = binding_of.bind(doc)
    obligations = obligations_of(binding)
    # the document's own "Numerical Accuracy" sections are read as a note (listed with the notes)
    in_note = {line for note in binding.notes if note.path == doc.path for section in note.sections
               if section.kind != "other" for line in range(section.line, section.end + 1)}
    by_line: dict[int, list[str]] = {}
    for obligation in obligations:
        for line in set(obligation.lines):
            by_line.setdefault(line, []).append(obligation.id)
    sections = []
    for section in doc.sections:
        parts = [p for p in doc.parts if p.section == section.title and p.line not in in_note]
        if not parts and section.title == "(document)":
            continue
        groups: dict[str, list[dict]] = {}
        with naming(naming_of(doc, section)):     # said back with the section's names of its tensors
            for part in parts:
                groups.setdefault(part.tag, []).append(_part(part, section.types, by_line.get(part.line, [])))
        uses = {}
        for use in doc.tags:   # a tag's own line: where it is defined, not where it is restated
            if use.section == section.title and (use.tag not in uses or use.defines and not uses[use.tag].defines):
                uses[use.tag] = use
        sections.append({
            "title": section.title, "line": section.line, "types": list(section.types),
            "requirements": [{"tag": tag, "line": uses[tag].line if tag in uses else 0, "parts": items}
                             for tag, items in groups.items() if tag],
            "outside": groups.get("", []),
            "tags": [{"tag": u.tag, "line": u.line, "refers_to": u.refers_to} for u in uses.values()
                     if u.tag not in groups],
        })
    parts = [p for p in doc.parts if p.line not in in_note]
    return {"document": doc.path, "sections": sections,
            "parts": len(parts), "not_understood": sum(not p.reading.understood for p in parts),
            "findings": [f.to_json() for f in doc.findings],
            "notes": [_note_reading(note, binding.types) for note in binding.notes]}


def _note_reading(note, formats) -> dict[str, Any]:
    """An accuracy note's reading: each claim (its Unit Verification asserts too), definition and unread sentence by
    line (`obligations.accuracy`)."""
    from divbridge import inputfile
    from divbridge.document.markdown import MAX_BYTES
    from divbridge.obligations import accuracy
    written = inputfile.read_text(note.path, "document", MAX_BYTES)
    return {"document": note.path, "claims": [{"line": line, "text": text, "read_as": read_as}
                                               for line, text, read_as in accuracy.reading(note, formats, written)]}


def _part(part: Part, types: tuple[str, ...], binds: list[str]) -> dict[str, Any]:
    statements = part.reading.statements
    return {"kind": part.kind, "line": part.line, "column": part.column, "text": part.text,
            "understood": part.reading.understood, "why": part.reading.why,
            "statements": [str(s) for s in statements],
            "words": [s.words() for s in statements],         # each statement said back in canonical English
            "per_type": [line for s in statements for line in _per_type(s, types)],
            "binds": sorted(set(binds))}


def _per_type(statement, types: tuple[str, ...]) -> list[str]:
    """What a statement means in each listed type, where the type changes it."""
    from divbridge.document import meaning, naming
    from divbridge.formats import FloatFormat, IntFormat, get_format
    lines = []
    if isinstance(statement, meaning.Semantics):
        words, said = statement.vocabulary, naming.current()
        c, op = said.result, meaning.applied(words.infix, index="")
        for name in types:
            fmt = get_format(name)
            if isinstance(fmt, FloatFormat) and statement.rule == "ieee754":
                value = op if said.exact else f"RNE({op})"
                lines.append(f"{name}: {c} = {value} with p = {fmt.precision}, emin = {fmt.emin}, "
                             f"emax = {fmt.emax}; NaN, ±∞ and ±0 as IEEE 754 {words.verbs[0]} them")
            elif isinstance(fmt, IntFormat) and statement.rule in ("trunc", "floor", "ceil", "nearest"):
                every = ", ".join((*said.inputs, c))
                lines.append(f"{name}: {c} = {statement.rule}({op}), {every} in [{fmt.min}, {fmt.max}]")
            elif isinstance(fmt, FloatFormat):
                lines.append(f"{name}: {c} = round_{statement.rule}({op}) with p = {fmt.precision}")
    return lines


def check(document: str | Path, *, strict: bool = False, accepted: Iterable[int] = ()) -> dict[str, Any]:
    """check-spec's verdict on a document, as ``divbridge check-spec --json`` writes it (``findings``, each with
    its ``kind``, ``line`` and ``message``; ``claims``; ``summary``), and the command's ``exit_code``
    (docs/exit-codes.md: 1 on an incorrect or incomplete finding; 3 when nothing is wrong but something was not
    read, 1 with ``strict``).  ``accepted``: lines whose unread statements are accepted for exploration
    (``--accept-unread``); an accepted line with nothing unread is bad input."""
    from divbridge.checkspec.analysis import analyse
    return analyse(document, strict, frozenset(accepted))


def prove(document: str | Path, *, out: str | Path, only: Iterable[str] = (), provers: Iterable[str] | None = None,
          timeout: float | None = None, jobs: int | None = None, crosscheck: bool = True, cache: bool = True,
          quiet: bool = False) -> Results:
    """Prove a document's obligations (`divbridge prove --spec DOCUMENT --out OUT`) and return its results.

    ``only``: id patterns (``"float.fp16.*"``); ``provers``: a subset of why3, z3, cvc5, bitwuzla, gappa, coq,
    exhaustive (default all); ``timeout``: seconds per prover run; ``jobs``: obligations in parallel;
    ``crosscheck``: evaluate the proved properties on vectors; ``cache``: answer from the proof cache.  The run's
    transcript goes to this process's stdout unless ``quiet``.  Not as expected is no error: see
    ``results.as_expected`` and each obligation's ``status``.  Bad input (a document without requirement tags, a
    missing prover) raises `InputError` with the command's one line; Ctrl-C stops the run and its provers."""
    arguments = ["prove", "--spec", str(document), "--out", str(out)]
    arguments += [f"--only={pattern}" for pattern in only]
    if provers is not None:
        arguments.append("--provers=" + ",".join(provers))
    if timeout is not None:
        arguments.append(f"--timeout={timeout:g}")
    if jobs is not None:
        arguments.append(f"--jobs={jobs}")
    arguments += [flag for flag, on in (("--no-crosscheck", not crosscheck), ("--no-cache", not cache)) if on]
    code, error = _command(arguments, quiet)
    if code not in (0, 1):
        raise InputError(error.strip().splitlines()[-1].removeprefix("divbridge: error: ") if error.strip()
                         else f"divbridge prove exited {code}")
    return load_results(Path(out) / "results.json")


def _command(arguments: list[str], quiet: bool) -> tuple[int, str]:
    """``divbridge ARGUMENTS`` in a child process running this very package: its exit code and its stderr.  An
    interrupt here ends it as SIGTERM does (its provers with it) before it goes on up."""
    package_root = str(Path(__file__).resolve().parents[1])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [package_root, os.environ.get("PYTHONPATH")]))}
    child = subprocess.Popen([sys.executable, "-m", "divbridge.cli", *arguments], env=env, text=True,
                             stdout=subprocess.DEVNULL if quiet else None, stderr=subprocess.PIPE)
    try:
        _, error = child.communicate()
    except BaseException:
        child.terminate()
        child.wait()
        raise
    if not quiet:
        sys.stderr.write(error)
    return child.returncode, error


def load_results(path: str | Path) -> Results:
    """A results file (``proofs/results.json``, or a run's ``--out``), checked against its schema and verified
    (`results.verify`: its derived fields, its verdicts' attempts, its evidence beside it), with its run log when
    it is beside it: ``obligations`` (each with its ``id``, ``verdict``, ``status``, ``prover``,
    ``counterexample``, the ``requirements`` and ``lines`` it verifies), ``summary`` and ``as_expected``.  A
    missing, damaged, forged or older file raises `InputError` naming it.  The verdicts are as recorded, not
    replayed (``divbridge prove --replay`` replays them)."""
    from divbridge.results import verify
    return verify(path)


def write_reports(results: str | Path, out: str | Path) -> list[Path]:
    """The reports of one results file (``report.md``, ``index.html``, ``results.json``, ``junit.xml``) into
    ``out``, with a Peers section when `divbridge crosscheck` wrote a peer table beside it; the files written.
    The artifacts the results name are looked up from the working directory, then from the directory above the
    results file's (the project root for ``proofs/results.json``)."""
    from divbridge.conform import peertable
    from divbridge.report import write_reports as write
    loaded = load_results(results)   # InputError: one line, nothing written
    peers = peertable.load_beside(results)
    try:
        return write(loaded, out, [Path.cwd(), Path(results).resolve().parent.parent], peers)
    except OSError as exc:
        raise InputError(f"cannot write the reports: {exc.strerror}", str(exc.filename or out)) from None

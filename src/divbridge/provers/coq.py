"""Coq with Flocq: proofs by reasoning about rounding, for the claims bit-blasting does not reach.

Monotonicity in an operand, exactness of a representable result, and the
two "compute in a wider format" strategies follow from a few facts about
rounding (monotone, idempotent on representable values, double rounding of
the result innocuous, a relative error bound).  Flocq proves those facts, and
its ``IEEE754.BinarySingleNaN`` models IEEE 754 binary floats and their
operations exactly (special values, signed zeros, overflow).

Proved once: each generic theorem, stated for every format meeting explicit
hypotheses, is a small library (``generators/coq/[<op>/]<Name>.v``, loaded as
``DivBridge.<Name>``; an operator's library may load a generic one) compiled by the first proof that needs it
and kept in the cache across runs (`Libraries`).  Each obligation's file (a template under ``generators/coq/``)
only loads its library, instantiates the theorem for the obligation's format
(the hypotheses checked by computation or ``lia``) and ends with ``Print
Assumptions``, which reaches into the library's proof.  The cache keys an
instance's answer on its text and on the text of every library it loads, directly or through another.
A run checks the instances that load the same libraries together, in one
``coqc`` with one ``Print Assumptions`` over all their theorems (`Batches`);
one that fails there is checked alone, which says why.

Honesty: a file is proved only when ``coqc`` compiles it (and its libraries)
and the printed assumptions are among the standard library's axioms of the
classical real numbers (``STANDARD_AXIOMS``).  A file or library containing
``Admitted``, ``admit``, ``Axiom``, ``Parameter`` or ``Conjecture``, or whose
assumptions name anything else, is an error; a proof script that does not
check is unknown (the claim may still hold), never refuted.
"""

from __future__ import annotations

import hashlib
import re
import shutil
import subprocess
import tempfile
import threading
import time
from dataclasses import replace
from pathlib import Path

from divbridge import assets, cachedir, operators, statements
from divbridge.atomicio import write_text_atomic
from divbridge.errors import ToolMissing
from divbridge.formats import Format, get_format
from divbridge.obligations.model import Obligation
from divbridge.provers import toolprobe
from divbridge.provers.process import communicate
from divbridge.provers.runner import FileBackend, ProofTask
from divbridge.provers.verdicts import Attempt

INSTALL = "apt-get install coq libcoq-flocq"
# the generic theorems: generators/coq/[<op>/]<Name>.v (an operator's own in its folder), loaded by the
# instances as DivBridge.<Name>
LIBRARY_SOURCES = assets.TEMPLATES / "coq"
LIBRARY_ROOT = "DivBridge"
VO_MAGIC = b"Coq!"   # how every compiled .vo of Coq 8.x begins
# What Coq's standard library assumes for the classical real numbers (Coq.Reals, on
# which Flocq builds): the axioms of its Dedekind-cut construction, excluded middle
# and dependent functional extensionality.  A proof may rest on these and nothing else.
STANDARD_AXIOMS = frozenset({
    "ClassicalDedekindReals.sig_forall_dec",
    "ClassicalDedekindReals.sig_not_dec",
    "Classical_Prop.classic",
    "FunctionalExtensionality.functional_extensionality_dep",
})
# commands that state something without proving it, or switch off a check of the kernel
_UNPROVED = re.compile(r"\b(Admitted|admit|Axioms?|Parameters?|Conjectures?|bypass_check|Declare\s+ML\s+Module"
                       r"|Unset\s+(?:Guard|Positivity|Universe)\s+Checking)\b")
_COMMENT = re.compile(r"\(\*.*?\*\)", re.DOTALL)
_REQUIRES = re.compile(rf"\bFrom\s+{LIBRARY_ROOT}\s+Require\s+(?:Import\s+|Export\s+)?([\w\s]+?)\s*\.(?!\w)")
_FLOCQ_VERSION = re.compile(r'parse "(?P<version>[\d.]+)"%string')
_PRINT_ASSUMPTIONS = re.compile(r"^Print\s+Assumptions\s+([\w.']+)\s*\.\s*$", re.MULTILINE)


def handles(obligation: Obligation) -> bool:
    return "coq" in obligation.backends and statements.has(obligation, "coq")


class CoqBackend(FileBackend):
    name = "coq"
    suffix = ".v"
    cost = 0
    first = True

    def __init__(self) -> None:
        self._env = assets.template_environment("coq", keep_trailing_newline=True)
        self.libraries = Libraries()
        self.batches = Batches()

    def versions(self) -> dict[str, str]:
        return {"coq": coq_version()}

    def render(self, obligation: Obligation, fmt: Format | None = None, via: Format | None = None) -> str:
        """The obligation's Coq file; ``fmt`` and ``via`` replace its formats (the tests' negative controls)."""
        fmt = fmt or get_format(obligation.format)
        if via is None and "via" in obligation.params:
            via = get_format(obligation.params["via"])
        statement = statements.of(obligation)
        return self._env.get_template(statement.coq(obligation)).render(
            o=obligation, fmt=fmt, via=via, op=operators.of_obligation_name(obligation.operator),
            **statement.coq_terms(obligation))

    def handles(self, obligation: Obligation) -> bool:
        return handles(obligation)

    def prepare(self, obligations: list[Obligation], out_dir: Path, provers: set[str]) -> list[list[ProofTask]]:
        """The instance files (FileBackend), the libraries they load beside them (evidence, under
        ``coq/DivBridge/``), and each task keyed on its libraries' text too."""
        groups = super().prepare(obligations, out_dir, provers)
        keyed = [[replace(task, options=self.libraries.key(required_libraries(task.text))) for task in group]
                 for group in groups]
        for name in self.libraries.closure({name for group in groups for name in required_libraries(group[0].text)}):
            self.libraries.write(name, out_dir / self.name / LIBRARY_ROOT)
        for group in groups:
            self.batches.include(group[0].text)
        return keyed

    def question(self, text: str) -> str:
        return without_comments(text)

    def prove(self, text: str, timeout: float, cancel: threading.Event | None = None) -> Attempt:
        elapsed = self.batches.proved(text, timeout, cancel, self.libraries)
        if elapsed is not None:
            return Attempt("coq", "proved", elapsed)
        return prove(text, timeout, cancel, self.libraries)


class Batches:
    """The instances of a run that load the same libraries, checked together in one coqc (`together`) when
    the first of them is asked for: coqc's start-up (1 s, loading Flocq) and Print Assumptions (1.2 s, which
    walks the library's proof) are paid once for all of them instead of once each.  A batch proves each of its
    files or none: when it does not check (one file failing, an assumption beyond the standard ones, no time
    left), each file is checked alone (`prove`), which says which one fails and why."""

    def __init__(self) -> None:
        self._files: dict[tuple[str, ...], list[str]] = {}   # libraries -> the instance files that load them
        self._checks: dict[tuple[tuple[str, ...], tuple[str, ...]], tuple[threading.Event, list[float | None]]] = {}
        self._lock = threading.Lock()

    def include(self, text: str) -> None:
        self._files.setdefault(tuple(required_libraries(text)), []).append(text)

    def proved(self, text: str, timeout: float, cancel: threading.Event | None, libraries: Libraries) -> float | None:
        """The time of the batch check that proved ``text`` with the other files of its batch; None when no
        batch proves it (a batch of one, a file not added, a batch that did not check, a stopped wait)."""
        names = tuple(required_libraries(text))
        texts = tuple(self._files.get(names, []))
        if len(texts) < 2 or text not in texts:
            return None
        # keyed on the files too: a backend kept from run to run (`portfolio.prove_obligations`) includes new
        # files after a batch was checked, which that check does not prove
        key = (names, texts)
        with self._lock:   # the first to ask checks the batch; the others wait for its answer
            check = self._checks.get(key)
            mine = check is None
            if check is None:
                check = self._checks[key] = (threading.Event(), [])
        done, answer = check
        if mine:
            try:
                answer.append(_check_together(list(texts), timeout, cancel, libraries))
            finally:
                done.set()
        while not done.wait(0.05):
            if cancel is not None and cancel.is_set():
                return None
        return answer[0] if answer else None


class Libraries:
    """The generic theorems, each compiled at most once per run, by the first proof that loads it,
    and kept across runs in the cache (``<cache root>/coq/<name>-<key>/``, the key a digest of the
    library's text and of the Coq and Flocq versions; a temporary directory with DIVBRIDGE_CACHE=off).
    A compiled copy is used only while its ``.vo`` matches the digest written beside it after the
    compile: a copy cut short or altered is compiled again.  A library that does not check answers
    for every instance that loads it (never kept); a compile stopped or out of time is tried again.
    A library may load others (``From DivBridge Require``), compiled before it.  Each library has a
    directory of its own, and a file is given only those it names and those they load: so what it loads
    is what its cache key holds, and a library it loads in another way is not found."""

    def __init__(self, texts: dict[str, str] | None = None, store: Path | None = None):
        self.texts = texts if texts is not None else {path.stem: path.read_text()
                                                       for path in sorted(LIBRARY_SOURCES.rglob("*.v"))}
        if store is None:
            root = cachedir.root()
            if root is None:
                self._scratch = tempfile.TemporaryDirectory(prefix="divbridge-coqlib-")   # removed with this object
                root = Path(self._scratch.name)
            store = root / "coq"
        self.store = store.absolute()   # coqc runs in each instance's own directory
        self._version: str | None = None
        self._locks = {name: threading.Lock() for name in self.texts}
        self._done: dict[str, tuple[str, str] | None] = {}   # library -> its compile's answer (None: compiled)

    def closure(self, names) -> list[str]:
        """The libraries ``names`` and every library they load, directly or through another (sorted)."""
        found: set[str] = set()
        todo = list(names)
        while todo:
            name = todo.pop()
            if name not in found:
                found.add(name)
                todo += required_libraries(self.texts.get(name, ""))
        return sorted(found)

    def loads(self, name: str) -> list[str]:
        """The libraries the library ``name`` loads, directly or through another."""
        return [other for other in self.closure(required_libraries(self.texts[name])) if other != name]

    def key(self, names: list[str]) -> tuple[tuple[str, str], ...]:
        """What an instance's answer depends on besides its own text: each library it loads."""
        return tuple((f"{LIBRARY_ROOT}.{name}", _sha256(self.texts.get(name, "").encode()))
                     for name in self.closure(names))

    def path(self, name: str) -> Path:
        """Where the library is compiled (bound to the logical name DivBridge), keyed on its text and on the
        text of the libraries it loads."""
        if self._version is None:
            self._version = coq_version()
        texts = [self.texts[name], *(self.texts[other] for other in self.loads(name))]
        key = _sha256("\n".join([self._version, *texts]).encode())
        return self.store / f"{name}-{key[:16]}"

    def write(self, name: str, directory: Path) -> None:
        """The library's text as ``directory/<name>.v`` (nothing for a library that does not exist)."""
        if name in self.texts:
            write_text_atomic(directory / f"{name}.v", self.texts[name])

    def compile(self, name: str, deadline: float, cancel: threading.Event | None) -> tuple[str, str] | None:
        """None once the library is compiled; else (verdict, message) saying why it is not."""
        if name not in self.texts:
            return "error", f"no library {LIBRARY_ROOT}.{name}"
        if name in self.closure(required_libraries(self.texts[name])):
            return "error", f"library {name} loads itself"
        for other in self.loads(name):
            failure = self.compile(other, deadline, cancel)
            if failure is not None:
                return failure
        with self._locks[name]:   # the other instances of the library wait for this compile
            if name in self._done:
                return self._done[name]
            forbidden = unproved_commands(self.texts[name])
            if forbidden:
                failure = ("error", f"refused: the library {name} uses {', '.join(forbidden)}")
            elif self._compiled(name):
                failure = None
            else:
                failure = self._compile(name, deadline, cancel)
            if failure is None or failure[0] not in ("skipped", "timeout"):
                self._done[name] = failure
            return failure

    def _compiled(self, name: str) -> bool:
        """Whether the cache holds this library compiled: its text, and the .vo its compile left."""
        directory = self.path(name)
        try:
            return ((directory / f"{name}.v").read_text() == self.texts[name]
                    and (directory / "vo.sha256").read_text() == _sha256((directory / f"{name}.vo").read_bytes()))
        except OSError:
            return False

    def _compile(self, name: str, deadline: float, cancel: threading.Event | None) -> tuple[str, str] | None:
        """coqc on the library in a directory of its own, moved into the cache once it checks."""
        self.store.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(prefix=f".{name}-", dir=self.store))
        try:
            self.write(name, work)
            failure = _coqc(work, f"{name}.v", [work, *map(self.path, self.loads(name))], deadline - time.monotonic(),
                            cancel)
            if failure is not None and failure[0] in ("unknown", "error"):
                return failure[0], f"library {name} does not check: {failure[1]}"
            if failure is not None:   # stopped or out of time
                return failure
            (work / "vo.sha256").write_text(_sha256((work / f"{name}.vo").read_bytes()))
            final = self.path(name)
            if not self._compiled(name):   # else another run stored it meanwhile
                shutil.rmtree(final, ignore_errors=True)   # a copy that failed its check
                try:
                    work.rename(final)
                except OSError:   # another run stores it now: checked below
                    pass
            if not self._compiled(name):
                return "error", f"library {name}: its compiled copy in {final} does not match its text"
            return None
        finally:
            shutil.rmtree(work, ignore_errors=True)


def coqc() -> str:
    """The system's coqc (never one first on PATH); ToolMissing when it is absent."""
    found = toolprobe.system_tool("coqc")
    if found is None:
        raise ToolMissing("coqc", INSTALL)
    return found


def coq_version() -> str:
    """coqc's version and Flocq's; ToolMissing when either is absent."""
    said = toolprobe.output((coqc(), "--version"))   # asked once per tool (`toolprobe`), as the next
    match = re.search(r"version (\S+)", said)
    where = toolprobe.output((coqc(), "-where")).strip()
    flocq = Path(where) / "user-contrib" / "Flocq"
    if not (flocq / "IEEE754" / "BinarySingleNaN.vo").exists():
        raise ToolMissing("Flocq (the Coq library)", INSTALL)
    version_file = flocq / "Version.v"
    found = _FLOCQ_VERSION.search(toolprobe.read_text(version_file)) if version_file.exists() else None
    return f"{match.group(1) if match else said.strip()} flocq {found.group('version') if found else 'unknown'}"


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def without_comments(text: str) -> str:
    """A Coq file without its comments: what a proof of it depends on (`FileBackend.question`)."""
    return _COMMENT.sub(" ", text)


def required_libraries(text: str) -> list[str]:
    """The libraries of generic theorems a Coq file loads (comments aside)."""
    found = (match.group(1).split() for match in _REQUIRES.finditer(_COMMENT.sub(" ", text)))
    return sorted({name for names in found for name in names})


def unproved_commands(text: str) -> list[str]:
    """The commands in a Coq file (comments aside) that assert without proof."""
    return sorted(set(_UNPROVED.findall(_COMMENT.sub(" ", text))))


def assumptions(output: str) -> list[str] | None:
    """Everything `Print Assumptions` listed, over all its outputs in the file (empty when
    each said closed), None when it printed nothing.  Fails closed: after an "Axioms:"
    header every unindented line (another header such as "Section Variables:" too) is
    taken for an assumption."""
    lines = output.splitlines()
    if not any(line.strip() in ("Axioms:", "Closed under the global context") for line in lines):
        return None
    names: list[str] = []
    listing = False
    for line in lines:
        if line.strip() == "Closed under the global context":
            listing = False
        elif line.strip() == "Axioms:":
            listing = True
        elif listing and line and not line[0].isspace():     # a continuation of a type is indented
            names.append(line.split(" :", 1)[0].strip())
    return names


def _coqc(work: Path, source: str, libraries: list[Path], limit: float,
          cancel: threading.Event | None, output: list[str] | None = None) -> tuple[str, str] | None:
    """Compile ``work/source`` with the given library directories bound to DivBridge; None when it
    compiled (its standard output appended to ``output``), else (verdict, message)."""
    if limit <= 0:
        return "timeout", "no time left"
    load_path = [argument for directory in libraries for argument in ("-Q", str(directory), LIBRARY_ROOT)]
    process = subprocess.Popen([coqc(), "-q", *load_path, source], cwd=work,
                               stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=True)
    stdout, stderr, outcome = communicate(process, None, limit, cancel)
    if outcome == "cancelled":
        return "skipped", "stopped: another prover answered first"
    if outcome == "timeout":
        return "timeout", "out of time"
    if process.returncode != 0:
        words = " ".join((stderr + stdout).split())
        verdict = "error" if "Cannot find a physical path" in words or "Syntax error" in words else "unknown"
        return verdict, words[:300] or f"coqc exit {process.returncode}"
    compiled = (work / source).with_suffix(".vo")
    try:
        with open(compiled, "rb") as handle:
            genuine = handle.read(len(VO_MAGIC)) == VO_MAGIC
    except OSError:
        genuine = False
    if not genuine:   # the proof is the compiled file; a success printed without it is not one
        return "error", f"coqc exited 0 but left no compiled {compiled.name}: not believed"
    if output is not None:
        output.append(stdout)
    return None


def together(texts: list[str]) -> str | None:
    """One file checking every file of ``texts`` (instances loading the same libraries): each in a module of
    its own, its Print Assumptions left out, and one Print Assumptions over all their theorems at the end,
    which lists what any of them rests on.  None when a file names no theorem to print the assumptions of."""
    modules, theorems = [], []
    for number, text in enumerate(texts):
        names = _PRINT_ASSUMPTIONS.findall(_COMMENT.sub(" ", text))
        if not names:
            return None
        module = f"Instance{number}"
        body = _PRINT_ASSUMPTIONS.sub("", text)
        modules.append(f"Module {module}.\n{body}\nEnd {module}.\n")
        theorems += [f"{module}.{name}" for name in names]
    return "".join(modules) + f"Definition all_instances := ({', '.join(theorems)}).\nPrint Assumptions all_instances.\n"


def _check_together(texts: list[str], timeout: float, cancel: threading.Event | None,
                    libraries: Libraries) -> float | None:
    """The seconds one coqc took to check every file of ``texts`` (loading the same libraries) on the standard
    axioms alone (`together`); None when it did not."""
    batch = together(texts)
    if batch is None or any(unproved_commands(text) for text in texts):
        return None
    started = time.monotonic()
    failure, used = _compile(batch, started + timeout, cancel, libraries)
    if failure is not None or used is None or any(name not in STANDARD_AXIOMS for name in used):
        return None
    return round(time.monotonic() - started, 3)


def prove(text: str, timeout: float, cancel: threading.Event | None = None,
          libraries: Libraries | None = None) -> Attempt:
    """Compile one Coq file (and, once, the libraries it loads); proved only if it checks and rests
    on the standard axioms alone.  Its time includes any library compile it did or waited for."""
    forbidden = unproved_commands(text)
    if forbidden:
        return Attempt("coq", "error", 0.0, message=f"refused: the file uses {', '.join(forbidden)}")
    started = time.monotonic()
    failure, used = _compile(text, started + timeout, cancel, libraries or Libraries())
    elapsed = round(time.monotonic() - started, 3)
    if failure is not None:
        verdict, message = failure
        return Attempt("coq", verdict, elapsed, message=f"no answer in {timeout:g} s" if verdict == "timeout" else message)
    if used is None:
        return Attempt("coq", "error", elapsed, message="no Print Assumptions output: nothing shows what the proof rests on")
    extra = [name for name in used if name not in STANDARD_AXIOMS]
    if extra:
        return Attempt("coq", "error", elapsed, message=f"refused: the proof rests on {', '.join(extra)}")
    return Attempt("coq", "proved", elapsed)


def _compile(text: str, deadline: float, cancel: threading.Event | None,
             libraries: Libraries) -> tuple[tuple[str, str] | None, list[str] | None]:
    """coqc on ``text``, after the libraries it loads: (verdict, message) when it does not compile, else None
    and what its Print Assumptions listed (`assumptions`)."""
    names = libraries.closure(required_libraries(text))
    failure = None
    for name in names:
        failure = failure or libraries.compile(name, deadline, cancel)
    if failure is not None:
        return failure, None
    stdout: list[str] = []
    with tempfile.TemporaryDirectory(prefix="divbridge-coq-") as work:
        (Path(work) / "obligation.v").write_text(text)
        failure = _coqc(Path(work), "obligation.v", [libraries.path(name) for name in names],
                        deadline - time.monotonic(), cancel, stdout)
    return failure, assumptions(stdout[0]) if failure is None else None

"""Why3 sessions of the generated theories: ``proofs/why3/<theory>/why3session.xml`` and ``why3shapes``.

A complete `divbridge prove` writes, beside each theory file ``X.mlw`` with goals, a
session directory ``X/`` in Why3 1.5's own format (``why3session.dtd``, shape
version 6) recording, for every goal the run proved through Why3, the prover
inside Why3 that proved it (Z3, Z3 on abstract floats or on the goal's bits, Gappa or CVC4), its version
and limits; and the lemmas a goal rests on, proved by Z3 on abstract floats whenever that goal is proved
(`recorded_proofs`).
A goal the run did not prove (a timeout, an unknown, a probe refuted as
expected, a program VC (``NAME'vc``) that no obligation asks for) is in
the session without a proof: a session never claims what was not proved.

Byte-stable from run to run: no times taken (``<result status="valid"/>``: Why3
reads a missing time as 0), no dates, no absolute paths (the theory is
``../X.mlw``), goals in Why3's own order.  The goal tree and the shapes are
Why3's: `why3 replay -f` on a session that names only the file (no proof, so no
prover runs) makes Why3 list the goals and compute their shapes; the shapes
are kept uncompressed (``why3shapes``, which Why3 reads as well as
``why3shapes.gz``) since gzip's bytes are not stable.  With the shapes a goal
whose statement was edited makes the session obsolete, which `replay_session`
counts as a failure even when the edited goal still holds.

`replay_session` is `make why3-replay` (``python -m divbridge.provers.why3session``):
plain ``why3 replay`` with the machine's configuration (`why3.machine_config`),
on a scratch copy of the theory and its session so that Why3 (which saves an
obsolete session) never rewrites the evidence.  `replay_recorded` is what
``divbridge prove --replay`` does for the Why3 attempts of results.json.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import math
import os
import re
import shutil
import sys
import tempfile
import xml.etree.ElementTree as ElementTree
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, TextIO

from divbridge import assets, cachedir, statements
from divbridge.atomicio import write_text_atomic
from divbridge.obligations.model import Obligation
from divbridge.provers.verdicts import Attempt, ObligationResult, is_why3
from divbridge.provers.why3 import (LIBRARY_FILES, MEMORY_MB, SOLVERS, machine_config, require_why3, run_why3,
                                    step_limit, version as why3_version)
from divbridge.provers.why3drivers import ABSTRACT

SESSION = "why3session.xml"
SHAPES = "why3shapes"
DEFAULT_DIRECTORY = Path("proofs/why3")
# Why3's goal tree of a theory file, [(module, [(goal, its attributes)])], with its shapes and shape version
Tree = tuple[list[tuple[str, list[tuple[str, dict[str, str]]]]], str, str]
_HEADER = ('<?xml version="1.0" encoding="UTF-8"?>\n'
           '<!DOCTYPE why3session PUBLIC "-//Why3//proof session v5//EN"\n'
           '"http://why3.lri.fr/why3session.dtd">\n')
_ATTEMPT_VERSION = re.compile(r"\((?P<solver>\w+) (?P<version>[^)]+)\)$")


@dataclass(frozen=True)
class Proof:
    """A goal proved through Why3: by which prover (Why3's shortcut: z3, cvc4) of which version."""

    solver: str
    version: str


@dataclass
class Replay:
    """What `why3 replay` said of one session."""

    theory: str
    ok: bool
    proved: int = 0
    goals: int = 0
    unproved: list[str] = field(default_factory=list)    # Module.goal, with no proof in the session
    failures: list[str] = field(default_factory=list)    # why3's words on each proof that did not replay
    obsolete: bool = False

    def summary(self) -> str:
        head = (f"{self.theory}: {self.proved} of {self.goals} goals proved, every proof replays" if self.ok
                else f"{self.theory}: FAILED: " + "; ".join(self.failures or ["why3 replay failed"]))
        return head + (f"; no proof in Why3: {', '.join(self.unproved)}" if self.unproved else "")


class SessionError(RuntimeError):
    """Why3 could not read a theory, or a result names a goal its theory does not have."""


# -- writing -------------------------------------------------------------------------------------------
def goal_of(artifact: str) -> tuple[str, str, str]:
    """(theory file stem, module, goal) of a Why3 artifact ``proofs/why3/X.mlw#Module.goal``
    (``#Module.Generic.goal`` for a cloned goal, whose session name is ``Generic.goal``)."""
    path, _, ref = artifact.partition("#")
    module, _, goal = ref.partition(".")
    return Path(path).stem, module, goal


def proof_of(attempts: Iterable[Attempt]) -> Proof | None:
    """The proof Why3 gave, if one of the attempts is a Why3 proof that names its prover's version."""
    for attempt in attempts:
        found = _ATTEMPT_VERSION.search(attempt.version)
        if is_why3(attempt.prover) and attempt.verdict == "proved" and found is not None:
            solver = attempt.prover.partition("+")[2]
            if solver in SOLVERS and found.group("solver") == solver:
                return Proof(solver, found.group("version"))
    return None


def recorded_proofs(results: Iterable[ObligationResult]) -> dict[str, dict[tuple[str, str], Proof | None]]:
    """Theory file stem -> (module, goal) -> its Why3 proof (None: not proved), for every result with a Why3 goal."""
    theories: dict[str, dict[tuple[str, str], Proof | None]] = {}
    for result in results:
        artifact = result.artifacts.get("why3")
        if artifact:
            stem, module, goal = goal_of(artifact)
            proof = theories.setdefault(stem, {})[module, goal] = proof_of(result.outcome.attempts)
            # a goal that rests on lemmas counts as proved only when Z3 on abstract floats proved each of them
            # in the same run (`why3.Why3Backend.run_task`): its proof records them, with Z3's version
            for name, _ in statements.of(result.obligation).why3_lemmas(result.obligation):
                theories[stem][module, name] = Proof(ABSTRACT.shortcut, proof.version) if proof else None
    return theories


def theory_files(results: Iterable[ObligationResult],
                 directory: Path) -> dict[Path, dict[tuple[str, str], Proof | None]]:
    """The theory files of ``directory`` that have goals in ``results`` (those that get a session), each with
    its goals' Why3 proofs (`recorded_proofs`)."""
    return {directory / f"{stem}.mlw": proofs for stem, proofs in sorted(recorded_proofs(results).items())}


class Skeletons:
    """The goal trees of theory files (`skeleton`), computed in the background from the moment it is made (a
    why3 each in a cold run): `divbridge prove` starts them as soon as its provers are done, so that they run
    beside the cross-check instead of after it."""

    def __init__(self, theories: Iterable[Path], library: Path = assets.WHY3_LIBRARY) -> None:
        pool = ThreadPoolExecutor(max_workers=os.cpu_count() or 1)
        self._trees = {theory: pool.submit(skeleton, theory, library) for theory in theories}
        pool.shutdown(wait=False)

    def of(self, theory: Path) -> Tree:
        """A theory file's skeleton, once computed (or its error)."""
        return self._trees[theory].result()


def write_sessions(results: Iterable[ObligationResult], directory: Path, time_limit: float,
                   memory_mb: int = MEMORY_MB, library: Path = assets.WHY3_LIBRARY,
                   skeletons: Skeletons | None = None) -> list[Path]:
    """A session beside each theory file of ``directory`` that has goals in ``results`` (``skeletons``: their
    goal trees, if already started); a session directory whose theory is no longer there is removed.  Returns
    the session directories written."""
    theories = theory_files(results, directory)
    skeletons = skeletons or Skeletons(theories, library)
    written = [write_session(file, proofs, time_limit, memory_mb, skeletons.of(file))
               for file, proofs in theories.items()]
    for stale in sorted(directory.glob(f"*/{SESSION}")):
        if directory / f"{stale.parent.name}.mlw" not in theories:
            shutil.rmtree(stale.parent)
    return written


def write_session(theory: Path, proofs: dict[tuple[str, str], Proof | None], time_limit: float,
                  memory_mb: int, tree: Tree) -> Path:
    """``theory``'s session directory (``X.mlw`` -> ``X/``), its proofs those of ``proofs``, its goals those of
    its skeleton (``tree``)."""
    modules, shapes, shape_version = tree
    known = {(module, goal) for module, goals in modules for goal, _ in goals}
    strange = sorted(f"{m}.{g}" for (m, g), proof in proofs.items() if proof is not None and (m, g) not in known)
    if strange:
        raise SessionError(f"{theory}: Why3 finds no goal {', '.join(strange)}")
    session = theory.with_suffix("")
    write_text_atomic(session / SESSION, render(theory.name, modules, proofs, shape_version,
                                                math.ceil(time_limit), memory_mb))
    write_text_atomic(session / SHAPES, shapes)
    (session / f"{SHAPES}.gz").unlink(missing_ok=True)
    return session


def skeleton(theory: Path, library: Path = assets.WHY3_LIBRARY
             ) -> Tree:
    """Why3's goal tree of a theory file ([(module, [(goal, attributes)])]), its shapes and shape
    version: `why3 replay -f` on a session naming only the file, in scratch; kept in the cache under the
    digest of every text it depends on (a warm run starts no Why3)."""
    texts = [theory.read_text(), *(path.read_text() for path in sorted(theory.parent.glob("*.mlw"))
                                   if path != theory and path.stem in theory.read_text()),
             *((library / name).read_text() for name in LIBRARY_FILES), why3_version()]
    stored = _stored(hashlib.sha256("\0".join(texts).encode()).hexdigest())
    if stored is not None and stored.exists():
        try:
            modules, shapes, version = json.loads(stored.read_text())
            return [(m, [(g, a) for g, a in goals]) for m, goals in modules], shapes, version
        except (OSError, ValueError):
            pass   # a damaged entry: computed again, and stored over
    found = _skeleton(theory, library)
    if stored is not None:
        write_text_atomic(stored, json.dumps(found))
    return found


def _stored(digest: str) -> Path | None:
    root = cachedir.root()
    return None if root is None else root / "why3" / "skeletons" / f"{digest}.json"


def _skeleton(theory: Path, library: Path) -> Tree:
    with tempfile.TemporaryDirectory(prefix="divbridge-session-") as scratch:
        session = _scratch_copy(theory, None, Path(scratch))
        write_text_atomic(session / SESSION, _HEADER + '<why3session shape_version="6">\n<file format="whyml">\n'
                          f'<path name=".."/><path name="{_escape(theory.name)}"/>\n</file>\n</why3session>\n')
        output = _why3_replay(session, theory.parent, library, force=True)
        try:
            root = ElementTree.parse(session / SESSION).getroot()
            shapes = gzip.decompress((session / f"{SHAPES}.gz").read_bytes()).decode()
        except (OSError, ElementTree.ParseError) as exc:
            raise SessionError(f"{theory}: Why3 wrote no session ({exc}):\n{output.strip()[-2000:]}") from exc
    modules = [(module.get("name", ""), [(goal.get("name", ""), dict(goal.attrib)) for goal in module.iter("goal")])
               for module in root.iter("theory")]
    if not any(goals for _, goals in modules):
        raise SessionError(f"{theory}: Why3 finds no goal in it:\n{output.strip()[-2000:]}")
    return modules, shapes, root.get("shape_version", "6")


def render(file_name: str, modules: list[tuple[str, list[tuple[str, dict[str, str]]]]],
           proofs: dict[tuple[str, str], Proof | None], shape_version: str, time_limit: int,
           memory_mb: int) -> str:
    """The session XML, in the layout Why3 1.5 itself writes."""
    used = sorted({(proof.solver, proof.version) for proof in proofs.values() if proof is not None},
                  key=lambda used: (list(SOLVERS).index(used[0]), used[1]))
    ids = {prover: str(number) for number, prover in enumerate(used)}
    lines = [f'<why3session shape_version="{_escape(shape_version)}">']
    lines += [f'<prover id="{ids[solver, version]}" name="{SOLVERS[solver]}" version="{_escape(version)}" '
              f'timelimit="{time_limit}" steplimit="{step_limit(solver) or 0}" memlimit="{memory_mb}"/>'
              for solver, version in used]
    body = []
    every = True
    for module, goals in modules:
        proved = [proofs.get((module, goal)) for goal, _ in goals]
        complete = all(proved)
        every = every and complete
        body.append(f'<theory name="{_escape(module)}"{_proved(complete)}>')
        for (goal, attributes), proof in zip(goals, proved):
            extra = "".join(f' {key}="{_escape(value)}"' for key, value in attributes.items()
                            if key not in ("name", "proved"))
            body.append(f' <goal name="{_escape(goal)}"{extra}{_proved(proof is not None)}>')
            if proof is not None:
                body.append(f' <proof prover="{ids[proof.solver, proof.version]}"><result status="valid"/></proof>')
            body.append(" </goal>")
        body.append("</theory>")
    lines += [f'<file format="whyml"{_proved(every)}>', f'<path name=".."/><path name="{_escape(file_name)}"/>',
              *body, "</file>", "</why3session>"]
    return _HEADER + "\n".join(lines) + "\n"


def _proved(proved: bool) -> str:
    return ' proved="true"' if proved else ""


def _escape(text: str) -> str:
    """XML attribute text as Why3 writes it (``'`` as ``&#39;``)."""
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
            .replace("'", "&#39;"))


# -- reading and replaying ---------------------------------------------------------------------------------
def session_proofs(session: Path) -> dict[str, tuple[str, str]]:
    """``Module.goal`` -> (prover name, version) of every proof a session records."""
    root = ElementTree.parse(session / SESSION).getroot()
    provers = {p.get("id"): (p.get("name", ""), p.get("version", "")) for p in root.iter("prover")}
    return {f"{module.get('name')}.{goal.get('name')}": provers.get(proof.get("prover"), ("?", "?"))
            for module in root.iter("theory") for goal in module.iter("goal") for proof in goal.iter("proof")
            if proof.find("result") is not None and proof.find("result").get("status") == "valid"}


def sessions(directory: Path) -> list[Path]:
    """The session directories under ``directory`` (each beside its theory file)."""
    return sorted(path.parent for path in directory.glob(f"*/{SESSION}"))


def replay_session(session: Path, library: Path = assets.WHY3_LIBRARY) -> Replay:
    """Plain `why3 replay` of one session on a scratch copy of it and its theory: OK only when every
    proof replays, nothing was merged (a goal added, removed or renamed) and no goal's statement changed
    (an obsolete session)."""
    theory = session.parent / f"{session.name}.mlw"
    if not theory.is_file():
        return Replay(session.name, False, failures=[f"no theory file {theory.name} beside the session"])
    with tempfile.TemporaryDirectory(prefix="divbridge-replay-") as scratch:
        copy = _scratch_copy(theory, session, Path(scratch))
        output, code = _why3_replay(copy, theory.parent, library, force=False, with_code=True)
    return parse_replay(session.name, output, code)


_TALLY = re.compile(r"^\s*(?P<proved>\d+)/(?P<goals>\d+) \((?P<status>replay[^)]*)\)", re.MULTILINE)
_TREE = re.compile(r"^\s*\+--(?P<kind>theory|goal) (?P<name>\S+?)(?::| not proved)", re.MULTILINE)
_FAILED = re.compile(r"^\s*goal '(?P<goal>[^']+)', prover '(?P<prover>[^']+)': (?P<detail>.*)$", re.MULTILINE)


def parse_replay(theory: str, output: str, code: int) -> Replay:
    """`why3 replay`'s answer on one session (its output, progress lines aside, and exit code)."""
    text = "\n".join(line.split("\r")[-1] for line in output.splitlines())
    tally = _TALLY.search(text)
    obsolete = "session is obsolete" in text
    module, unproved = "", []
    for found in _TREE.finditer(text):
        if found.group("kind") == "theory":
            module = found.group("name")
        else:
            unproved.append(f"{module}.{found.group('name')}")
    failures = [f"{m.group('goal')}: {m.group('prover')}: {m.group('detail').strip()}" for m in _FAILED.finditer(text)]
    if obsolete:
        failures.append("obsolete session: a goal differs from the one the session recorded (edited by hand?)")
    if "merge miss" in text or "detached" in text:
        failures.append("the theory's goals are not the session's (a goal added, removed or renamed)")
    ok = code == 0 and tally is not None and tally.group("status") == "replay OK" and not failures
    if not ok and not failures:
        last = [line.strip() for line in text.splitlines() if line.strip()]
        failures.append(f"why3 replay exited {code}" + (f": {last[-1]}" if last else ""))
    return Replay(theory, ok, int(tally.group("proved")) if tally else 0, int(tally.group("goals")) if tally else 0,
                  unproved, failures, obsolete)


def replay_all(directory: Path = DEFAULT_DIRECTORY, stream: TextIO | None = None,
               library: Path = assets.WHY3_LIBRARY) -> int:
    """`make why3-replay`: every session of ``directory`` replayed, one line each; 0 when all replay."""
    stream = stream or sys.stdout
    found = sessions(directory)
    if not found:
        print(f"why3-replay: no Why3 session under {directory}/ (a complete `divbridge prove` writes them)",
              file=stream)
        return 1
    replays = []
    for session in found:
        replays.append(replay_session(session, library))
        print(f"why3-replay: {replays[-1].summary()}", file=stream, flush=True)
    failed = [r.theory for r in replays if not r.ok]
    proved = sum(r.proved for r in replays)
    print(f"why3-replay: {len(replays) - len(failed)} of {len(replays)} sessions replay ({proved} proofs)"
          + (f"; FAILED: {', '.join(failed)}" if failed else ""), file=stream)
    return 1 if failed else 0


def replay_recorded(entries: list[tuple[Obligation, Attempt]], artifacts: dict[str, str], directory: Path,
                    versions: dict[str, str], library: Path = assets.WHY3_LIBRARY) -> list[tuple[str, str, str]]:
    """`prove --replay` for Why3's attempts: each recorded proof must be in its theory's session, with the
    same prover and version, and the session must replay.  Returns (obligation, prover, reason) failures."""
    failures = []
    replays: dict[str, Replay] = {}
    for obligation, attempt in entries:
        artifact = artifacts.get(obligation.id, "")
        if not artifact:
            failures.append((obligation.id, attempt.prover, "no Why3 goal recorded for it"))
            continue
        stem, module, goal = goal_of(artifact)
        session = directory / stem
        if not (session / SESSION).is_file():
            failures.append((obligation.id, attempt.prover, f"no Why3 session {session / SESSION}"))
            continue
        if stem not in replays:
            replays[stem] = replay_session(session, library)
        solver = attempt.prover.partition("+")[2]
        installed = f"{versions.get('why3', '?')} ({solver} {versions.get(f'why3/{solver}', 'missing')})"
        recorded_in_session = session_proofs(session).get(f"{module}.{goal}")
        reason = ""
        if attempt.verdict != "proved":
            reason = f"a Why3 session replays proofs only, recorded {attempt.verdict}"
        elif installed != attempt.version:
            reason = f"version {installed} installed, {attempt.version} recorded"
        elif recorded_in_session is None or recorded_in_session[0] != SOLVERS.get(solver):
            reason = f"the session records no proof of {module}.{goal} with {SOLVERS.get(solver, solver)}"
        elif not replays[stem].ok:
            mine = [f for f in replays[stem].failures if f.startswith(f"{goal}:")]
            reason = "; ".join(mine or replays[stem].failures)
        if reason:
            failures.append((obligation.id, attempt.prover, reason))
    return failures


def _scratch_copy(theory: Path, session: Path | None, scratch: Path) -> Path:
    """The theory (and its session, if any) copied into scratch; the copy's session directory."""
    shutil.copyfile(theory, scratch / theory.name)
    target = scratch / theory.stem
    if session is not None:
        shutil.copytree(session, target)
    else:
        target.mkdir()
    return target


def _why3_replay(session: Path, theories: Path, library: Path, force: bool, with_code: bool = False):
    """`why3 replay` of a session with the machine's configuration, the library and the theories'
    directory (the generic float module the formats clone) on the load path."""
    config, extra = machine_config(library)
    # the options follow the command: Why3 1.5 reads options given before it twice (see `why3._options`)
    command = [require_why3(), "replay", "-C", str(config), f"--extra-config={extra}", "-L", str(library),
               "-L", str(theories.absolute()), *(["-f"] if force else []), str(session)]
    output, code = run_why3(command, 600)
    return (output, code) if with_code else output


def main(argv: list[str] | None = None) -> int:
    """``python -m divbridge.provers.why3session [DIR]``: `replay_all` (`make why3-replay`)."""
    args = sys.argv[1:] if argv is None else argv
    return replay_all(Path(args[0]) if args else DEFAULT_DIRECTORY)


if __name__ == "__main__":
    sys.exit(main())

"""README.md and docs/: every command they show is run here, in a copy of the project, with the exit code and the
lines of output they show (tests/documented.py says how a command is shown); every Python example runs as a
doctest; every link lands; the README stays a five-minute read."""

from __future__ import annotations

import doctest
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import documented
from divbridge.cli import COMMANDS

ROOT = documented.ROOT
DOCS = ROOT / "docs"
# Commands shown but not run here, and why.
NOT_RUN = {
    "make test": "the test suite itself: it does not run itself (CI runs it, .ci/run)",
    "make test-slow": "the slow tests, of which this suite is one: it does not run itself",
}
# Commands that take minutes (a cold proof run of every document, the replay of all the evidence, the peers, a
# benchmark): `make test-slow` runs them; a fast command never depends on what a slow one writes.
SLOW = ("make prove", "make replay", "make why3-replay", "make crosscheck", "make bench")
# A document another helper's generator writes (r8-grammar: the reference of what the reader accepts).
WRITTEN_ELSEWHERE = {"docs/reading-reference.md"}
needs_provers = pytest.mark.skipif(
    not all(shutil.which(tool) for tool in ("why3", "z3", "cvc4", "gappa", "coqc")),
    reason="the documented commands run the provers (scripts/setup.sh prove installs them)")


def _shown() -> list[documented.Shown]:
    return [shown for document in documented.DOCUMENTS for shown in documented.commands(document)]


def test_the_readme_is_read_in_five_minutes():
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) < 200
    assert max(map(len, lines)) <= 400   # no paragraph written as one endless line


def test_every_command_written_inline_is_one_that_runs():
    """An inline `divbridge ...` or `make ...` is either a command's name (`divbridge prove`, a Makefile target's
    `make prove`) whose full lines are shown and run elsewhere, or exactly a command a console block runs."""
    run = {shown.command for shown in _shown()} | set(NOT_RUN)
    targets = _make_targets()
    wrong = []
    for document in documented.DOCUMENTS:
        for line, text in documented.inline_commands(document):
            words = text.split()
            named = words == ["divbridge"] or (words[0] == "divbridge" and len(words) == 2 and words[1] in COMMANDS)
            if not named and text not in run:
                wrong.append(f"{document.relative_to(ROOT)}:{line}: `{text}` is not a command any console block runs")
            if words[0] == "make" and (len(words) < 2 or words[1] not in targets):
                wrong.append(f"{document.relative_to(ROOT)}:{line}: `{text}`: no such Makefile target")
    assert wrong == []


def test_every_make_target_the_docs_name_exists_and_every_target_is_documented():
    targets = _make_targets()
    guide = (DOCS / "user-guide.md").read_text(encoding="utf-8")
    section = guide[guide.index("## Make targets"):]
    section = section[:section.index("\n## ", 1)]
    listed = set(re.findall(r"^\| `?([a-z0-9-]+)`? \|", section, re.M)) - {"target"}
    assert listed == targets


def _make_targets() -> set[str]:
    phony = re.search(r"^\.PHONY:(.*)$", (ROOT / "Makefile").read_text(), re.M)
    return set(phony.group(1).split())


@pytest.mark.parametrize("document", documented.DOCUMENTS, ids=lambda path: path.name)
def test_every_link_lands(document):
    missing = []
    for line, target in documented.links(document):
        path = (document.parent / target.split("#")[0]).resolve()
        if str(path.relative_to(ROOT)) in WRITTEN_ELSEWHERE:
            continue
        if not path.exists():
            missing.append(f"{document.relative_to(ROOT)}:{line}: {target}")
    assert missing == []


def test_the_docs_index_links_every_document():
    index = (DOCS / "index.md").read_text(encoding="utf-8")
    linked = {target.split("#")[0] for _, target in documented.links(DOCS / "index.md")}
    assert {path.name for path in DOCS.glob("*.md")} - {"index.md"} <= linked, index


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    """A copy of the project, a git work tree (`make audit` compares it with its commit), with its own venv."""
    root, env = documented.scratch_project(tmp_path_factory.mktemp("project"))
    git = {**env, "GIT_AUTHOR_NAME": "docs", "GIT_AUTHOR_EMAIL": "docs@example.org", "GIT_COMMITTER_NAME": "docs",
           "GIT_COMMITTER_EMAIL": "docs@example.org"}
    for command in (["git", "init", "-q"], ["git", "add", "-A"], ["git", "commit", "-qm", "the documented project"]):
        subprocess.run(command, cwd=root, env=git, check=True, capture_output=True)
    return root, env


def _check(shown: documented.Shown, root: Path, env: dict[str, str]) -> list[str]:
    done = documented.run(shown, root, env, timeout=3600)
    problems = []
    if done.returncode != shown.exit_code:
        problems.append(f"{shown}: exit {done.returncode}, the document says {shown.exit_code}")
    missing = documented.missing_lines(shown.output, done.stdout)
    if missing:
        problems.append(f"{shown}: not printed: {missing[0]!r}\n--- printed:\n{done.stdout[-3000:]}")
    return problems


def _is_slow(shown: documented.Shown) -> bool:
    return shown.command.startswith(SLOW)


def _run_document(document: Path, project, slow: bool) -> None:
    root, env = project
    problems = []
    for shown in documented.commands(document):
        if shown.command in NOT_RUN or _is_slow(shown) != slow:
            continue
        problems += _check(shown, root, env)
    assert problems == []


@needs_provers
@pytest.mark.parametrize("document", documented.DOCUMENTS, ids=lambda path: path.name)
def test_the_commands_a_document_shows_print_what_it_shows(document, project):
    _run_document(document, project, slow=False)


@pytest.mark.slow
@needs_provers
@pytest.mark.parametrize("document", [d for d in documented.DOCUMENTS if any(map(_is_slow, documented.commands(d)))],
                         ids=lambda path: path.name)
def test_the_slow_commands_a_document_shows_print_what_it_shows(document, project):
    _run_document(document, project, slow=True)


@pytest.mark.parametrize("document", [d for d in documented.DOCUMENTS if documented.python_examples(d)],
                         ids=lambda path: path.name)
def test_the_python_examples_run(document, project, tmp_path):
    """The ``>>>`` examples of its ``python`` blocks, as doctests, in the copy of the project (what they write
    stays there)."""
    root, env = project
    examples = tmp_path / f"{document.stem}.txt"
    examples.write_text(documented.python_examples(document), encoding="utf-8")
    assert doctest.DocTestParser().get_examples(examples.read_text(encoding="utf-8")), "no example found"
    done = subprocess.run([str(root / ".venv" / "bin" / "python"), "-m", "doctest", "-o", "NORMALIZE_WHITESPACE",
                           str(examples)], cwd=root, env=env, capture_output=True, text=True, timeout=1800)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]


def test_no_command_is_shown_outside_a_console_block():
    """A command in another fenced block would be shown and never run."""
    found = [f"{document.relative_to(ROOT)}:{line}" for document in documented.DOCUMENTS
             for line in documented.other_fences_with_commands(document)]
    assert found == []

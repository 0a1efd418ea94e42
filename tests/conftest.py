import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT.parent / "shared" / "seeds"
# The seed documents live beside the checkout (../shared/seeds), not in it: a clone of this repository alone
# skips the tests that read them, and runs the rest on the documents under tests/.
# the project's own Div document, as its tests name it (relative to the project: `in_the_project`)
DIV_MD = Path("proofs/spec/div.md")
NO_SEEDS = f"the seed documents are not at {SEEDS} (a clone without ../shared)"
needs_seeds = pytest.mark.skipif(not SEEDS.is_dir(), reason=NO_SEEDS)
needs_coq = pytest.mark.skipif(shutil.which("coqc") is None, reason="coqc is not installed (apt-get install coq libcoq-flocq)")


def sampled(params: list, every: int) -> list:
    """A large corpus's cases (``pytest.param``s): `make test` runs every ``every``-th of them, the same ones each
    run and spread over the corpus's kinds; the others are slow tests (`make test-slow` runs the whole corpus)."""
    return [param if number % every == 0 else pytest.param(*param.values, marks=(*param.marks, pytest.mark.slow),
                                                           id=param.id)
            for number, param in enumerate(params)]


def skip_without_cgroups() -> None:
    """Skip the test unless divbridge can make the cgroup that bounds code under test here."""
    from divbridge.conform import sandbox
    probe = sandbox.Cgroup(1 << 30)
    if not probe.paths:
        pytest.skip("the cgroup tree is not writable here")
    probe.remove()


@pytest.fixture
def seeds_dir() -> Path:
    if not SEEDS.is_dir():
        pytest.skip(NO_SEEDS)
    return SEEDS


@pytest.fixture
def own_cache(tmp_path, monkeypatch):
    """A test's own claim and proof cache (a module's tests that must not see each other's answers)."""
    monkeypatch.setenv("DIVBRIDGE_CACHE", str(tmp_path / "cache"))


@pytest.fixture(scope="module", autouse=True)
def private_cache(tmp_path_factory):
    """Each test module reads and writes its own claim cache, never the project's."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("DIVBRIDGE_CACHE", str(tmp_path_factory.mktemp("cache")))
        yield


@pytest.fixture(scope="session", autouse=True)
def in_the_project():
    """Defaults such as proofs/spec/div.md are relative to the working directory, as for a user in the project."""
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(ROOT)
        yield


def assert_found_at_their_lines(findings: list[dict], expected: list[tuple[int, str, str]]) -> None:
    """Each expected (line, kind, a word of the message) is among ``findings``, and no other line has an incorrect
    or incomplete finding (a test document's planted defects, nothing else)."""
    for line, kind, said in expected:
        assert [f for f in findings if f["line"] == line and f["kind"] == kind and said in f["message"]], (line, findings)
    lines = {line for line, kind, _ in expected if kind in ("incorrect", "incomplete")}
    assert {f["line"] for f in findings if f["kind"] in ("incorrect", "incomplete")} == lines

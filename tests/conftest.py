from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT.parent / "shared" / "seeds"


@pytest.fixture
def seeds_dir() -> Path:
    assert SEEDS.is_dir(), f"the seed documents are expected at {SEEDS}"
    return SEEDS


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

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT.parent / "shared" / "seeds"


@pytest.fixture
def seeds_dir() -> Path:
    assert SEEDS.is_dir(), f"the seed documents are expected at {SEEDS}"
    return SEEDS

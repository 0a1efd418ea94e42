"""The solver pins of pyproject.toml and the constraints file setup.sh installs with agree."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _constraints() -> dict[str, str]:
    pins = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, version = line.split("==")
            pins[name.strip().lower().replace("_", "-")] = version.strip()
    return pins


def test_solvers_are_pinned_exactly_and_every_dependency_is_constrained():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    requirements = project["dependencies"] + project["optional-dependencies"]["test"]
    constraints = _constraints()
    for requirement in requirements:
        name = re.match(r"[A-Za-z0-9_.-]+", requirement).group(0).lower().replace("_", "-")
        assert name in constraints, f"{name} has no exact version in constraints.txt"
        if name in ("z3-solver", "cvc5", "bitwuzla"):
            assert requirement == f"{name}=={constraints[name]}", f"{requirement} is not pinned as constraints.txt says"


def test_setup_installs_with_the_constraints():
    assert "-c constraints.txt" in (ROOT / "scripts" / "setup.sh").read_text()

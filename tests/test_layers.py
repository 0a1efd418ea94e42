"""The import contracts of pyproject.toml ([tool.importlinter]): layers only call downward, and no modules
import each other in a circle."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parents[1]
LINT = Path(sys.executable).with_name("lint-imports")


def test_the_import_contracts_hold():
    run = subprocess.run([str(LINT), "--config", str(ROOT / "pyproject.toml"), "--no-cache"], cwd=ROOT,
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "0 broken" in run.stdout


def test_a_forbidden_import_breaks_the_contract(tmp_path):
    """The contract is live: in a copy of the package, a reading module importing the provers fails it."""
    shutil.copytree(ROOT / "src" / "divbridge", tmp_path / "divbridge", symlinks=True,
                    ignore=shutil.ignore_patterns("__pycache__"))
    (tmp_path / "divbridge" / "document" / "_layers_probe.py").write_text("import divbridge.provers.runner\n")
    run = subprocess.run([str(LINT), "--config", str(ROOT / "pyproject.toml"), "--no-cache"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=300, env={**os.environ, "PYTHONPATH": str(tmp_path)})
    assert run.returncode != 0 and "divbridge.document._layers_probe -> divbridge.provers.runner" in run.stdout


def _circles(graph) -> list[set[str]]:
    """The strongly connected groups of more than one module (Tarjan): each holds a circle of imports."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for imported in graph.find_modules_directly_imported_by(module):
            if imported not in index:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in stack:
                low[module] = min(low[module], index[imported])
        if low[module] == index[module]:
            group = set()
            while True:
                member = stack.pop()
                group.add(member)
                if member == module:
                    break
            if len(group) > 1:
                found.append(group)

    for module in sorted(graph.modules):
        if module not in index:
            visit(module)
    return found


def test_no_modules_import_each_other_in_a_circle():
    graph = grimp.build_graph("divbridge", include_external_packages=False)
    assert len(graph.modules) > 100 and _circles(graph) == []
    graph.add_import(importer="divbridge.formats", imported="divbridge.conform.child")   # a circle, to see it found
    assert any({"divbridge.formats", "divbridge.conform.child"} <= group for group in _circles(graph))

"""The import contracts of pyproject.toml ([tool.importlinter]): layers only call downward."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

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

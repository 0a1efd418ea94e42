"""A non-editable install works away from the checkout: the templates and the Why3 library travel
as package data, and the proof run, check-spec and the reports find them from any directory."""

import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

needs_provers = pytest.mark.skipif(not (shutil.which("why3") and shutil.which("z3") and shutil.which("gappa")),
                                   reason="why3, z3 and gappa are the provers of this run (apt-get install why3 z3 gappa)")


def _run(command, cwd, env=None, timeout=300):
    run = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    assert run.returncode == 0, f"{command[:3]} exited {run.returncode}:\n{run.stdout[-2000:]}\n{run.stderr[-2000:]}"
    return run


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """A wheel of the checkout's files (tracked, or new and not ignored) installed into a fresh virtual environment; the dependencies
    come from the project's environment (added to its path), divbridge itself only from the wheel."""
    tmp = tmp_path_factory.mktemp("install")
    source = tmp / "source"
    files = _run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], ROOT).stdout.split("\0")
    for name in filter(None, files):
        if name.startswith("proofs/") or not (ROOT / name).exists() and not (ROOT / name).is_symlink():
            continue
        target = source / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if (ROOT / name).is_symlink():
            target.symlink_to(os.readlink(ROOT / name))
        else:
            shutil.copy2(ROOT / name, target)
    _run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", str(tmp / "dist"),
          str(source)], tmp)
    venv = tmp / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", str(venv)], tmp)
    python = venv / "bin" / "python"
    _run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps", "--no-index",
          *map(str, (tmp / "dist").glob("divbridge-*.whl"))], tmp)
    site = _run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], tmp).stdout.strip()
    # a .pth line adds the directory, but the .pth files inside it (the editable install) are not run
    (Path(site) / "dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    env = {**os.environ, "PATH": f"{venv / 'bin'}:{os.environ['PATH']}", "DIVBRIDGE_CACHE": str(tmp / "cache")}
    return venv, env, tmp


def test_the_installed_package_is_the_wheel_not_the_checkout(installed):
    venv, env, tmp = installed
    where = _run([str(venv / "bin" / "python"), "-c", "import divbridge.assets as a; print(a.PACKAGE); "
                  "print(sorted(p.name for p in a.TEMPLATES.iterdir()))"], tmp, env).stdout.splitlines()
    assert Path(where[0]).resolve().is_relative_to(venv.resolve())
    assert where[1] == "['coq', 'gappa', 'report', 'smtlib', 'why3']"


@needs_provers
def test_prove_check_spec_and_report_run_from_another_directory(installed):
    venv, env, tmp = installed
    work = tmp / "elsewhere"
    (work / "some" / "dir").mkdir(parents=True)
    shutil.copy(ROOT / "proofs" / "spec" / "div.md", work / "some" / "dir" / "div.md")
    divbridge = str(venv / "bin" / "divbridge")
    # Why3 goals on the library's Float16 clone, SMT-LIB files and the Gappa accuracy bounds
    only = ("real.generic.*", "float.fp16.special.*", "float.fp16.accuracy.*", "float.fp16.generic.div_by_one")
    _run([divbridge, "prove", "--spec", "some/dir/div.md", *(f"--only={o}" for o in only),
          "--provers=why3,z3,gappa", "--out", "out"], work, env, timeout=600)
    results = json.loads((work / "out" / "results.json").read_text())
    assert results["document"]["path"] == "some/dir/div.md"
    assert [o["status"] for o in results["obligations"]] == ["as expected"] * len(results["obligations"])
    # Gappa's proofs, each checked by Coq from its certificate (the installed package's template)
    assert "gappa, gappa+coq" in {o["prover"] for o in results["obligations"]}
    assert list((work / "out" / "gappa").glob("*.v"))
    assert list((work / "out" / "why3").glob("*.mlw")) and list((work / "out" / "smt").glob("*.smt2"))

    _run([divbridge, "check-spec", "some/dir/div.md"], work, env)
    _run([divbridge, "report", "--results", "out/results.json", "--out", "reports"], work, env)
    assert "some/dir/div.md line" in (work / "reports" / "report.md").read_text()

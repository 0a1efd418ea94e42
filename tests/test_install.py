"""A wheel installed outside the checkout proves: every template and library file travels in it as package data,
and `read`, `check-spec`, `prove --spec` and `report` run from another directory on a document of their own."""

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import documented

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "divbridge"
# the package's data, where the wheel holds it (src/divbridge/templates and why3lib are links to these folders)
DATA = {"generators": "divbridge/templates", "why3": "divbridge/why3lib"}

needs_provers = pytest.mark.skipif(
    not all(shutil.which(tool) for tool in ("why3", "z3", "cvc4", "gappa", "coqc")),
    reason="why3, z3, cvc4, gappa and coqc are the provers of a whole run (scripts/setup.sh prove installs them)")

# A document of our own, small enough to prove whole with every prover (32 obligations, about 15 s cold): an
# FP32 section (IEEE 754 rules, a worked example; Coq's templates under coq/div/ and Why3's library on the way)
# and an INT8 one (truncation, both preconditions).
SMALL_DOCUMENT = r"""# `Div`: a small document

<a id="float"></a>
# `Div` operator (FP32)

### Requirements

- A quotient of two finite numbers is the exact quotient rounded to nearest, ties to even. `[E_DIV_FLOAT_DEF_0010]`
- A NaN operand makes the result NaN. `[E_DIV_FLOAT_DEF_0020]`
- Zero over zero is NaN, whatever the signs. `[E_DIV_FLOAT_DEF_0030]`

A worked example, exact in FP32:

```math
A = \begin{bmatrix} 3 & -1 \end{bmatrix}
```
```math
B = \begin{bmatrix} 4 & 2 \end{bmatrix}
```
```math
C = \begin{bmatrix} 0.75 & -0.5 \end{bmatrix}
```

<a id="int"></a>
# `Div` operator (INT8)

### Requirements

- The quotient is rounded toward zero, as ONNX rounds it. `[E_DIV_INT_DEF_0010]`
- No element of `B` is zero; this is a precondition. `[E_DIV_INT_CONSTR_B_0010]`
- No pair divides the smallest value of the type by $-1$, whose quotient does not fit; this is a precondition. `[E_DIV_INT_CONSTR_AB_0020]`

A worked example:

```math
A = \begin{bmatrix} 7 & -7 \end{bmatrix}
```
```math
B = \begin{bmatrix} 2 & 2 \end{bmatrix}
```
```math
C = \begin{bmatrix} 3 & -3 \end{bmatrix}
```
"""


def _run(command, cwd, env=None, timeout=600):
    run = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    assert run.returncode == 0, f"{command[:3]} exited {run.returncode}:\n{run.stdout[-2000:]}\n{run.stderr[-2000:]}"
    return run


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """A wheel of the checkout's files (tracked, or new and not ignored; the evidence under proofs/ left out)."""
    tmp = tmp_path_factory.mktemp("wheel")
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
    [built] = (tmp / "dist").glob("divbridge-*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory):
    """The wheel installed into a fresh virtual environment outside the checkout; the dependencies come from the
    project's environment (added to its path), divbridge itself only from the wheel."""
    tmp = tmp_path_factory.mktemp("install")
    venv = tmp / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", str(venv)], tmp)
    python = venv / "bin" / "python"
    _run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps", "--no-index",
          str(wheel)], tmp)
    site = _run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], tmp).stdout.strip()
    (Path(site) / "dependencies.pth").write_text(documented.dependency_path())
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}   # the checkout's src stays out
    env.update(PATH=f"{venv / 'bin'}:{os.environ['PATH']}", DIVBRIDGE_CACHE=str(tmp / "cache"))
    return venv, env, tmp


def test_the_wheel_holds_every_file_of_the_package_and_its_data(wheel):
    """Every file under generators/ and why3/ (any subfolder), and every module and data file of the package."""
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = {f"{DATA[folder]}/{path.relative_to(ROOT / folder)}"
                for folder in DATA for path in (ROOT / folder).rglob("*") if path.is_file()}
    expected |= {f"divbridge/{path.relative_to(PACKAGE)}" for path in PACKAGE.rglob("*")
                 if path.is_file() and "__pycache__" not in path.parts and path.parts[len(PACKAGE.parts)] not in
                 ("templates", "why3lib")}
    assert any("/coq/div/" in name for name in expected)   # the subfolders that were once left out
    assert sorted(expected - names) == []


def test_the_installed_package_is_the_wheel_not_the_checkout(installed):
    venv, env, tmp = installed
    where = _run([str(venv / "bin" / "python"), "-c", "import divbridge.assets as a; print(a.PACKAGE); "
                  "print(sorted(p.name for p in a.TEMPLATES.iterdir()))"], tmp, env).stdout.splitlines()
    assert Path(where[0]).resolve().is_relative_to(venv.resolve())
    assert where[1] == "['coq', 'gappa', 'report', 'smtlib', 'why3']"


@needs_provers
def test_read_check_spec_prove_and_report_run_from_another_directory(installed):
    venv, env, tmp = installed
    work = tmp / "elsewhere"
    (work / "some" / "dir").mkdir(parents=True)
    (work / "some" / "dir" / "small.md").write_text(SMALL_DOCUMENT)
    divbridge = str(venv / "bin" / "divbridge")

    read = _run([divbridge, "read", "some/dir/small.md"], work, env).stdout
    assert "some/dir/small.md: 10 parts read, 0 not understood" in read and "E_DIV_INT_CONSTR_AB_0020" in read
    assert "17 claims (17 holds); no findings" in _run([divbridge, "check-spec", "some/dir/small.md"], work, env).stdout

    # every obligation of the document, with every prover (Coq, Gappa and Why3 from the wheel's files)
    proved = _run([divbridge, "prove", "--spec", "some/dir/small.md", "--out", "out"], work, env).stdout
    assert "32 of 32 obligations as expected" in proved
    results = json.loads((work / "out" / "results.json").read_text())
    assert results["document"]["path"] == "some/dir/small.md"
    assert {o["status"] for o in results["obligations"]} == {"as expected"}
    assert {"coq", "bitwuzla"} <= {o["prover"] for o in results["obligations"]}
    assert list((work / "out" / "why3").glob("*.mlw")) and list((work / "out" / "coq").glob("*.v"))

    _run([divbridge, "report", "--results", "out/results.json", "--out", "reports"], work, env)
    assert "some/dir/small.md line" in (work / "reports" / "report.md").read_text()
    assert (work / "reports" / "index.html").is_file()

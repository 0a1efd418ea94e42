"""Every bad option and file is refused at the edge: exit 2, one line naming the file or the option, no
traceback and nothing written; and what a run writes keeps the committed evidence and the umask."""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

import processes
from divbridge import atomicio, operators
from divbridge.conform import peertable
from divbridge.cli import main
from divbridge.provers import why3

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "proofs" / "results.json"
UNWRITABLE = "/proc/1/divbridge"   # a directory no one may create files in, root included


@pytest.fixture
def results(tmp_path) -> Path:
    """A copy of the committed results with the evidence they stand on (`results.verify`), to spoil."""
    path = tmp_path / "proofs" / "results.json"
    shutil.copytree(RESULTS.parent, path.parent, ignore=shutil.ignore_patterns("spec", "add", "mul", "sub"))
    return path


def _spoil(path: Path, change) -> Path:
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))
    return path


def _one_line(capsys, *words: str) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    for word in words:
        assert word in err, err
    return err


@pytest.mark.parametrize("change,message", [
    (lambda d: d["obligations"][3].update(verdict=None), "obligations[3].verdict: null is not one of proved"),
    (lambda d: d["obligations"][3].update(verdict="banana"), 'obligations[3].verdict: "banana" is not one of'),
    (lambda d: d["obligations"][4].update(id=d["obligations"][3]["id"]), "obligations[4].id:"),
    (lambda d: d["obligations"][3].update(lines=["twelve"]), 'obligations[3].lines[0]: "twelve" is not an integer'),
    (lambda d: [d["obligations"][2].pop(k) for k in ("title", "verdict")], "obligations[2]: missing fields title, verdict"),
    (lambda d: d["obligations"][0]["attempts"][0].update(prover=7), "obligations[0].attempts[0].prover: 7 is not a string"),
])
@pytest.mark.parametrize("command", [["report", "--out", "{tmp}/reports"], ["prove", "--replay", "--out", "{dir}"],
                                     ["crosscheck", "--no-peers", "--results", "{results}"]])
def test_a_results_file_not_following_its_schema_is_one_line_naming_the_field(results, tmp_path, capsys, change,
                                                                             message, command):
    _spoil(results, change)
    args = [word.format(tmp=tmp_path, dir=results.parent, results=results) for word in command]
    if command[0] == "report":
        args += ["--results", str(results)]
    assert main(args) == 2
    _one_line(capsys, str(results), "not a valid results file", message)
    assert not (tmp_path / "reports").exists()


@pytest.mark.parametrize("content", [b"\x89PNG\r\n\x1a\n\x00\x00", "{\"schema_version\": 4, \"x\": \"\xe9\"}".encode("latin-1")])
@pytest.mark.parametrize("command", [["report", "--out", "{tmp}/reports", "--results", "{results}"],
                                     ["prove", "--replay", "--out", "{dir}"],
                                     ["crosscheck", "--no-peers", "--results", "{results}"]])
def test_a_binary_or_non_utf8_results_file_is_one_line(results, tmp_path, capsys, content, command):
    results.write_bytes(content)
    assert main([word.format(tmp=tmp_path, dir=results.parent, results=results) for word in command]) == 2
    _one_line(capsys, str(results), "not UTF-8 text")


@pytest.mark.parametrize("args,words", [
    (["prove", "--timeout", "nan"], ["--timeout", "finite"]),
    (["prove", "--timeout", "inf"], ["--timeout", "finite"]),
    (["prove", "--timeout", "0"], ["--timeout"]),
    (["prove", "--timeout", "-1"], ["--timeout"]),
    (["prove", "--grace", "nan"], ["--grace"]),
    (["prove", "--agree", "9"], ["--agree", "out of range"]),
    (["prove", "--agree", "3", "--provers", "z3,cvc5"], ["--agree 3: only 2 prover(s) chosen"]),
    (["prove", "--jobs", "0"], ["--jobs"]),
    (["prove", "--cache-dir", "{file}"], ["--cache-dir", "not a directory"]),
    (["prove", "--out", "{file}"], ["--out", "not a directory"]),
    (["prove", "--out", UNWRITABLE + "/out"], ["--out", "cannot write in /proc/1"]),
    (["prove", "--spec", "{tmp}/missing.md"], ["--spec", "no such file"]),
    (["conform", "--impl", "numpy", "--dtype", "fp32", "--seed", "-1"], ["--seed", "out of range"]),
    (["conform", "--impl", "numpy", "--dtype", "fp32", "--seed", "x"], ["--seed", "not an integer"]),
    (["conform", "--impl", "numpy", "--dtype", "fp16", "--sample", "0"], ["--sample"]),
    (["conform", "--impl", "numpy", "--dtype", "fp32", "--json", "{tmp}"], ["--json", "is a directory"]),
    (["conform", "--impl", "{c_binary}:div", "--dtype", "fp32"], ["does not compile"]),
    (["conform", "--impl", f"{ROOT}/tests/kernels/div_fp32.c:div_fp32", "--dtype", "fp32", "--cflags", "'unbalanced"],
     ["--cflags", "No closing quotation"]),
    (["check-spec", "proofs/spec/div.md", "--json", "{tmp}"], ["--json", "is a directory"]),
    (["check-spec", "proofs/spec/div.md", "--json", UNWRITABLE + "/f.json"], ["--json", "cannot write in /proc/1"]),
    (["check-spec", "{binary}"], ["not UTF-8 text"]),
    (["audit", "proofs/spec/div.md", "proofs/spec/div.md", "--json", "{tmp}"], ["--json", "is a directory"]),
    (["audit", "--git", "HEAD", "WORKTREE", "{tmp}/outside.md"], ["outside the git repository"]),
    (["crosscheck", "--json", "{tmp}"], ["--json", "is a directory"]),
    (["crosscheck", "--json", UNWRITABLE + "/f.json"], ["--json", "cannot write in /proc/1"]),
    (["crosscheck", "--random", "0"], ["--random"]),
    (["crosscheck", "--seed", "-1"], ["--seed"]),
    (["report", "--out", "{file}"], ["--out", "not a directory"]),
    (["eval", "fp(5,10000)", "1", "3", "--profile", "onnx"], ["fp(5,10000)", "at most 64 bits"]),
    (["eval", "fp(100000,3)", "1", "3"], ["fp(100000,3)"]),
    (["eval", "real", "1e999999999", "3"], ["exponent out of range"]),
])
def test_bad_options_and_files_are_one_line_exit_2(tmp_path, capsys, args, words):
    (tmp_path / "a_file").write_text("not a directory")
    (tmp_path / "binary.md").write_bytes(b"# Div\n\xff\xfe\x00 binary")
    (tmp_path / "binary.c").write_bytes(bytes(range(256)) * 4)
    (tmp_path / "outside.md").write_text("# Div\n")
    values = {"tmp": tmp_path, "file": tmp_path / "a_file", "binary": tmp_path / "binary.md",
              "c_binary": tmp_path / "binary.c"}
    assert main([word.format(**values) for word in args]) == 2
    _one_line(capsys, *words)


@pytest.mark.parametrize("setting,words", [("{file}", "is not a directory"), (UNWRITABLE, "is not writable")])
@pytest.mark.parametrize("args", [["prove", "--only", "real.generic.div_by_one", "--out", "{tmp}/out"],
                                  ["check-spec", "proofs/spec/div.md"],
                                  ["conform", "--impl", f"{ROOT}/tests/kernels/div_fp32.c:div_fp32", "--dtype", "fp32"]])
def test_a_cache_root_that_is_not_a_writable_directory_is_one_line(tmp_path, monkeypatch, capsys, setting, words, args):
    (tmp_path / "a_file").write_text("not a directory")
    monkeypatch.setenv("DIVBRIDGE_CACHE", setting.format(file=tmp_path / "a_file"))
    assert main([word.format(tmp=tmp_path) for word in args]) == 2
    _one_line(capsys, "DIVBRIDGE_CACHE", words)


def test_eval_answers_huge_literals_at_once(capsys):
    assert main(["eval", "fp16", "1e999999999", "1"]) == 0
    assert main(["eval", "fp16", "-1e-999999999", "3"]) == 0
    assert main(["eval", "fp32", "0x1p99999999999", "2"]) == 0
    assert capsys.readouterr().out.split("\n")[:3] == ["inf (0x7c00)", "-0.0 (0x8000)", "inf (0x7f800000)"]


@pytest.fixture
def project(tmp_path, monkeypatch) -> Path:
    """A working directory with the committed evidence (the spec, results.json, the Why3 theories)."""
    shutil.copytree(ROOT / "proofs", tmp_path / "proofs", ignore=shutil.ignore_patterns("run-log.json"))
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _evidence(project: Path) -> dict[str, bytes]:
    return {str(p.relative_to(project)): p.read_bytes() for p in sorted((project / "proofs").rglob("*")) if p.is_file()}


def test_a_filtered_prove_leaves_the_committed_evidence_byte_identical(project, capsys):
    before = _evidence(project)
    assert main(["prove", "--only", "float.fp16.special.*", "--provers", "z3,bitwuzla", "--no-cache"]) == 0
    out = capsys.readouterr().out
    assert "a filtered run (--only, --provers) writes to build/filtered/, not the baseline proofs/" in out
    assert _evidence(project) == before
    written = json.loads((project / "build" / "filtered" / "results.json").read_text())
    assert {o["id"] for o in written["obligations"]} >= {"float.fp16.special.nan_numerator"}
    assert main(["prove", "--only", "float.fp16.special.*", "--out", "proofs"]) == 2
    _one_line(capsys, "proofs: a filtered run (--only) does not write the baseline")
    assert _evidence(project) == before


def test_a_replay_of_some_provers_leaves_the_committed_theories(project, capsys):
    before = _evidence(project)
    main(["prove", "--replay", "--only", "real.generic.*"])
    assert _evidence(project) == before


def test_divbridge_cache_off_misses_the_cache(tmp_path, monkeypatch, capsys):
    args = ["prove", "--only", "real.generic.div_by_one", "--provers", "z3", "--out", str(tmp_path / "out")]
    monkeypatch.setenv("DIVBRIDGE_CACHE", str(tmp_path / "cache"))
    assert main(args) == 0 and main(args) == 0
    second = capsys.readouterr().out.split("divbridge prove: proofs/spec/div.md:")[-1]
    assert "(cached)" in second or "up to date" in second   # from the cache, or from the stamp it keeps
    monkeypatch.setenv("DIVBRIDGE_CACHE", "off")
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "cache off" in out and "(cached)" not in out and "] ok proved   real.generic.div_by_one" in out


def test_why3s_z3_does_not_depend_on_path(tmp_path, monkeypatch):
    if why3.shutil.which("z3", path=why3.SYSTEM_PATH) is None or why3.shutil.which("why3", path=why3.SYSTEM_PATH) is None:
        pytest.skip("why3 and z3 are not installed in the system directories")
    fake = tmp_path / "bin" / "z3"
    fake.parent.mkdir()
    fake.write_text("#!/bin/sh\necho 'Z3 version 9.9.9 - 64 bit'\n")
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{fake.parent}:{os.environ['PATH']}")
    backend = why3.Why3Backend()
    system_z3 = why3.shutil.which("z3", path=why3.SYSTEM_PATH)
    assert backend.versions()["why3/z3"] != "9.9.9"
    config, _ = backend.write_config(tmp_path)
    text = config.read_text()
    assert f'path = "{system_z3}"' in text and str(fake) not in text


def test_written_files_get_the_umasks_modes(tmp_path):
    old = os.umask(0o027)
    try:
        atomicio.write_text_atomic(tmp_path / "a.txt", "x")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "a.txt").stat().st_mode) == 0o640
    atomicio.write_text_atomic(tmp_path / "b.txt", "x")
    assert stat.S_IMODE((tmp_path / "b.txt").stat().st_mode) == 0o666 & ~old


def test_reports_and_results_get_the_umasks_modes(tmp_path, results):
    done = subprocess.run(["sh", "-c", f"umask 022 && {sys.executable} -m divbridge.cli report --results {results} "
                           f"--out {tmp_path / 'reports'}"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    for path in (tmp_path / "reports").iterdir():
        assert stat.S_IMODE(path.stat().st_mode) == 0o644, path


def test_crosscheck_without_jax_keeps_the_jax_rows(results, capsys):
    pytest.importorskip("numpy")
    try:
        import jax  # noqa: F401
        pytest.skip("jax is installed here: its row is run, not kept")
    except ImportError:
        pass
    committed = peertable.load_beside(RESULTS)
    jax_row = next(row for row in committed["peers"] if row["name"] == "jax")
    peertable.save(results.with_name("peers.json"), committed["seed"], 64, [jax_row], operators.get("Div"))
    assert main(["crosscheck", "--results", str(results), "--peers", "numpy,jax", "--random", "64"]) == 0
    table = peertable.load_beside(results)
    rows = {row["name"]: row for row in table["peers"]}
    assert rows["jax"]["formats"] == jax_row["formats"] and "not run here (jax" in rows["jax"]["not_run"]
    assert "not_run" not in rows["numpy"] and len(rows["numpy"]["formats"]) == 12
    assert "peer jax: not run here" in capsys.readouterr().out


def test_ctrl_c_stops_a_proof_run_and_its_provers(tmp_path):
    """Ctrl-C during the provers' work ends the run (exit 130) and leaves none of them; that it does so at once,
    not after the slowest prover, is a figure of `make bench` (benchmarks/bench_interrupt.py)."""
    import signal
    command = [sys.executable, "-m", "divbridge.cli", "prove", "--no-cache", "--no-crosscheck", "--only", "float.fp64.*",
               "--out", str(tmp_path / "out")]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    at_work = processes.wait_for(lambda: processes.provers_below(process.pid), "the provers at work")
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=processes.CEILING_S)
    assert process.returncode == 130 and err.strip().endswith("divbridge: interrupted") and "Traceback" not in err
    assert processes.still_alive(at_work) == []

"""Forged verdicts are never believed (issue 44): an up-to-date stamp, a proof-cache entry or a results file edited
by hand, and a prover that lies, yield no "proved" in the evidence and no exit 0.  Each case checks the exit code,
the one line (or the lines) that say why, and that the evidence is left as it was."""

from __future__ import annotations

import hashlib
import hmac
import io
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from divbridge.provers import toolprobe

from test_unspoilable import DOC, ROOT, _edited, divbridge, one_line

needs_z3 = pytest.mark.skipif(toolprobe.system_tool("z3") is None, reason="the system z3 is not installed")
needs_why3 = pytest.mark.skipif(toolprobe.system_tool("why3") is None, reason="why3 is not installed")
EXAMPLE = "real.example.example_1"


def _wrong_example(tmp_path: Path) -> Path:
    """div.md with its worked example's first quotient wrong (1 / 4 = 0.5): the example obligation is refuted."""
    return _edited(tmp_path, 48, "0.25", "0.5", name="wrong.md")


def _prove(tmp_path: Path, spec: Path, *more: str, cache: Path | None = None) -> subprocess.CompletedProcess:
    return divbridge("prove", "--spec", str(spec), "--only", EXAMPLE, "--out", str(tmp_path / "out"),
                     "--cache-dir", str(cache or tmp_path / "cache"), *more, timeout=300,
                     env={"DIVBRIDGE_CACHE": str(tmp_path / "root")})


def _entries(cache: Path) -> list[Path]:
    return sorted(cache.rglob("*.json")) if cache.is_dir() else []


# -- the up-to-date stamp --------------------------------------------------------------------------------------

def test_an_up_to_date_run_recomputes_its_exit_code_from_the_results(tmp_path):
    spec = _wrong_example(tmp_path)
    first = _prove(tmp_path, spec, "--no-crosscheck")
    assert first.returncode == 1, first.stdout + first.stderr
    again = _prove(tmp_path, spec, "--no-crosscheck")
    assert again.returncode == 1 and "up to date" in again.stdout
    assert f"{EXAMPLE}: expected valid, got refuted" in again.stdout


@pytest.mark.parametrize("forge", [
    lambda stamp: stamp.update(exit=0, summary="1 of 1 obligations as expected\n"),
    lambda stamp: stamp.update(spec=hashlib.sha256(b"another document").hexdigest()),
    lambda stamp: stamp.update(mac=hashlib.sha256(json.dumps({k: v for k, v in stamp.items() if k != "mac"},
                                                             sort_keys=True).encode()).hexdigest()),
], ids=["exit-0", "another-document", "unkeyed-digest"])
def test_a_forged_stamp_is_not_believed(forge, tmp_path):
    spec = _wrong_example(tmp_path)
    assert _prove(tmp_path, spec, "--no-crosscheck").returncode == 1
    [path] = (tmp_path / "cache" / "runs").glob("*.json")
    stamp = json.loads(path.read_text())
    forge(stamp)
    path.write_text(json.dumps(stamp))
    again = _prove(tmp_path, spec, "--no-crosscheck")
    assert again.returncode == 1
    assert "up to date" not in again.stdout
    assert f"up-to-date stamp {path}: its HMAC does not check (forged or damaged); proving again" in again.stderr
    assert json.loads((tmp_path / "out" / "results.json").read_text())["summary"]["not_as_expected"] == 1


# -- the proof cache -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("how", ["unkeyed-checksum", "no-mac", "another-key"])
def test_a_cache_entry_forged_to_proved_is_proved_again(how, tmp_path):
    spec = _wrong_example(tmp_path)
    assert _prove(tmp_path, spec, "--no-crosscheck").returncode == 1
    forged = []
    for path in _entries(tmp_path / "cache"):
        entry = json.loads(path.read_text())
        if entry.get("attempt", {}).get("verdict") == "refuted":
            entry["attempt"].update(verdict="proved", counterexample=None, message="")
            payload = json.dumps({"key": entry["key"], "attempt": entry["attempt"]}, sort_keys=True,
                                 separators=(",", ":")).encode()
            entry["mac"] = {"unkeyed-checksum": hashlib.sha256(payload).hexdigest(), "no-mac": None,
                            "another-key": hmac.new(b"k" * 32, payload, "sha256").hexdigest()}[how]
            path.write_text(json.dumps(entry))
            forged.append(path)
    assert forged
    again = _prove(tmp_path, spec, "--no-crosscheck")
    assert again.returncode == 1, again.stdout
    for path in forged:
        assert f"cache entry {path}: its HMAC does not check" in again.stderr
    recorded = json.loads((tmp_path / "out" / "results.json").read_text())
    assert [(o["id"], o["verdict"]) for o in recorded["obligations"]] == [(EXAMPLE, "refuted")]


def test_a_cached_refutation_whose_counterexample_no_longer_fails_is_proved_again(proved, tmp_path, monkeypatch):
    from divbridge.obligations.catalog import spec_obligations
    from divbridge.provers.cache import ProofCache
    from divbridge.provers.counterexample import Counterexample
    from divbridge.provers.runner import ProofTask
    from divbridge.provers.verdicts import Attempt
    from divbridge import results as results_model
    monkeypatch.setenv("DIVBRIDGE_CACHE", str(tmp_path / "root"))
    recorded = results_model.load(proved / "results.json")
    probe = next(r for r in recorded.obligations if r.verdict == "refuted" and r.counterexample is not None)
    task = ProofTask(probe.obligation, "z3", "(check-sat)", "x.smt2")
    stream = io.StringIO()
    cache = ProofCache(tmp_path / "cache", stream=stream)
    cache.store(task, "4.0", Attempt("z3", "refuted", 0.1, counterexample=probe.counterexample))
    assert cache.lookup(task, "4.0").verdict == "refuted"   # the mirror still fails there
    harmless = {name: 1 if probe.counterexample.formats[name].startswith(("int", "uint")) else value
                for name, value in probe.counterexample.values.items()}
    moved = Counterexample(harmless, probe.counterexample.formats, "", True)
    cache.store(task, "4.0", Attempt("z3", "refuted", 0.1, counterexample=moved))
    assert cache.lookup(task, "4.0") is None
    assert "its counterexample no longer fails the statement on the mirror" in stream.getvalue()


def test_a_key_others_may_read_is_refused_in_one_line(tmp_path):
    key = tmp_path / "root.key"
    key.write_bytes(b"k" * 32)
    key.chmod(0o644)
    done = _prove(tmp_path, DOC, "--no-crosscheck")
    assert done.returncode == 2
    one_line(done.stderr, rf"{key}: the cache key is another user's or readable or writable by others")


# -- the results file ------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def proved(tmp_path_factory):
    """The evidence of a small run: a refutation probe and a proof, with their SMT-LIB files."""
    work = tmp_path_factory.mktemp("proved")
    done = divbridge("prove", "--only", "int.int8.probe.*", "--only", "int.int8.example.*", "--out", str(work / "out"),
                     "--cache-dir", str(work / "cache"), timeout=300, env={"DIVBRIDGE_CACHE": str(work / "root")})
    assert done.returncode == 0, done.stdout + done.stderr
    return work / "out"


def _forged_copy(proved: Path, tmp_path: Path, forge) -> Path:
    out = tmp_path / "out"
    shutil.copytree(proved, out)
    path = out / "results.json"
    data = json.loads(path.read_text())
    forge(data, out)
    path.write_text(json.dumps(data, indent=2))
    return path


def _probe(data: dict) -> dict:
    return next(o for o in data["obligations"] if o["expect"] == "invalid")


def _flip(data: dict, out: Path) -> None:
    """The probe's refutation turned into a proof, everything derived from it made to agree."""
    probe = _probe(data)
    probe.update(verdict="proved", counterexample=None, expect="valid", status="as expected")
    for attempt in probe["attempts"]:
        attempt.update(verdict="proved", counterexample=None)


def _flip_and_recount(data: dict, out: Path) -> None:
    from divbridge.results import Results, from_entry
    _flip(data, out)
    data["summary"] = Results([from_entry(o) for o in data["obligations"]]).summary


def _recount(data: dict, out: Path) -> None:
    data["summary"]["as_expected"] += 1
    data["summary"]["not_as_expected"] = 0


def _append_false(data: dict, out: Path) -> None:
    smt = next(out / name for name in data["evidence"] if name.endswith(".smt2"))
    smt.write_text(smt.read_text() + "(assert false)\n")


FORGERIES = {
    "summary says one more as expected": (_recount, r"its summary is not the count of its obligations' verdicts"),
    "a refutation made a proof, summary recounted": (_flip_and_recount, r"proved by bitwuzla, but smt/\S+ records "
                                                                        r"the status sat"),
    "(assert false) appended to a query": (_append_false, r"evidence smt/\S+\.smt2 is not the file results\.json was "
                                                          r"written with"),
    "an evidence file removed": (lambda data, out: next((out / "smt").glob("*.smt2")).unlink(),
                                 r"evidence smt/\S+\.smt2: No such file or directory"),
    "a status edited": (lambda data, out: _probe(data).update(status="open"), r"status 'open', but its verdict"),
}


@pytest.mark.parametrize("forge, message", FORGERIES.values(), ids=FORGERIES.keys())
def test_report_refuses_a_forged_results_file(forge, message, proved, tmp_path):
    path = _forged_copy(proved, tmp_path, forge)
    done = divbridge("report", "--results", str(path), "--out", str(tmp_path / "reports"), timeout=120)
    assert done.returncode == 2
    one_line(done.stderr, rf"{path}: not verified: .*{message}")
    assert not (tmp_path / "reports").exists()


def test_report_of_genuine_evidence_says_what_it_checked(proved, tmp_path):
    done = divbridge("report", "--results", str(proved / "results.json"), "--out", str(tmp_path / "reports"))
    assert done.returncode == 0, done.stderr
    assert "obligations as expected" in done.stdout and "evidence files check" in done.stdout


# -- a lying prover --------------------------------------------------------------------------------------------

LIAR = """#!/bin/sh
case "$1" in --version|-version) echo "Z3 version 4.8.12 - 64 bit"; exit 0;; esac
echo unsat
"""


@needs_z3
@needs_why3
@pytest.mark.parametrize("more, why", [
    ("", "proved by why3+z3, but false on a concrete vector: special: a = -128 (int8 0x80), b = -1 (int8 0xff)"),
    ("--no-crosscheck", "a probe of a known defect, proved by why3+z3 (as is every probe of the run)"),
], ids=["cross-checked", "no-crosscheck"])
def test_a_z3_that_proves_everything_writes_no_evidence(more, why, tmp_path):
    liar = tmp_path / "z3"
    liar.write_text(LIAR)
    liar.chmod(0o755)
    out = tmp_path / "out"
    out.mkdir()
    (out / "results.json").write_text("the evidence before\n")
    real = toolprobe.system_tool("z3")
    script = (f"mount --bind {liar} {real} && exec env PYTHONPATH={ROOT / 'src'} DIVBRIDGE_CACHE={tmp_path / 'root'} "
              f"{sys.executable} -P -m divbridge.cli prove --only 'int.int8.probe.*' "
              f"--only 'int.int8.example.*' --provers why3 --out {out} {more}")
    done = subprocess.run(["unshare", "--mount", "--propagation", "private", "/bin/sh", "-c", script], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    if done.returncode == 1 and "Operation not permitted" in done.stderr:
        pytest.skip("cannot bind-mount here (not root)")
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"int.int8.probe.int_min_div_minus_one: {why}" in done.stdout
    assert f"results NOT written: the evidence in {out}/ is left as it was" in done.stdout
    assert (out / "results.json").read_text() == "the evidence before\n"
    again = divbridge("prove", "--only", "int.int8.probe.*", "--only", "int.int8.example.*", "--provers", "why3",
                      "--out", str(out), *more.split(), timeout=600, env={"DIVBRIDGE_CACHE": str(tmp_path / "root")})
    assert again.returncode == 0, again.stdout + again.stderr   # the real z3: nothing of the liar's was kept
    assert json.loads((out / "results.json").read_text())["summary"]["not_as_expected"] == 0


# -- --replay --------------------------------------------------------------------------------------------------

def test_replay_refuses_a_query_changed_after_the_run(proved, tmp_path):
    path = _forged_copy(proved, tmp_path, _append_false)
    done = divbridge("prove", "--replay", "--only", "int.int8.*", "--out", str(path.parent), timeout=300)
    assert done.returncode == 2
    one_line(done.stderr, rf"{path}: not verified: evidence smt/\S+\.smt2 is not the file results\.json was written "
                          r"with")


@needs_why3
def test_replay_fails_on_an_executable_that_is_not_the_recorded_one(proved, tmp_path):
    path = _forged_copy(proved, tmp_path, lambda data, out: data["tools"]["z3"].update(sha256="0" * 64))
    done = divbridge("prove", "--replay", "--only", "int.int8.*", "--provers", "why3", "--out", str(path.parent),
                     timeout=300)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "replay FAILED" in done.stdout
    assert re.search(r"  z3: \S+ \(SHA-256 [0-9a-f]{64}\) is not the executable recorded \(\S+, SHA-256 0{64}\)",
                     done.stdout), done.stdout


# -- --confirm -------------------------------------------------------------------------------------------------

def test_confirm_asks_every_prover_and_records_how_many_tools_agree(tmp_path):
    done = divbridge("prove", "--only", "int.int8.probe.*", "--only", "int.int8.example.*", "--provers",
                     "z3,bitwuzla,cvc5", "--confirm", "--no-crosscheck", "--out", str(tmp_path / "out"),
                     timeout=300, env={"DIVBRIDGE_CACHE": str(tmp_path / "root")})
    assert done.returncode == 0, done.stdout + done.stderr
    recorded = json.loads((tmp_path / "out" / "results.json").read_text())
    assert recorded["confirm"] is True
    for entry in recorded["obligations"]:
        agreeing = {a["prover"] for a in entry["attempts"] if a["verdict"] == entry["verdict"]}
        assert entry["confirmed"] == len(agreeing) >= 2, entry["attempts"]
    assert re.search(r"confirm: 2 of 2 verdicts given by two or more independent tools; 0 by one alone", done.stdout)


def test_without_confirm_a_verdict_rests_on_the_first_prover(tmp_path):
    done = divbridge("prove", "--only", "int.int8.example.*", "--provers", "z3,bitwuzla,cvc5", "--no-crosscheck",
                     "--out", str(tmp_path / "out"), timeout=300, env={"DIVBRIDGE_CACHE": str(tmp_path / "root")})
    assert done.returncode == 0, done.stdout + done.stderr
    [entry] = json.loads((tmp_path / "out" / "results.json").read_text())["obligations"]
    assert entry["confirmed"] == 1 and "confirm:" not in done.stdout

"""`divbridge prove --replay`: the recorded evidence runs again and fails closed."""

from __future__ import annotations

import dataclasses
import io
import json

import pytest

from divbridge import cli
from divbridge.errors import ToolMissing
from divbridge.obligations.catalog import spec_obligations
from divbridge.provers import solvers
from divbridge.provers.replay import replay
from divbridge.provers.runner import RunOptions
from divbridge.provers.verdicts import Attempt, ObligationResult, combine
from divbridge.results import Results

from test_runner import ScriptedBackend
from conftest import DIV_MD

OBLIGATION = "int.int8.range.result_in_range"


@pytest.fixture
def proved(tmp_path):
    """One obligation proved by the real Z3 into tmp_path/proofs/results.json."""
    out = tmp_path / "proofs"
    args = ["--only", OBLIGATION, "--provers", "z3", "--out", str(out), "--timeout", "300"]
    assert cli.main(["prove", *args, "--cache-dir", str(tmp_path / "cache"), "--no-crosscheck"]) == 0
    return out, args


def _replay(args, capsys) -> tuple[int, str]:
    code = cli.main(["prove", "--replay", *args])
    return code, capsys.readouterr().out


def test_replay_passes_with_the_recorded_prover_and_version(proved, capsys):
    out, args = proved
    capsys.readouterr()
    code, text = _replay(args, capsys)
    assert code == 0 and "all 1 recorded proofs and refutations replayed" in text


def test_replay_fails_naming_a_missing_prover(proved, capsys, monkeypatch):
    out, args = proved
    def missing(solver):
        raise ToolMissing(solver, f".venv/bin/pip install {solver}")
    monkeypatch.setattr(solvers, "version", missing)
    code, text = _replay(args, capsys)
    assert code == 1
    assert f"{OBLIGATION}: z3: prover missing (z3 is not installed" in text


def _edit_recorded(out, edit) -> dict:
    """Apply edit to the one recorded obligation of results.json; returns it as it was."""
    path = out / "results.json"
    data = json.loads(path.read_text())
    before = json.loads(json.dumps(data["obligations"][0]))
    edit(data["obligations"][0])
    path.write_text(json.dumps(data))
    return before


def test_replay_fails_on_another_version(proved, capsys):
    out, args = proved
    before = _edit_recorded(out, lambda entry: entry["attempts"][0].update(version="0.0.1"))
    installed = before["attempts"][0]["version"]
    code, text = _replay(args, capsys)
    assert code == 1
    assert f"{OBLIGATION}: z3: version {installed} installed, 0.0.1 recorded" in text


def test_replay_fails_when_nothing_is_recorded(proved, capsys):
    out, args = proved
    _recorded(Attempt("z3", "timeout", 20.0, version="1.0")).save(out / "results.json")   # a run that settled nothing
    code, text = _replay(args, capsys)
    assert code == 1 and "records no proof or refutation" in text


def test_replay_refuses_a_verdict_edited_by_hand(proved, capsys):
    out, args = proved
    _edit_recorded(out, lambda entry: entry.update(verdict="timeout"))
    capsys.readouterr()
    assert cli.main(["prove", "--replay", *args]) == 2
    assert f"{out / 'results.json'}: not verified: obligation {OBLIGATION}: status 'as expected', but its verdict " \
           "makes it 'not as expected'" in capsys.readouterr().err


def _recorded(attempt: Attempt) -> Results:
    obligation = next(o for o in spec_obligations(DIV_MD) if o.id == OBLIGATION)
    return Results([ObligationResult(obligation, combine([attempt]))])


@pytest.mark.parametrize("now, recorded_version, reason", [
    ("timeout", "1.0", "timeout, recorded proved"),
    ("refuted", "1.0", "refuted, recorded proved"),
    ("proved", "", "no version recorded: the proof cannot be replayed"),
])
def test_a_proof_that_no_longer_goes_through_fails(tmp_path, now, recorded_version, reason):
    backend = ScriptedBackend({(OBLIGATION, "p1"): now}, provers=("p1",))
    count, failures = replay(_recorded(Attempt("p1", "proved", 0.1, version=recorded_version)),
                             spec_obligations(DIV_MD), lambda provers: [backend], RunOptions(jobs=1), tmp_path,
                             io.StringIO())
    assert [str(f) for f in failures] == [f"{OBLIGATION}: p1: {reason}"]
    assert backend.calls == [(OBLIGATION, "p1")]   # run again, the cache ignored


def test_an_obligation_gone_from_the_catalogue_fails(tmp_path):
    count, failures = replay(_recorded(Attempt("p1", "proved", 0.1, version="1.0")), [],
                             lambda provers: [], RunOptions(jobs=1), tmp_path, io.StringIO())
    assert [f.reason for f in failures] == ["obligation no longer in the catalogue"]


def test_an_obligation_the_document_states_otherwise_now_fails_and_is_not_run(tmp_path):
    """The recorded obligation is what a replay runs, and only while the document still states it so."""
    backend = ScriptedBackend({(OBLIGATION, "p1"): "proved"}, provers=("p1",))
    now = [dataclasses.replace(o, params={**o.params, "sb": 12}) if o.id == OBLIGATION else o
           for o in spec_obligations(DIV_MD)]
    count, failures = replay(_recorded(Attempt("p1", "proved", 0.1, version="1.0")), now,
                             lambda provers: [backend], RunOptions(jobs=1), tmp_path, io.StringIO())
    assert [f.reason for f in failures] == ["the document states it otherwise now (prove it again)"]
    assert count == 0 and backend.calls == []

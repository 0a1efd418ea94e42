"""The proof cache: keyed by text, prover, version and options; bad entries are misses, reported once."""

from __future__ import annotations

import dataclasses
import io
import json

import pytest

from divbridge.errors import InputError
from divbridge.obligations import smtrender
from divbridge.obligations.catalog import spec_obligations
from divbridge import authkey
from divbridge.provers.cache import ProofCache, _signed
from divbridge.provers.counterexample import Counterexample
from divbridge.provers.runner import ProofTask
from divbridge.provers.verdicts import Attempt

OBLIGATION = spec_obligations()[0]


def task(text="(assert false)", prover="z3", options=(("logic", "QF_BV"),)):
    return ProofTask(OBLIGATION, prover, text, "proofs/smt/x.smt2", options)


def proved(prover="z3"):
    return Attempt(prover, "proved", 0.25, version="4.0")


def test_round_trip_marks_the_answer_cached(tmp_path):
    cache = ProofCache(tmp_path)
    cache.store(task(), "4.0", proved())
    hit = cache.lookup(task(), "4.0")
    assert hit is not None and hit.verdict == "proved" and hit.cached and hit.time_s == 0.25


@pytest.mark.parametrize("other", [
    task(text="(assert true)"), task(prover="cvc5"), task(options=(("logic", "QF_FP"),)),
])
def test_any_key_field_change_is_a_miss(tmp_path, other):
    cache = ProofCache(tmp_path)
    cache.store(task(), "4.0", proved())
    assert cache.lookup(other, "4.0") is None
    assert cache.lookup(task(), "4.1") is None


def test_a_claim_made_twice_is_one_question_and_a_changed_claim_another(tmp_path):
    """Two obligations stating the same thing (another id, title and line: comments) share an answer;
    any change of the query itself is a miss."""
    row = next(o for o in spec_obligations() if o.prop == "case_table")
    again = dataclasses.replace(row, id=row.id + "_2", title="the same row, stated again", lines=(999,))
    first, second = (smtrender.render(o, tmp_path) for o in (row, again))
    assert first.text != second.text
    cache = ProofCache(tmp_path)
    ask = lambda r: ProofTask(r.obligation, "z3", r.text, "x", (), smtrender.question(r.text))  # noqa: E731
    cache.store(ask(first), "4.0", proved())
    assert cache.lookup(ask(second), "4.0") is not None
    # the answer is the goal's, whatever the obligation expects of it (the :status line is not the question)
    flipped = smtrender.render(dataclasses.replace(row, expect="invalid"), tmp_path)
    assert cache.lookup(ask(flipped), "4.0") is not None
    changed = smtrender.render(dataclasses.replace(row, params={**row.params, "result": ("inf", "+", "0", "")}),
                               tmp_path)
    assert cache.lookup(ask(changed), "4.0") is None


def test_only_definite_answers_are_stored(tmp_path):
    cache = ProofCache(tmp_path)
    for verdict in ("timeout", "unknown", "error", "skipped"):
        cache.store(task(), "4.0", Attempt("z3", verdict, 1.0))
    assert not list(tmp_path.rglob("*.json"))


def test_refuted_keeps_its_counterexample(tmp_path):
    cache = ProofCache(tmp_path)
    cex = Counterexample({"a": -7, "x": 0xBC00}, {"a": "int32", "x": "fp16"}, "trunc(a / b) = -3")   # not replayed
    cache.store(task(), "4.0", Attempt("z3", "refuted", 0.1, counterexample=cex))
    assert cache.lookup(task(), "4.0").counterexample == cex


def test_an_entry_with_a_counterexample_of_display_strings_is_proved_again_quietly(tmp_path):
    """Entries written before results schema 4 held display strings: a miss, not a corrupt entry."""
    stream = io.StringIO()
    cache = ProofCache(tmp_path, stream=stream)
    cache.store(task(), "4.0", Attempt("z3", "refuted", 0.1, counterexample=Counterexample({"a": -7}, {"a": "int32"})))
    [path] = tmp_path.rglob("*.json")
    entry = json.loads(path.read_text())
    entry["attempt"]["counterexample"] = {"values": {"a": "-7 (int32 0xfffffff9)"}, "reproduced_by_mirror": True}
    entry["mac"] = authkey.sign(_signed(entry["key"], entry["attempt"]))
    path.write_text(json.dumps(entry))
    assert cache.lookup(task(), "4.0") is None and stream.getvalue() == ""


@pytest.mark.parametrize("damage", ["truncate", "tamper", "other_key", "not_json"])
def test_corrupt_or_mismatching_entry_is_a_miss_reported_once(tmp_path, damage):
    stream = io.StringIO()
    cache = ProofCache(tmp_path, stream=stream)
    cache.store(task(), "4.0", proved())
    path = cache.path(task(), "4.0")
    entry = json.loads(path.read_text())
    if damage == "truncate":
        path.write_text(path.read_text()[:40])
    elif damage == "tamper":
        entry["attempt"]["verdict"] = "refuted"
        path.write_text(json.dumps(entry))
    elif damage == "other_key":  # a valid entry of another question copied over this one
        other = ProofCache(tmp_path / "other")
        other.store(task(text="(assert true)"), "4.0", proved())
        path.write_text(other.path(task(text="(assert true)"), "4.0").read_text())
    else:
        path.write_text("\x00garbage")
    assert cache.lookup(task(), "4.0") is None
    assert cache.lookup(task(), "4.0") is None
    assert stream.getvalue().count("warning") == 1 and str(path) in stream.getvalue()
    cache.store(task(), "4.0", proved())           # proved again: the entry is repaired
    assert cache.lookup(task(), "4.0").verdict == "proved"


def test_modes(tmp_path):
    ProofCache(tmp_path).store(task(), "4.0", proved())
    assert ProofCache(tmp_path, "off").lookup(task(), "4.0") is None
    offline = ProofCache(tmp_path, "offline")
    assert offline.lookup(task(), "4.0").verdict == "proved"
    offline.store(task(text="new"), "4.0", proved())
    assert offline.lookup(task(text="new"), "4.0") is None
    with pytest.raises(InputError):
        ProofCache(tmp_path, "sometimes")

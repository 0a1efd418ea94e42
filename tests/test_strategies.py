"""Implementation strategies: the correct ones are stated valid, the known defects refuted with a replayed counterexample."""

from __future__ import annotations

import pytest

from divbridge.obligations.strategies import strategy_obligations
from divbridge.provers import counterexample
from divbridge.operators.div import DIV
from divbridge.provers.enumeration.backend import ExhaustiveBackend
from divbridge.provers.smt import SmtBackend

BY_ID = {o.id: o for o in strategy_obligations(DIV)}


def test_the_strategies_of_the_design_with_their_expectations():
    expected = {
        "float.fp16.strategy.via_fp32": "valid", "float.bf16.strategy.via_fp32": "valid",
        "float.fp32.strategy.via_fp64": "valid", "float.fp32.strategy.reciprocal": "invalid",
        "float.fp32.strategy.flush_to_zero": "invalid", "int.int32.strategy.openvino_floor": "invalid",
        "int.int32.strategy.via_fp64": "valid", "int.int64.strategy.via_fp64": "invalid",
    }
    assert {o.id: o.expect for o in strategy_obligations(DIV)} == expected
    assert all(o.kind == "strategy" and o.family == o.id.split(".")[0] for o in strategy_obligations(DIV))


def test_16_bit_via_fp32_goes_to_enumeration_and_coq_with_why3_beside():
    for name in ("float.fp16.strategy.via_fp32", "float.bf16.strategy.via_fp32"):
        assert BY_ID[name].backends == frozenset({"why3", "exhaustive", "coq"})


@pytest.mark.parametrize("name", ["float.fp32.strategy.reciprocal", "float.fp32.strategy.flush_to_zero",
                                  "int.int32.strategy.openvino_floor", "int.int64.strategy.via_fp64"])
def test_known_defects_are_refuted_and_reproduced_by_the_mirror(tmp_path, name):
    backend = SmtBackend()
    [group] = backend.prepare([BY_ID[name]], tmp_path, {"z3", "cvc5", "bitwuzla"})
    attempts = backend.run_group(group, 60.0, 1)
    [refuted] = [a for a in attempts if a.verdict == "refuted"]
    assert refuted.counterexample.replayed
    assert "strategy gives" in refuted.counterexample.mirror


def test_replay_of_the_design_examples():
    floor = BY_ID["int.int32.strategy.openvino_floor"]
    record, problem = counterexample.check(floor, {"a": "int32", "b": "int32"}, {"a": -7 & 0xFFFFFFFF, "b": 2})
    assert problem == "" and record.mirror == "strategy gives -4, trunc(a / b) = -3"
    assert record.values == {"a": -7, "b": 2} and record.formats == {"a": "int32", "b": "int32"}
    _, problem = counterexample.check(floor, {"a": "int32", "b": "int32"}, {"a": 7, "b": 2})
    assert problem.startswith("tool bug")            # 7 / 2 is 3 both ways: not a counterexample
    reciprocal = BY_ID["float.fp32.strategy.reciprocal"]
    record, problem = counterexample.check(reciprocal, {"x": "fp32", "y": "fp32"},
                                           {"x_bits": 0x40400000, "y_bits": 0x40E00000})   # 3 / 7
    assert problem == "" and record.replayed and record.values == {"x": 0x40400000, "y": 0x40E00000}
    int64 = BY_ID["int.int64.strategy.via_fp64"]
    record, problem = counterexample.check(int64, {"a": "int64", "b": "int64"}, {"a": 2 ** 62 + 1, "b": 3})
    assert problem == "" and "trunc(a / b) = 1537228672809129301" in record.mirror


def test_exhaustive_task_text_names_the_engine_source(tmp_path):
    backend = ExhaustiveBackend()
    groups = backend.prepare(list(BY_ID.values()), tmp_path, {"exhaustive"})
    assert [g[0].obligation.id for g in groups] == ["float.fp16.strategy.via_fp32", "float.bf16.strategy.via_fp32"]
    import hashlib
    assert hashlib.sha256(DIV.enumeration.source.read_bytes()).hexdigest() in groups[0][0].text
    assert "all 4294967296 operand pairs" in groups[0][0].text
    assert backend.prepare(list(BY_ID.values()), tmp_path, {"z3"}) == []


@pytest.mark.slow
@pytest.mark.parametrize("name", ["float.fp16.strategy.via_fp32", "float.bf16.strategy.via_fp32"])
def test_via_fp32_is_proved_by_enumerating_every_pair(tmp_path, name):
    backend = ExhaustiveBackend()
    [group] = backend.prepare([BY_ID[name]], tmp_path, {"exhaustive"})
    [attempt] = backend.run_group(group, 600.0, 1)
    assert attempt.verdict == "proved", attempt.message
    assert "4294967296" in attempt.message

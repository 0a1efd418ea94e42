"""check-spec's case-table queries are solved by the provers' solver workers (child processes under
limits), never in divbridge's own process; a worker that fails leaves the query undecided."""

from __future__ import annotations

import pytest
import z3

from divbridge.checkspec import smt
from divbridge.formats import FORMATS
from divbridge.mirror.exact import float_div_bits
from divbridge.provers import solvers


@pytest.fixture
def no_solving_here(monkeypatch):
    def forbidden(*args, **named):
        raise AssertionError("a solver ran in divbridge's own process")
    monkeypatch.setattr(z3.Solver, "check", forbidden)


@pytest.mark.parametrize("name", ["fp16", "int8", "real"])
def test_queries_are_answered_by_the_workers(no_solving_here, name):
    enc = smt.encoding(FORMATS[name])
    if name == "fp16":
        nan = z3.And(z3.fpIsNaN(enc.q), z3.Not(z3.fpIsNaN(enc.a)), z3.Not(z3.fpIsNaN(enc.b)))
        found = smt.find(enc, nan, limit=1)
        [(a, b)] = found.witnesses
        assert found.solver == "bitwuzla" and FORMATS["fp16"].decode(float_div_bits(FORMATS["fp16"], a, b)).is_nan
        never = z3.And(nan, z3.Not(z3.fpIsZero(enc.b)), z3.Not(z3.fpIsInf(enc.a)))
        assert smt.find(enc, never).status == "unsat"
        return
    negative_quotient = z3.And(enc.defined, enc.negative(enc.a), z3.Not(enc.negative(enc.b)), enc.b != 0)
    found = smt.find(enc, negative_quotient, limit=1)
    [(a, b)] = found.witnesses
    assert found.solver == "z3" and a < 0 and b > 0
    assert smt.find(enc, z3.And(negative_quotient, z3.Not(enc.negative(enc.a)))).status == "unsat"


def test_a_query_whose_worker_fails_is_undecided_never_an_answer(monkeypatch):
    monkeypatch.setattr(smt._WORKERS, "solve",
                        lambda solver, text, seconds: solvers.Answer("error", {}, "killed by its time limit"))
    enc = smt.encoding(FORMATS["int8"])
    answer = smt.find(enc, enc.b == 0)
    assert (answer.status, answer.witnesses) == ("unknown", ())

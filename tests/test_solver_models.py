"""A counterexample recorded in the evidence is the one a cold run finds again: Z3's model of a query must not
depend on the queries its worker answered before (`provers.solvers`, a context per query)."""

from __future__ import annotations

from pathlib import Path

from divbridge.provers import solvers

SMT = Path(__file__).resolve().parents[1] / "proofs" / "mul" / "smt"


def test_z3_gives_a_query_the_same_model_whatever_it_answered_before():
    query = (SMT / "mul.float.fp16.theorem.relative_error_subnormal.smt2").read_text(encoding="utf-8")
    first = solvers._z3(query)
    assert first[0] == "sat" and first[1]          # a counterexample, with its values
    for other in sorted(SMT.glob("mul.float.bf16.generic.*.smt2")):   # in a shared context these change the model
        solvers._z3(other.read_text(encoding="utf-8"))
    assert solvers._z3(query) == first

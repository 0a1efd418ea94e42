"""check-spec's case-table queries are solved by the provers' solver workers (child processes under
limits), never in divbridge's own process; a worker that fails leaves the query undecided."""

from __future__ import annotations

import pytest
import z3

from divbridge.checkspec import smt
from divbridge.formats import FORMATS
from divbridge.operators.div.kernels import float_div_bits
from divbridge.provers import solvers
from divbridge.operators.div import DIV


@pytest.fixture
def no_solving_here(monkeypatch):
    def forbidden(*args, **named):
        raise AssertionError("a solver ran in divbridge's own process")
    monkeypatch.setattr(z3.Solver, "check", forbidden)


@pytest.mark.parametrize("name", ["fp16", "int8", "real"])
def test_queries_are_answered_by_the_workers(no_solving_here, name):
    enc = smt.encoding(FORMATS[name], DIV)
    if name == "fp16":
        nan = z3.And(z3.fpIsNaN(enc.q), z3.Not(z3.fpIsNaN(enc.operands[0])), z3.Not(z3.fpIsNaN(enc.operands[1])))
        found = smt.find(enc, nan, limit=1)
        [(a, b)] = found.witnesses
        assert found.solver == "bitwuzla" and FORMATS["fp16"].decode(float_div_bits(FORMATS["fp16"], a, b)).is_nan
        never = z3.And(nan, z3.Not(z3.fpIsZero(enc.operands[1])), z3.Not(z3.fpIsInf(enc.operands[0])))
        assert smt.find(enc, never).status == "unsat"
        return
    negative_quotient = z3.And(enc.defined, enc.negative(enc.operands[0]), z3.Not(enc.negative(enc.operands[1])), enc.operands[1] != 0)
    found = smt.find(enc, negative_quotient, limit=1)
    [(a, b)] = found.witnesses
    assert found.solver == "z3" and a < 0 and b > 0
    assert smt.find(enc, z3.And(negative_quotient, z3.Not(enc.negative(enc.operands[0])))).status == "unsat"


def test_a_query_whose_worker_fails_is_undecided_never_an_answer(monkeypatch):
    monkeypatch.setattr(smt._WORKERS, "solve",
                        lambda solver, text, seconds: solvers.Answer("error", {}, "killed by its time limit"))
    enc = smt.encoding(FORMATS["int8"], DIV)
    answer = smt.find(enc, enc.operands[1] == 0)
    assert (answer.status, answer.witnesses) == ("unknown", ())


# every atom a float table's condition can hold, and every result a row can state
_LITERALS = [None, ("number", "0", ""), ("number", "0", "-"), ("number", "0", "+"), ("number", "1", ""),
             ("number", "-5/2", ""), ("inf", "None", ""), ("inf", "None", "-"), ("nan", "None", ""),
             ("min", "None", "")]
_ATOMS = ([("atom", x, op, None) for x in "AB" for op in ("isnan", "notnan", "isinf", "notinf", "isfinite",
                                                           "notfinite", "samesign", "diffsign")]
          + [("atom", x, op, literal) for x in "AB" for op in ("=", "≠", "<", ">", "≤", "≥")
             for literal in _LITERALS[1:]]
          # the other operand, or its negation (`B[i] = -A[i]`)
          + [("atom", x, op, ("operand", "B" if x == "A" else "A", sign)) for x in "AB"
             for op in ("=", "≠", "<", "≥") for sign in ("", "-")])
# an operation's value: "0" the operator's own, else the operator whose operation the row writes
_RESULTS = ([("nan", "", "None", ""), ("quotient", "", "0", ""), ("quotient", "-", "0", ""),
             ("quotient", "", "0", "trunc"), ("quotient", "", "Mul", ""), ("quotient", "-", "Add", "")]
            + [("operand", sign, x, "") for x in "AB" for sign in ("", "-")]
            + [("inf", sign, "None", "") for sign in ("", "+", "-", "xor:AB", "±")]
            + [("number", sign, "0", "") for sign in ("", "+", "-", "xor:AB", "xor:A", "xor:B")]
            + [("number", "", "1", ""), ("sign", "xor:AB", "zero", ""), ("sign", "-", "inf", "")])


@pytest.mark.parametrize("name", ["fp16", "bf16"])
def test_check_spec_reads_a_float_row_as_prove_encodes_it(name):
    """check-spec's terms of a float row are the statement's SMT-LIB terms (`statements.case_table`): on every
    pair of the grid they hold exactly where the statement's NumPy predicate on the mirror says they do."""
    import numpy as np
    from divbridge.statements import case_table

    fmt = FORMATS[name]
    enc = smt.encoding(fmt, DIV)
    grid = enc.grid()
    pairs = [(x, y) for x in grid for y in grid]
    a, b = (np.array([pair[i] for pair in pairs], dtype=fmt.uint_dtype).view(fmt.dtype) for i in (0, 1))

    def on_grid(term):
        return [z3.is_true(z3.simplify(z3.substitute(term, (enc.inputs[0], enc.const(x)), (enc.inputs[1], enc.const(y)))))
                for x, y in pairs]

    for atom in _ATOMS:
        term = enc._term(case_table.smt_condition(atom, fmt))
        assert on_grid(term) == list(case_table._holds(atom, fmt, (a, b))), atom
    for result in _RESULTS:
        _, holds = case_table._predicate({"condition": ("true",), "result": result}, fmt, (a, b))
        term = case_table.smt_result(result, fmt, enc.operator)
        assert on_grid(enc._term(term)) == list(holds), result


def test_bf16_queries_go_to_z3_which_reads_its_literals():
    enc = smt.encoding(FORMATS["bf16"], DIV)
    one = enc._term(f"(fp.eq a {smt.smtlib.fp_literal(FORMATS['bf16'], FORMATS['bf16'].parse('1'))})")
    found = smt.find(enc, z3.And(one, z3.fpIsNaN(enc.q)), limit=1)
    assert found.solver == "z3" and found.status == "sat"
    [(a, b)] = found.witnesses
    assert a == FORMATS["bf16"].parse("1") and FORMATS["bf16"].decode(b).is_nan

"""Smoke tests: an obligation of unsatisfiable hypotheses is vacuous, one true of any division is a definition."""

import dataclasses

from divbridge.obligations.catalog import spec_obligations
from divbridge.operators.div import DIV
from divbridge.provers import smoke
from divbridge.provers.cache import ProofCache
from divbridge.provers.verdicts import ObligationResult, Outcome, Smoke
from divbridge.results import Tally
from conftest import DIV_MD

FRAME = """(set-info :status unsat)
(set-logic QF_BVFP)
(declare-const a_bits (_ BitVec 16))
(define-fun a () (_ FloatingPoint 5 11) ((_ to_fp 5 11) a_bits))
(declare-const b_bits (_ BitVec 16))
(define-fun b () (_ FloatingPoint 5 11) ((_ to_fp 5 11) b_bits))
(define-fun q () (_ FloatingPoint 5 11) (fp.div RNE a b))
(define-fun goal () Bool (=> {hypotheses} {conclusion}))
(assert (not goal))
(check-sat)
"""


def test_the_queries_split_the_goal_and_free_the_division():
    text = FRAME.format(hypotheses="(fp.isNaN a) (fp.isZero b)", conclusion="(fp.isNaN q)")
    hypotheses = smoke.hypotheses_query(text)
    assert "(assert (and (fp.isNaN a) (fp.isZero b)))" in hypotheses and ":status" not in hypotheses
    free = smoke.free_operation_query(text, DIV)
    assert "fp.div" not in free and "(set-logic ALL)" in free
    assert "(declare-fun free_fp_div_RNE_FloatingPoint_5_11 ((_ FloatingPoint 5 11) (_ FloatingPoint 5 11)) " \
           "(_ FloatingPoint 5 11))" in free
    assert smoke.hypotheses_query(text.replace("(=> (fp.isNaN a) (fp.isZero b) (fp.isNaN q))", "true")) is None


def test_a_literal_fraction_is_no_division():
    text = "(set-logic QF_LRA)\n(declare-const a Real)\n(define-fun goal () Bool (= (/ a 2.0) (/ 1.0 3.0)))\n"
    assert "(= (free_Real a 2.0) (/ 1.0 3.0))" in smoke.free_operation_query(text, DIV)


def _result(obligation, flag_hypotheses="satisfiable", conclusion="about Div", verdict="proved"):
    return ObligationResult(obligation, Outcome(verdict, "z3", 0.0, False, None, [], ""),
                            smoke=Smoke(flag_hypotheses, conclusion))


def test_vacuous_hypotheses_are_not_as_expected_and_a_definition_is_no_property():
    obligation = next(o for o in spec_obligations(DIV_MD) if o.expect == "valid")
    tally = Tally("all")
    for result in (_result(obligation), _result(obligation, "vacuous"), _result(obligation, conclusion="definitional")):
        tally.count(result)
    assert (tally.proved, tally.definitions, tally.vacuous, tally.not_as_expected) == (1, 1, 1, 1)
    assert not _result(obligation, "vacuous").as_expected and _result(obligation, conclusion="definitional").definition


def test_the_otherwise_row_is_a_definition_and_a_vacuous_row_is_found(tmp_path, monkeypatch):
    rows = [o for o in spec_obligations(DIV_MD) if o.id.startswith("float.fp16.table.")]
    otherwise = next(o for o in rows if o.id.endswith("no_earlier_row_applies"))
    nan_row = next(o for o in rows if o.id.endswith("a_isnan_or_b_isnan"))
    # the NaN row's condition contradicted: "A is NaN and A is not NaN"
    impossible = ("and", (nan_row.params["condition"], ("not", nan_row.params["condition"])))
    vacuous = dataclasses.replace(nan_row, id="float.fp16.table.impossible",
                                  params={**nan_row.params, "condition": impossible})
    cache = ProofCache(tmp_path, "readwrite")
    found = smoke.check([otherwise, nan_row, vacuous], cache, jobs=2)
    assert found[otherwise.id].conclusion == "definitional" and found[otherwise.id].hypotheses == "satisfiable"
    assert found[nan_row.id].flag == "" and set(found[nan_row.id].model) == {"a", "b"}
    assert "nan" in found[nan_row.id].model["a"] + found[nan_row.id].model["b"]
    assert found[vacuous.id].flag == "vacuous"
    def no_solver(*args):
        raise AssertionError("a smoke query asked again")
    monkeypatch.setattr(smoke.solvers.WorkerPool, "solve", no_solver)
    assert smoke.check([otherwise, nan_row, vacuous], ProofCache(tmp_path, "offline"), jobs=1) == found


def test_an_obligation_without_an_smt_query_is_not_checked_unless_its_form_says(tmp_path):
    contract = next(o for o in spec_obligations(DIV_MD) if o.id == "spec.fp32.contract")
    shape = next(o for o in spec_obligations(DIV_MD) if o.id == "shape.tensor.elementwise")
    found = smoke.check([contract, shape], ProofCache(tmp_path, "off"), jobs=1)
    assert found[contract.id] == Smoke()
    assert found[shape.id].flag == "definitional" and "map2" in found[shape.id].by

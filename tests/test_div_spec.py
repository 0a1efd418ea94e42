"""The WhyML specification of Div (proofs/why3/div_spec.mlw): per section and type, the operator's clauses
are the document's requirements, labelled with their tags; a loop with the machine's division is proved to
meet them, and fails to when the document states a rule that division does not follow."""

import json
import re

import numpy as np
import pytest

from divbridge.cli import main
from divbridge.formats import get_format
from divbridge.obligations import document, why3render
from divbridge.obligations.catalog import spec_obligations
from divbridge.statements import specification
from conftest import DIV_MD

INT_RULE = "The quotient is rounded toward zero, as ONNX rounds it."
INT_MIN_RULE = "- No pair divides the smallest value of the type by $-1$, whose quotient does not fit; " \
    "this is a precondition. `[E_DIV_INT_CONSTR_AB_0020]`\n"


def _document(tmp_path, old: str = "", new: str = ""):
    text = DIV_MD.read_text()
    assert old in text
    path = tmp_path / "div.md"
    path.write_text(text.replace(old, new) if old else text)
    return path, text[:text.index(old)].count("\n") + 1 if old else 0


def _module(path, fmt: str) -> str:
    text = path.read_text()
    return text[text.index(f"module DivSpec_{fmt}\n"):][:text[text.index(f"module DivSpec_{fmt}\n"):].index("\nend")]


def _render(tmp_path, doc) -> "Path":
    contracts = [o for o in spec_obligations(doc) if o.family == "spec"]
    why3render.render(contracts, tmp_path / "why3")
    return tmp_path / "why3" / "div_spec.mlw"


def test_every_section_and_type_has_its_contract_with_each_clause_labelled_by_its_tag(tmp_path):
    contracts = {o.format: o for o in spec_obligations(DIV_MD) if o.family == "spec"}
    binding = document.read(DIV_MD)
    assert set(contracts) == {t for types in binding.types.values() for t in types}
    int8 = _module(_render(tmp_path, DIV_MD), "int8")
    requirement = binding.requirements
    domain, overflow, rule = ("E_DIV_INT_CONSTR_B_0010", "E_DIV_INT_CONSTR_AB_0020", "E_DIV_INT_DEF_0010")
    assert all(requirement[tag].line for tag in (domain, overflow, rule))
    # each clause, in the operator and in the loop, carries the tag that states it (its line: results.json's)
    assert int8.count(f"requires {{ [@expl:{domain}] forall i. valid_index a i -> to_int (get b i) <> 0 }}") == 2
    assert int8.count(f"[@expl:{overflow}] forall i. valid_index a i -> "
                      "not (to_int (get a i) = (-128) /\\ to_int (get b i) = -1)") == 2
    assert f"ensures {{ [@expl:{rule}" in int8 and "= ComputerDivision.div (to_int (get a i))" in int8
    assert "c[i] <- a.data i / b.data i" in int8


def _clauses(module: str, where: str) -> list[str]:
    """The operator's ensures clauses labelled ``where``."""
    pattern = r"ensures \{ \[@expl:[^\]]*" + re.escape(where) + r"\b[^\]]*\] (.*) \}\n"
    return re.findall(pattern, module.split("let div_loop")[0])


def test_the_integer_rounding_rule_changes_the_clause(tmp_path):
    floor_doc, _ = _document(tmp_path, INT_RULE, "The quotient is rounded toward negative infinity.")
    where = "E_DIV_INT_DEF_0010"
    truncated = _clauses(_module(_render(tmp_path / "trunc", DIV_MD), "int8"), where)
    floored = _clauses(_module(_render(tmp_path / "floor", floor_doc), "int8"), where)
    q, b = "(to_int (get result i))", "(to_int (get b i))"
    assert truncated == [f"forall i. valid_index a i -> {q} = ComputerDivision.div (to_int (get a i)) {b}"]
    assert floored != truncated and any(
        clause.startswith(f"forall i. valid_index a i -> ({b} > 0 -> {q} * {b} <= (to_int (get a i)) < ")
        for clause in floored)


def test_the_mirror_meets_the_stated_contract_and_not_a_floor_rule():
    [int8] = [o for o in spec_obligations(DIV_MD) if o.id == "spec.int8.contract"]
    fmt = get_format("int8")
    a = np.array([7, -7, 7, -7, -128, 5], np.int8)
    b = np.array([2, 2, -2, -2, -1, 0], np.int8)
    contract = specification.Contract()
    applies, holds = contract.predicate(int8, fmt, a, b)
    assert list(applies) == [True, True, True, True, False, False] and holds[applies].all()
    floor = type(int8)(**{**int8.__dict__, "params": {**int8.params, "rules": [("floor", "line 1")]}})
    applies, holds = contract.predicate(floor, fmt, a, b)
    assert list(holds[applies]) == [True, False, False, True]   # -7 / 2: trunc -3, floor -4


def test_the_loops_are_proved_and_a_changed_rule_or_a_missing_precondition_breaks_the_proof(tmp_path, capsys):
    def prove(doc, name):
        out = tmp_path / name
        code = main(["prove", "--spec", str(doc), "--only", "spec.int8.*", "--only", "spec.fp16.*",
                     "--provers", "why3", "--timeout", "300", "--out", str(out), "--cache-dir",
                     str(tmp_path / "cache"), "--no-crosscheck"])
        capsys.readouterr()
        return code, {e["id"]: e for e in json.loads((out / "results.json").read_text())["obligations"]}

    code, stated = prove(_document(tmp_path)[0], "stated")
    assert code == 0 and {e["verdict"] for e in stated.values()} == {"proved"}
    floor_doc, _ = _document(tmp_path, INT_RULE, "The quotient is rounded toward negative infinity.")
    code, floored = prove(floor_doc, "floor")
    assert code == 1 and floored["spec.int8.contract"]["verdict"] != "proved"
    assert floored["spec.fp16.contract"]["verdict"] == "proved"
    unguarded_doc, _ = _document(tmp_path, INT_MIN_RULE, "")
    code, unguarded = prove(unguarded_doc, "unguarded")   # INT_MIN / -1 left in the domain: not implementable
    assert code == 1 and unguarded["spec.int8.contract"]["verdict"] != "proved"

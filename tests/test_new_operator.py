"""New operators, with nothing of the pipeline told about them.

A fifth binary operator through the whole pipeline (issue 37's test of "the operator is a parameter"): one
description in a temporary registry and one document, then read, check-spec, prove of every document of a
project and the reports.

An operator of one input (the absolute value renamed) and one of three (the selection renamed), each with its own
document, through the same commands.

A unary and a ternary operator of the test's own (issue 45's model: inputs of any arity, a condition's bool,
functions a description defines): their descriptions' obligations, bound by hand, rendered and proved in
SMT-LIB and Why3 and evaluated on the mirror."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from divbridge import operators, terms
from divbridge.cli import main
from divbridge.crosscheck import predicates, vectors
from divbridge.formats import get_format
from divbridge.obligations import smtrender, why3render
from divbridge.obligations.catalog import obligations_of
from divbridge.obligations.document import Binding, TagRef
from divbridge.operators.model import (X, Input, IntegerProfile, Kernels, Names, Operation, Operator, Property,
                                       SpecialRule, Vocabulary)
from divbridge.operators.abs import ABS
from divbridge.operators.mul import MUL
from divbridge.operators.where import WHERE
from divbridge.provers.cache import ProofCache
from divbridge.provers.portfolio import prove_obligations
from divbridge.terms import numpy as term_numpy

ROOT = Path(__file__).resolve().parents[1]

# A throwaway operator: the element-wise product under a name no module knows, found by its own heading
# pattern and tag prefix (E_PROD_...); its semantics, names and kernels are Mul's.
PROD = dataclasses.replace(MUL, name="Prod", vocabulary=dataclasses.replace(MUL.vocabulary, heading=r"\bprod\b"))


def _document() -> str:
    """The project's Mul document renamed to Prod, in one float and two integer types (a quick proof run)."""
    text = (ROOT / "proofs" / "spec" / "mul.md").read_text(encoding="utf-8")
    return text.replace("Mul", "Prod").replace("E_MUL_", "E_PROD_") \
        .replace("(FP16, BFLOAT16, FP32, FP64)", "(FP16)") \
        .replace("(INT8, INT16, INT32, INT64, UINT8, UINT16, UINT32, UINT64)", "(INT8, UINT8)")


@pytest.fixture
def project(tmp_path, monkeypatch):
    """A project whose proofs/spec/ holds the fifth operator's document only, with Prod registered."""
    monkeypatch.setitem(operators.OPERATORS, PROD.name, PROD)
    spec = tmp_path / "proofs" / "spec"
    spec.mkdir(parents=True)
    (spec / "prod.md").write_text(_document(), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_fifth_operator_goes_through_read_check_spec_prove_and_the_reports(project, capsys):
    assert main(["read", "proofs/spec/prod.md"]) == 0
    read = capsys.readouterr().out
    assert "IEEE 754 multiplication" in read and "binds: prod.shape.tensor.elementwise" in read

    assert main(["check-spec", "proofs/spec/prod.md"]) == 0
    capsys.readouterr()

    assert main(["prove"]) == 0       # a complete run: every document of proofs/spec/, into its evidence
    printed = capsys.readouterr().out
    assert "results written to proofs/prod/results.json" in printed and "NOT as expected" not in printed
    results = json.loads((project / "proofs" / "prod" / "results.json").read_text(encoding="utf-8"))
    obligations = results["obligations"]
    assert obligations and all(o["id"].startswith("prod.") and o["operator"] == "Prod" for o in obligations)
    ids = {o["id"] for o in obligations}
    # its rules, probes, theorems, wrap-around rows and tensor goals, each in the types its document lists
    assert {"prod.float.fp16.special.zero_times_inf", "prod.float.fp16.generic.associative",
            "prod.float.fp16.theorem.relative_error", "prod.shape.tensor.elementwise"} <= ids
    assert any(i.startswith("prod.int.int8.wraparound.") for i in ids)
    assert not any(".bf16." in i or ".int16." in i for i in ids)
    assert {o["verdict"] for o in obligations if o["expect"] == "invalid"} == {"refuted"}
    # the rendered proofs are named after it
    assert (project / "proofs" / "prod" / "why3" / "prod_float_fp16.mlw").is_file()
    assert (project / "proofs" / "prod" / "why3" / "prod_shape.mlw").is_file()
    assert not (project / "proofs" / "results.json").exists()      # nothing written as the default operator's

    assert main(["report"]) == 0
    capsys.readouterr()
    report = (project / "reports" / "prod" / "report.md").read_text(encoding="utf-8")
    assert "ONNX Prod" in report and "E_PROD_INT_FUNC_0010" in report
    index = (project / "reports" / "index.md").read_text(encoding="utf-8")
    row = next(line for line in index.splitlines() if line.startswith("| Prod |"))
    assert "| as expected |" in row and "[report](prod/report.md)" in row



# A throwaway operator of one input: the absolute value under another name (E_MODULUS_...), from the project's
# Abs document renamed, in one float and two integer types.
MODULUS = dataclasses.replace(ABS, name="Modulus",
                              vocabulary=dataclasses.replace(ABS.vocabulary, heading=r"\bmodulus\b"))


# A throwaway operator of three inputs, one a condition: the selection under another name (E_CHOOSE_...), from the
# project's Where document renamed.
CHOOSE = dataclasses.replace(WHERE, name="Choose", vocabulary=dataclasses.replace(WHERE.vocabulary, heading=r"\bchoose\b"))


def _through_the_pipeline(project: Path, monkeypatch, capsys, op: Operator, source: str) -> set[str]:
    """The project's document of ``source`` renamed to ``op`` (in one float and two integer types, ``op``
    registered) alone in a project's proofs/spec/, through read, check-spec, prove and report, each as expected:
    the ids of its obligations, of which no probe holds."""
    monkeypatch.setitem(operators.OPERATORS, op.name, op)
    name = op.name.lower()
    text = (ROOT / "proofs" / "spec" / f"{source.lower()}.md").read_text(encoding="utf-8")
    text = text.replace(source, op.name).replace(f"E_{source.upper()}_", f"E_{op.name.upper()}_") \
        .replace("(FP16, BFLOAT16, FP32, FP64)", "(FP16)") \
        .replace("(INT8, INT16, INT32, INT64, UINT8, UINT16, UINT32, UINT64)", "(INT8, UINT8)")
    (project / "proofs" / "spec").mkdir(parents=True)
    (project / "proofs" / "spec" / f"{name}.md").write_text(text, encoding="utf-8")
    monkeypatch.chdir(project)
    assert main(["read", f"proofs/spec/{name}.md"]) == 0
    assert f"binds: {name}.float.fp16.table." in capsys.readouterr().out
    assert main(["check-spec", f"proofs/spec/{name}.md"]) == 0
    capsys.readouterr()
    assert main(["prove"]) == 0
    assert "NOT as expected" not in capsys.readouterr().out
    obligations = json.loads((project / "proofs" / name / "results.json").read_text())["obligations"]
    assert {o["verdict"] for o in obligations if o["expect"] == "invalid"} == {"refuted"}
    assert main(["report"]) == 0
    capsys.readouterr()
    row = next(line for line in (project / "reports" / "index.md").read_text().splitlines()
               if line.startswith(f"| {op.name} |"))
    assert "| as expected |" in row
    ids = {o["id"] for o in obligations}
    assert not any(".bf16." in i or ".int16." in i for i in ids)   # in its document's types only
    return ids


def test_an_operator_of_three_inputs_goes_through_read_check_spec_prove_and_the_reports(tmp_path, monkeypatch,
                                                                                          capsys):
    ids = _through_the_pipeline(tmp_path, monkeypatch, capsys, CHOOSE, "Where")
    # three inputs everywhere: its rules, its table's rows over the condition, its integer rows, its example
    assert {"choose.float.fp16.ieee.minus_zero_selected", "choose.float.fp16.table.a_eq_true",
            "choose.int.int8.wraparound.cases_1.a_eq_true", "choose.int.int8.example.example_1"} <= ids


def test_an_operator_of_one_input_goes_through_read_check_spec_prove_and_the_reports(tmp_path, monkeypatch,
                                                                                       capsys):
    ids = _through_the_pipeline(tmp_path, monkeypatch, capsys, MODULUS, "Abs")
    # one input everywhere: its rules, its table's rows, its wrap-around rows, its example
    assert {"modulus.float.fp16.ieee.negative", "modulus.float.fp16.table.a_lt_0",
            "modulus.int.int8.generic.int_min_wraps", "modulus.int.int8.example.example_1"} <= ids
    assert any(i.startswith("modulus.int.int8.wraparound.") for i in ids)


# -- a unary and a ternary operator of the test's own -------------------------------------------------------

def _kernels(operation: Operation, inputs: tuple[Input, ...]) -> Kernels:
    """Kernels evaluating the operation's own terms on the mirror (`divbridge.terms.numpy`)."""
    def fast(fmt, *columns):
        family = "int" if fmt.family == "int" else "float"
        env = {i.var: c for i, c in zip(inputs, columns)}
        formats = {"ints": fmt} if family == "int" else {"fmt": fmt}
        return term_numpy.evaluate(operation.function(family)(*(i.term(family) for i in inputs)), env, **formats)
    return Kernels(real=None, float_bits=None, integer=None, fast=fast)


def _magnitude() -> Operator:
    """|A|: IEEE 754's abs, exact; on integers A where A >= 0 else -A, which wraps at INT_MIN (|INT_MIN| =
    INT_MIN), a definition of the description's (no bit-vector primitive)."""
    inputs = (Input("A", "a"),)
    a, ai, xi = inputs[0].term("float"), inputs[0].term("int"), terms.Var("x", "bv")
    zero = terms.Const(0, "bv")
    integer = terms.define("magnitude", (ai,), terms.ITE(terms.BV_SLT(ai, zero), terms.BV_NEG(ai), ai))
    operation = Operation(float=terms.define("magnitude", (a,), terms.FP_ABS(a)), signed=integer, exactness="exact")
    f, i = operation.float, operation.signed
    return Operator(
        name="Magnitude", inputs=inputs, operation=operation,
        vocabulary=Vocabulary(verbs=("magnifies",), result_nouns=("magnitude",), roles=("magnified value",),
                              symbols=(), gerund="taking the magnitude", heading=r"\bmagnitude\b", infix=""),
        rules=(SpecialRule("nan", ("nan",), "nan", text="a NaN gives NaN"),
               SpecialRule("negative", ("negative",), "-a", text="a negative number gives its opposite"),
               SpecialRule("minus_zero", ("-0",), "zero", "+", text="-0 gives +0"),
               SpecialRule("positive", ("positive",), "a", text="a positive number gives itself")),
        properties=(Property("idempotent", f(f(X)), f(X), True, "|(|x|)| = |x|"),
                    Property("even", f(terms.FP_NEG(X)), f(X), True, "|-x| = |x|"),
                    Property("identity", f(X), X, False, "|x| = x (false below zero)"),
                    Property("int_min", i(terms.Const("min", "bv")), terms.Const("min", "bv"), True,
                             "|INT_MIN| = INT_MIN (wrap-around)", family="int"),
                    Property("int_not_negative", terms.BV_SLT(i(xi), zero), terms.Const(False, "bool"), False,
                             "|x| >= 0 (false at INT_MIN)", family="int")),
        names=Names(numpy="absolute", onnx="Magnitude", openvino="Abs", jax_float="jnp.absolute", jax_int="jax.lax.abs"),
        kernels=_kernels(operation, inputs), integer=IntegerProfile("wrap"),
        why3_families=frozenset({"float", "int"}))


def _clamp() -> Operator:
    """X brought into [lo, hi]: lo below it, hi above it, X else (a NaN X stays NaN: no comparison holds), a
    definition of the description's in every family."""
    inputs = (Input("X", "x"), Input("min", "lo"), Input("max", "hi"))

    def clamp(family: str) -> terms.Function:
        x, lo, hi = (i.term(family) for i in inputs)
        lt = terms.FP_LT if family == "float" else terms.BV_SLT
        return terms.define("clamp", (x, lo, hi), terms.ITE(lt(x, lo), lo, terms.ITE(lt(hi, x), hi, x)))
    operation = Operation(float=clamp("float"), signed=clamp("int"), exactness="exact")
    f, i = operation.float, operation.signed
    x, lo, hi = (terms.Var(n) for n in ("x", "lo", "hi"))
    xi, loi, hii = (terms.Var(n, "bv") for n in ("x", "lo", "hi"))
    return Operator(
        name="Clamp", inputs=inputs, operation=operation,
        vocabulary=Vocabulary(verbs=("clamps",), result_nouns=("clamped value",), roles=("clamped", "floor", "ceiling"),
                              symbols=(), gerund="clamping", heading=r"\bclamp\b", infix=""),
        rules=(SpecialRule("nan_x", ("nan", "any", "any"), "nan", text="a NaN X gives NaN"),
               SpecialRule("plus_inf", ("+inf", "finite", "finite"), "hi", text="+inf gives the ceiling")),
        properties=(Property("inside", f(x, lo, hi), x, True, "lo <= x <= hi -> clamp(x, lo, hi) = x",
                             given=terms.AND(terms.FP_LEQ(lo, x), terms.FP_LEQ(x, hi))),
                    Property("above_floor", terms.FP_LT(f(x, lo, hi), lo), terms.Const(False, "bool"), False,
                             "clamp(x, lo, hi) >= lo (false where hi < lo)"),
                    Property("int_inside", i(xi, loi, hii), xi, True, "lo <= x <= hi -> clamp(x, lo, hi) = x",
                             given=terms.AND(terms.BV_SLE(loi, xi), terms.BV_SLE(xi, hii)), family="int")),
        names=Names(numpy="clip", onnx="Clamp", openvino="Clamp", jax_float="jnp.clip", jax_int="jax.lax.clamp"),
        kernels=_kernels(operation, inputs), integer=IntegerProfile("exact"),
        why3_families=frozenset({"float", "int"}))


@pytest.fixture(params=["unary", "ternary"])
def shaped(request, monkeypatch):
    op = _magnitude() if request.param == "unary" else _clamp()
    monkeypatch.setitem(operators.OPERATORS, op.name, op)
    binding = Binding("<no document>", op.name, op, types={"float": ("fp16",), "int": ("int8",)},
                      roles={"float.ieee": [TagRef(f"{op.tag_prefix}FLOAT_FUNC_0010", 1)],
                             "int.definition": [TagRef(f"{op.tag_prefix}INT_FUNC_0010", 2)]})
    return op, obligations_of(binding)


def test_an_operator_of_one_or_three_inputs_is_rendered_proved_and_mirrored(shaped, tmp_path):
    op, obligations = shaped
    prefix = op.name.lower()
    ids = {o.id for o in obligations}
    assert {f"{prefix}.float.fp16.ieee.{r.name}" for r in op.rules} <= ids
    assert {f"{prefix}.{p.family}.{'fp16' if p.family == 'float' else 'int8'}.generic.{p.name}"
            for p in op.properties} <= ids
    # rendered: the operator's definition once, its inputs declared by their sorts
    rendered = {r.obligation.id: r.text for r in smtrender.render_all(obligations, tmp_path / "smt")}
    assert all(f"(declare-const {i.var}_bits" in rendered[f"{prefix}.float.fp16.ieee.{op.rules[0].name}"]
               for i in op.inputs)
    theories = why3render.render(obligations, tmp_path / "why3")
    assert {t.path.name for t in theories} == {f"{prefix}_float_fp16.mlw", f"{prefix}_int_int8.mlw"}
    # proved, and refuted as expected, by the SMT solvers and by Why3; probes' counterexamples replayed
    for backend, provers in (("smt", {"z3", "cvc5", "bitwuzla"}), ("why3", {"why3"})):
        asked = [o for o in obligations if backend in o.backends]
        results = prove_obligations(asked, provers, ProofCache(tmp_path / "cache"), 60)
        assert len(results) == len(asked) and asked
        wrong = [(r.id, r.verdict, r.message) for r in results if r.status != "as expected"]
        assert not wrong, (provers, wrong)
        assert all(r.counterexample is not None and r.counterexample.replayed for r in results if r.expect == "invalid")
    assert any("why3" in o.backends and o.expect == "invalid" for o in obligations)   # Why3 refutes a probe too
    # the mirror: every valid one holds on every vector, every probe fails on some
    for o in obligations:
        sets = vectors.vector_sets(get_format(o.format), op=op)
        run, failures, first = predicates.evaluate(o, sets)
        assert run and (failures == 0) == (o.expect == "valid"), (o.id, failures, first)

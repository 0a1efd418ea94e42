"""Mul, Add and Sub through the pipeline (issue 37): their documents read, bound, proved in SMT-LIB and checked,
with Div's obligations untouched."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from divbridge import operators
from divbridge.checkspec.analysis import analyse
from divbridge.cli import main
from divbridge.obligations import smtrender
from divbridge.obligations.catalog import spec_obligations
from divbridge.operators.div import DIV

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "proofs" / "spec"
FAST = ["--provers", "z3,bitwuzla", "--no-crosscheck"]


def _by_id(path: Path) -> dict:
    return {o.id: o for o in spec_obligations(path)}


def test_div_obligations_keep_the_ids_and_statements_of_the_evidence():
    recorded = json.loads((ROOT / "proofs" / "results.json").read_text(encoding="utf-8"))["obligations"]
    bound = {o.id: o for o in spec_obligations(SPEC / "div.md")}
    document = [r for r in recorded if ".strategy." not in r["id"]]     # the strategies are divbridge's own
    assert [r["id"] for r in document] == list(bound)
    for r in document:
        o = bound[r["id"]]
        assert (o.title, o.statement, o.expect, o.operator) == (r["title"], r["statement"], r["expect"], "")
        assert "operator" not in o.to_json() and "operator" not in r


@pytest.mark.parametrize("name, smt_float, smt_int", [("mul", "fp.mul", "bvmul"), ("add", "fp.add", "bvadd"),
                                                      ("sub", "fp.sub", "bvsub")])
def test_each_operator_binds_its_rules_properties_and_examples_in_every_type(name, smt_float, smt_int, tmp_path):
    found = _by_id(SPEC / f"{name}.md")
    assert found and all(oid.startswith(f"{name}.") for oid in found)
    assert {o.operator for o in found.values()} == {name.capitalize()}
    # no backend that knows Div only: SMT-LIB, Why3 for the tensor goals and for the float statements it encodes
    # (the rules, tables, examples; not the generic properties); the theorems about rounding are Coq's
    # (tests/test_theorems.py)
    for o in (o for o in found.values() if o.kind != "theorem"):
        routed = {"why3"} if o.family == "shape" else \
            {"smt", "why3"} if o.family == "float" and o.kind != "generic" else {"smt"}
        assert o.backends == frozenset(routed), o.id
    assert {oid for oid, o in found.items() if o.family == "shape"} == \
        {f"{name}.shape.tensor.result_shape", f"{name}.shape.tensor.elementwise"}
    for fmt in ("fp16", "bf16", "fp32", "fp64"):
        assert f"{name}.float.{fmt}.example.example_1" in found
        assert any(oid.startswith(f"{name}.float.{fmt}.ieee.") for oid in found)
    assert f"{name}.int.uint8.example.example_2" in found and f"{name}.real.example.example_1" in found
    float_query = smtrender.render(found[f"{name}.float.fp32.example.example_1"], tmp_path).text
    int_query = smtrender.render(found[f"{name}.int.int8.example.example_1"], tmp_path).text
    assert f"({smt_float} RNE" in float_query and "fp.div" not in float_query
    assert f"({smt_int} " in int_query and "bvsdiv" not in int_query


def test_the_special_values_and_properties_the_issue_names_are_claims_or_probes():
    mul, add, sub = (_by_id(SPEC / f"{n}.md") for n in ("mul", "add", "sub"))
    # a rule the document states in its own words too is one obligation, named by the sentence's kind (special)
    valid = ["mul.float.fp16.special.zero_times_inf", "add.float.bf16.special.inf_minus_inf",
             "add.float.fp32.special.x_plus_minus_x", "sub.float.fp32.special.x_minus_x",
             "add.float.fp64.special.zero_plus_zero_same", "sub.float.fp16.special.zero_minus_zero_opposite",
             "mul.float.fp16.special.zero_times_finite", "mul.float.fp16.generic.commutative",
             "add.float.fp16.generic.commutative", "sub.float.fp16.generic.sub_is_add_neg",
             "mul.float.fp16.generic.times_one"]
    probes = ["mul.float.fp16.generic.associative", "mul.float.fp16.generic.distributive",
              "add.float.fp16.generic.associative", "add.float.fp16.generic.plus_zero"]
    every = {**mul, **add, **sub}
    assert [every[o].expect for o in valid] == ["valid"] * len(valid)
    assert [every[o].expect for o in probes] == ["invalid"] * len(probes)
    assert every["mul.float.fp16.special.zero_times_finite"].statement == \
        "isZero(a) and isFinite(b) -> isZero(a * b) and sign(a * b) = sign(a) xor sign(b)"


def test_prove_proves_the_claims_and_refutes_the_probes_with_decoded_counterexamples(tmp_path):
    out = tmp_path / "mul"
    code = main(["prove", "--spec", str(SPEC / "mul.md"), "--out", str(out), "--provers", "z3,bitwuzla,coq",
                 "--no-crosscheck", "--only", "mul.float.fp16.*", "--only", "mul.int.*", "--only", "mul.real.*"])
    results = {o["id"]: o for o in json.loads((out / "results.json").read_text(encoding="utf-8"))["obligations"]}
    assert code == 0         # every statement of the document bound, the k.2^n tables included
    assert all(o["verdict"] == ("proved" if o["expect"] == "valid" else "refuted") for o in results.values())
    assert results["mul.float.fp16.special.zero_times_inf"]["verdict"] == "proved"
    assert results["mul.int.uint8.example.example_2"]["verdict"] == "proved"
    associative = results["mul.float.fp16.generic.associative"]
    assert associative["operator"] == "Mul" and associative["verdict"] == "refuted"
    operands = associative["counterexample"]["operands"]
    assert set(operands) == {"x", "y", "z"} and all(v["bits"].startswith("0x") for v in operands.values())
    assert associative["counterexample"]["replayed"] is True


def test_add_plus_zero_is_refuted_at_minus_zero_and_sub_is_add_of_the_negation(tmp_path):
    out = tmp_path / "add"
    main(["prove", "--spec", str(SPEC / "add.md"), "--out", str(out), *FAST, "--only", "add.float.fp16.generic.*"])
    results = {o["id"]: o for o in json.loads((out / "results.json").read_text(encoding="utf-8"))["obligations"]}
    plus_zero = results["add.float.fp16.generic.plus_zero"]
    assert plus_zero["verdict"] == "refuted"
    assert plus_zero["counterexample"]["operands"]["x"]["bits"] == "0x8000"   # x = -0: -0 + +0 = +0
    assert results["add.float.fp16.generic.commutative"]["verdict"] == "proved"
    out = tmp_path / "sub"
    main(["prove", "--spec", str(SPEC / "sub.md"), "--out", str(out), *FAST,
          "--only", "sub.float.fp32.generic.sub_is_add_neg", "--only", "sub.float.*.special.zero_minus_zero_*"])
    results = json.loads((out / "results.json").read_text(encoding="utf-8"))["obligations"]
    assert len(results) == 1 + 2 * 4 and {o["verdict"] for o in results} == {"proved"}   # both zero rules, 4 formats


@pytest.mark.parametrize("name", ["mul", "add", "sub"])
def test_check_spec_finds_no_defect_in_the_projects_documents(name):
    findings = analyse(SPEC / f"{name}.md")["findings"]
    assert [f for f in findings if f["kind"] in ("incorrect", "incomplete", "ambiguous", "ill-formed")] == []
    # every row of the float table is read and checked (A[i], -B[i], B[i] = -A[i], the operation's own infix)
    assert [f for f in findings if f["kind"] == "unread"] == []


def _planted(tmp_path: Path, old: str, new: str) -> Path:
    text = (SPEC / "mul.md").read_text(encoding="utf-8")
    assert text.count(old) == 1
    path = tmp_path / "mul.md"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def test_a_wrong_signed_zero_rule_is_refuted_at_its_lines(tmp_path):
    path = _planted(tmp_path, "a product that rounds to zero is a zero carrying the product of the signs.",
                    "a product that rounds to zero is a zero carrying the sign of A.")
    text = path.read_text(encoding="utf-8").replace("- A zero times a finite number is a zero carrying the product "
                                                    "of the signs.", "- A zero times a finite number is a zero "
                                                    "carrying the sign of A.")
    path.write_text(text, encoding="utf-8")
    lines = [n for n, line in enumerate(text.splitlines(), 1) if "carrying the sign of A" in line]
    findings = [f for f in analyse(path)["findings"] if f["kind"] == "incorrect"]
    assert sorted(f["line"] for f in findings) == lines
    assert all("-0.0" in f["message"] and f["counterexample"] for f in findings)
    out = tmp_path / "out"
    main(["prove", "--spec", str(path), "--out", str(out), *FAST, "--only", "mul.float.fp16.sign.*",
          "--only", "mul.float.fp16.special.zero_times_finite*", "--only", "mul.float.fp16.special.inf_times_*"])
    results = {o["id"]: o for o in json.loads((out / "results.json").read_text(encoding="utf-8"))["obligations"]}
    wrong = results["mul.float.fp16.sign.everywhere_zero"]      # "rounds to zero": every zero product
    assert wrong["verdict"] == "refuted" and wrong["expect"] == "valid" and wrong["lines"] == lines[:1]
    rule = next(o for o in results.values() if lines[1] in o["lines"])   # "a zero times a finite number": its rule
    assert rule["id"].startswith("mul.float.fp16.special.zero_times_finite") and rule["verdict"] == "refuted"
    assert " * b = -0.0" in wrong["counterexample"]["mirror"]     # the product, as the mirror computes it
    # "an infinity times a finite non-zero number or an infinity is an infinity carrying the product of the signs":
    # the rules of those operands, which hold
    assert all(results[f"mul.float.fp16.special.{rule}"]["verdict"] == "proved"
               for rule in ("inf_times_nonzero", "inf_times_inf"))


def test_a_wrong_wrap_around_example_is_refuted_at_its_line(tmp_path):
    path = _planted(tmp_path, r"C = \begin{bmatrix} 21 & 144 & 0 & 1 \end{bmatrix}",
                    r"C = \begin{bmatrix} 21 & 145 & 0 & 1 \end{bmatrix}")
    line = next(n for n, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if "145" in text)
    [finding] = [f for f in analyse(path)["findings"] if f["kind"] == "incorrect"]
    assert finding["line"] == line and "200 (uint8 0xc8)" in finding["message"] and "144" in finding["message"]
    out = tmp_path / "out"
    main(["prove", "--spec", str(path), "--out", str(out), *FAST, "--only", "mul.int.uint8.example.*"])
    [result] = json.loads((out / "results.json").read_text(encoding="utf-8"))["obligations"]
    assert result["verdict"] == "refuted" and result["operator"] == "Mul"


def test_a_special_value_sentence_in_the_operators_words_binds_its_rules(capsys):
    """"Zero times an infinity ... are NaN": the operands joined by the description's word, read into its rules."""
    line = next(n for n, text in enumerate((SPEC / "mul.md").read_text(encoding="utf-8").splitlines(), 1)
                if text.startswith("- Zero times an infinity"))
    ids = {o.id: o for o in spec_obligations(SPEC / "mul.md")}
    for rule in ("zero_times_inf", "inf_times_zero"):
        assert line in ids[f"mul.float.fp32.special.{rule}"].lines
    assert main(["read", str(SPEC / "mul.md")]) == 0
    assert "A = ±0 and B = ±∞ → C = NaN" in capsys.readouterr().out


def test_a_wrong_special_value_rule_in_the_operators_words_is_refuted_at_its_line(tmp_path):
    path = _planted(tmp_path, "Zero times an infinity and an infinity times zero are NaN, whatever the signs.",
                    "Zero times an infinity is a zero carrying the product of the signs.")
    line = next(n for n, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                if text.startswith("- Zero times an infinity is"))
    [finding] = [f for f in analyse(path)["findings"] if f["kind"] == "incorrect"]
    assert finding["line"] == line and "nan" in finding["message"] and finding["counterexample"]
    assert "zero_times_inf" in finding["message"] and "_div_" not in finding["message"]
    out = tmp_path / "out"
    main(["prove", "--spec", str(path), "--out", str(out), *FAST, "--only", "mul.float.fp16.special.zero_times_inf*"])
    results = json.loads((out / "results.json").read_text(encoding="utf-8"))["obligations"]
    wrong = [o for o in results if line in o["lines"] and o["expect"] == "valid"]
    assert wrong and all(o["verdict"] == "refuted" for o in wrong)


@pytest.mark.parametrize("name, infix", [("mul", "*"), ("add", "+"), ("sub", "-")])
def test_the_definition_in_the_operators_words_and_symbols_binds_the_function_requirement(name, infix):
    """"the exact product of ...", `C[i] = A[i] \\times B[i]`: read from the description's nouns and symbols."""
    from divbridge.document.reader import read_document
    doc = read_document(SPEC / f"{name}.md")
    defined = [p for p in doc.parts if p.tag == f"E_{name.upper()}_REAL_FUNC_0010" and p.reading.understood
               and f"C = A{infix}B (the section's {operators.get(name).vocabulary.gerund})" in str(p.reading)]
    assert [p.kind for p in defined] == ["sentence", "formula"]
    ids = {o.id: o for o in spec_obligations(SPEC / f"{name}.md")}
    assert f"E_{name.upper()}_REAL_FUNC_0010" in ids[f"{name}.real.example.example_1"].requirements


def test_another_operators_words_are_not_its_definition(tmp_path):
    path = _planted(tmp_path, "is the exact product of the matching", "is the exact quotient of the matching")
    from divbridge.document.reader import read_document
    [part] = [p for p in read_document(path).parts if "exact quotient" in p.text]
    assert not part.reading.understood


@pytest.mark.parametrize("name, lines", [("add", {70: ["inf_minus_inf"], 71: ["inf_plus_inf"],
                                                   72: ["inf_plus_finite", "finite_plus_inf"]}),
                                          ("sub", {70: ["inf_minus_inf"], 71: ["inf_minus_opposite_inf"],
                                                   72: ["inf_minus_finite", "finite_minus_inf"]})])
def test_rules_with_a_relation_or_an_operand_as_result_bind_the_descriptions_rules(name, lines):
    """"The sum of two infinities of opposite signs", "the infinity of the same sign", "that / the first /
    the opposite infinity", "in either order", two clauses apart by ";": each the description's rule."""
    ids = {o.id: o for o in spec_obligations(SPEC / f"{name}.md")}
    for line, rules in lines.items():
        for rule in rules:
            assert line in ids[f"{name}.float.fp16.special.{rule}"].lines


def test_a_wrong_operand_result_is_refuted_at_its_line(tmp_path):
    text = (SPEC / "sub.md").read_text(encoding="utf-8")
    old = "a finite number minus an infinity is the opposite infinity."
    assert text.count(old) == 1
    path = tmp_path / "sub.md"
    path.write_text(text.replace(old, "a finite number minus an infinity is that infinity."), encoding="utf-8")
    line = next(n for n, t in enumerate(text.splitlines(), 1) if old in t)
    [finding] = [f for f in analyse(path)["findings"] if f["kind"] == "incorrect"]
    assert finding["line"] == line and finding["counterexample"]


def test_read_reads_the_new_operators_documents(capsys):
    for name in ("mul", "add", "sub"):
        assert main(["read", str(SPEC / f"{name}.md")]) == 0
        shown = capsys.readouterr().out
        assert f"binds: {name}.real.example.example_1" in shown
        assert f"{name}.float.fp16.ieee." in shown


def test_a_throwaway_fifth_operator_goes_through_read_check_spec_and_prove(tmp_path, monkeypatch, capsys):
    """One description (Add's semantics under another name) in the registry and one document: nothing else."""
    from dataclasses import replace

    from divbridge import operators
    from divbridge.operators.add import ADD
    plus = replace(ADD, name="Plus", vocabulary=replace(ADD.vocabulary, heading=r"\bplus\b"))
    monkeypatch.setitem(operators.OPERATORS, "Plus", plus)
    text = (SPEC / "add.md").read_text(encoding="utf-8").replace("Add", "Plus").replace("E_ADD_", "E_PLUS_")
    path = tmp_path / "plus.md"
    path.write_text(text, encoding="utf-8")
    assert main(["read", str(path)]) == 0
    assert "plus.float.fp16.special.inf_minus_inf" in capsys.readouterr().out
    assert not [f for f in analyse(path)["findings"] if f["kind"] in ("incorrect", "ill-formed")]
    out = tmp_path / "out"
    main(["prove", "--spec", str(path), "--out", str(out), *FAST, "--only", "plus.float.bf16.*"])
    results = [o for o in json.loads((out / "results.json").read_text(encoding="utf-8"))["obligations"]
               if o["kind"] != "theorem"]   # Coq's, not among these provers (tests/test_theorems.py)
    assert results and {o["operator"] for o in results} == {"Plus"}
    assert all(o["verdict"] == ("proved" if o["expect"] == "valid" else "refuted") for o in results)


@pytest.mark.parametrize("name", ["mul", "add", "sub"])
def test_the_mirror_agrees_with_the_claims_and_finds_the_probes_false(name):
    """The cross-check evaluates each obligation with the description's kernels, not Div's."""
    from divbridge.crosscheck import predicates, vectors
    from divbridge.formats import FP16
    sets = vectors.vector_sets(FP16, op=DIV)
    checked = [o for o in spec_obligations(SPEC / f"{name}.md") if o.format == "fp16"]
    for o in checked:
        run, failures, first = predicates.evaluate(o, sets)
        assert run > 0, o.id
        assert (failures == 0) == (o.expect == "valid"), (o.id, first)


def test_another_operators_real_and_integer_sentences_are_not_judged_as_divs(tmp_path):
    """"No error condition" in Mul's real section: Div's real encoding would call B = 0 a missing exclusion, a
    false finding; it is said not to be judged instead."""
    text = (SPEC / "mul.md").read_text(encoding="utf-8")
    anchor = "Each element of `C` is the exact product of the matching elements of `A` and `B`.\n"
    assert text.count(anchor) == 1
    document = tmp_path / "mul.md"
    document.write_text(text.replace(anchor, anchor + "\nThere is no error condition.\n"), encoding="utf-8")
    line = document.read_text(encoding="utf-8").splitlines().index("There is no error condition.") + 1
    findings = [f for f in analyse(document)["findings"] if f["line"] == line]
    assert [f["kind"] for f in findings] == ["information"]
    assert "not judged" in findings[0]["message"]


needs_why3 = pytest.mark.skipif(shutil.which("why3") is None, reason="why3 is not installed")


@needs_why3
@pytest.mark.parametrize("name, definition", [("add", "let function add (a b: t) : t = a .+ b"),
                                              ("sub", "let function sub (a b: t) : t = a .- b")])
def test_why3_proves_the_float_rules_and_examples_in_the_operators_own_theory(name, definition, tmp_path):
    """Add's and Sub's rules relate their operands (same sign, x and -x, x and x): Why3 states the relations."""
    out = tmp_path / name
    main(["prove", "--spec", str(SPEC / f"{name}.md"), "--out", str(out), "--provers", "why3", "--no-crosscheck",
          "--only", f"{name}.float.fp16.*", "--cache-dir", str(tmp_path / "cache")])
    results = json.loads((out / "results.json").read_text(encoding="utf-8"))["obligations"]
    routed = [o for o in results if "why3" in o["backends"]]
    assert len(routed) >= 10 and all(o["verdict"] == "proved" and o["prover"].startswith("why3+") for o in routed)
    assert {o["kind"] for o in routed} >= {"ieee", "example"}
    assert all(o["artifacts"]["why3"].split("#")[0].endswith(f"why3/{name}_float_fp16.mlw") for o in routed)
    theory = (out / "why3" / f"{name}_float_fp16.mlw").read_text(encoding="utf-8")
    assert definition in theory and " div " not in theory


@needs_why3
def test_why3_refutes_a_wrong_special_value_rule_of_mul(tmp_path):
    path = _planted(tmp_path, "Zero times an infinity and an infinity times zero are NaN, whatever the signs.",
                    "Zero times an infinity is a zero carrying the product of the signs.")
    out = tmp_path / "out"
    main(["prove", "--spec", str(path), "--out", str(out), "--provers", "why3", "--no-crosscheck",
          "--only", "mul.float.fp16.special.zero_times_inf*", "--cache-dir", str(tmp_path / "cache")])
    results = json.loads((out / "results.json").read_text(encoding="utf-8"))["obligations"]
    wrong = [o for o in results if o["expect"] == "valid" and "why3" in o["backends"]]
    assert wrong and all(o["verdict"] == "refuted" and o["prover"].startswith("why3+") for o in wrong)
    operands = wrong[0]["counterexample"]["operands"]      # a zero times an infinity: NaN, not a zero
    assert wrong[0]["counterexample"]["replayed"] and operands["b"]["bits"] in ("0x7c00", "0xfc00")

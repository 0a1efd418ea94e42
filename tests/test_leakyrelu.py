"""LeakyRelu through the pipeline (issue 45, item 4): its attribute alpha a free variable of its terms in every
backend, rows and conditions naming it read whole, an example's own alpha bound, our document read whole and
proved, the working group's layouts of it (tests/layouts_leakyrelu/) with their defects at their lines, and
`conform` with the node's alpha set, rejecting a wrong implementation with a counterexample."""

from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from conftest import assert_found_at_their_lines
from divbridge import api, operators
from divbridge.conform import conformance
from divbridge.conform.impls import deployed_peers, load_impl
from divbridge.crosscheck import vectors
from divbridge.document.formula import parse_condition, parse_result
from divbridge.errors import InputError
from divbridge.formats import get_format
from divbridge.obligations.why3render import _operator_context
from divbridge.statements.smtlib import float_context
from divbridge.terms import numpy as numpy_printer, smtlib, why3

ROOT = Path(__file__).resolve().parent.parent
LEAKYRELU = ROOT / "proofs" / "spec" / "leakyrelu.md"
CORPUS = Path(__file__).resolve().parent / "layouts_leakyrelu"
IMPLS = Path(__file__).resolve().parent / "op_impls"
OP = operators.get("LeakyRelu")

pytestmark = pytest.mark.usefixtures("own_cache")   # each test its own cache (conftest)


def test_alpha_is_a_free_variable_of_the_operation_in_every_backend():
    fmt = get_format("fp16")
    applied = OP.applied("float")
    assert [v.name for v in OP.free_variables("float")] == ["a", "alpha"] and OP.variables("float")[0].name == "a"
    assert smtlib.term(applied, fmt) == "(leaky_rectify a alpha)"
    context = float_context(fmt, OP.free_variables("float"), OP)
    assert "(declare-const alpha_bits (_ BitVec 16))" in context and "(define-fun q () " in context
    assert "(fp.mul RNE alpha a)" in context
    # Why3: a constant of no stated value, the function taking it as an argument
    theory = _operator_context(OP)
    assert theory["attributes"] == ["constant alpha : t"] and why3.term(applied) == "leaky_rectify a alpha"
    # the mirror: a value of alpha at each point; the kernels agree with the term, bit for bit
    x = np.array([-2.0, -0.0, 3.0, -np.inf, np.nan, -1.0], dtype=np.float16)
    alpha = np.array([0.25, 0.25, -1.0, 0.0, 0.5, np.nan], dtype=np.float16)
    evaluated = numpy_printer.evaluate(applied, {"a": x, "alpha": alpha}, fmt)
    fast = OP.kernels.fast(fmt, x, alpha)
    exact = [OP.kernels.float_bits(fmt, int(a), int(b)) for a, b in zip(x.view(np.uint16), alpha.view(np.uint16))]
    assert fast.view(np.uint16).tolist()[:3] == evaluated.view(np.uint16).tolist()[:3] == exact[:3]
    for results in (fast, evaluated, np.array(exact, np.uint16).view(np.float16)):   # 0 * -inf, NaN, alpha NaN
        assert np.isnan(results[3:].astype(np.float64)).all()
    assert fast[0] == -0.5 and str(fast[1]) == "-0.0"


def test_rows_conditions_and_an_example_s_alpha_are_read_whole():
    for written in (r"\alpha \cdot X[i]", r"\alpha X[i]", r"X[i] * \alpha"):
        result = parse_result(written)
        assert (result.kind, result.factor, result.operand) == ("scaled", "alpha", "A")
    assert str(parse_condition(r"X[i] \in [\text{-Inf}, -0[~~ \wedge ~\alpha \neq \text{NaN}")) == \
        "A ≥ -inf and A < -0 and alpha ≠ nan"
    read = api.read(CORPUS / "leakyrelu_2026_layout.md")
    parts = [p for s in read["sections"] for p in [*s["outside"], *(q for r in s["requirements"] for q in r["parts"])]]
    assert [p["understood"] for p in parts if p["text"].replace(" ", "").startswith(r"\alpha=")] == [True] * 4


def test_an_attribute_of_no_operator_of_the_document_is_unread(tmp_path):
    """Relu has no alpha: a row naming it is not read as one about X."""
    doc = tmp_path / "relu.md"
    doc.write_text("# **Relu** (float)\nwhere float is in {float}\n\n$$\nY[i] =\n\\begin{cases}\n"
                   "\\alpha \\cdot X[i] & \\text{if } X[i] < 0 \\\\\nX[i] & \\text{otherwise}\n\\end{cases}\n$$\n")
    findings = api.check(doc)["findings"]
    assert [f for f in findings if f["kind"] == "unread" and "no attribute of Relu" in f["message"]], findings


def test_an_operator_with_no_attribute_may_say_so(tmp_path):
    doc = tmp_path / "relu.md"
    doc.write_text("# **Relu** (float)\nwhere float is in {float}\n\n## Attributes\n\n"
                   "Operator **Relu** has no attribute.\n")
    assert not [f for f in api.check(doc)["findings"] if f["kind"] == "incorrect"]


def test_our_leakyrelu_document_is_read_whole_and_holds():
    result = api.check(LEAKYRELU)
    assert result["exit_code"] == 0 and not [f for f in result["findings"] if f["kind"] != "information"]


# (document, line, kind, a word of the message): every defect of each, and nothing else incorrect or incomplete
CORPUS_FINDINGS = {
    "leakyrelu_2026_layout.md": [(56, "incorrect", "alpha = 0.5"), (84, "incorrect", "gives inf"),
                                 (89, "incorrect", "LeakyRelu has the attribute alpha; the sentence says it has none")],
    "leakyrelu_2026_per_class_layout.md": [(17, "incorrect", "alpha = 0.0"), (17, "incorrect", "alpha = -1.0"),
                                           (17, "ambiguous", "rows at lines 14 and 17"),
                                           (31, "incomplete", "not given: ONNX's default")],
}


@pytest.mark.parametrize("name", sorted(CORPUS_FINDINGS))
def test_the_working_group_s_layouts_of_leakyrelu_have_their_defects_found_at_their_lines(name):
    assert_found_at_their_lines(api.check(CORPUS / name)["findings"], CORPUS_FINDINGS[name])


def test_our_document_proves_its_rows_over_every_alpha_and_its_examples_in_fp16(tmp_path):
    results = api.prove(LEAKYRELU, out=tmp_path / "out", only=("leakyrelu.float.fp16.*",),
                        provers=("z3", "bitwuzla"), crosscheck=False, quiet=True)
    verdicts = {o.id: o.verdict for o in results.obligations}
    assert verdicts["leakyrelu.float.fp16.table.a_lt_0_and_alpha_isnan"] == "proved"
    assert verdicts["leakyrelu.float.fp16.table.a_eq_minus_inf_and_alpha_gt_0"] == "proved"
    assert verdicts["leakyrelu.float.fp16.example.example_2"] == "proved"     # alpha = NaN
    assert all(o.as_expected for o in results.obligations if o.prover != "none")


def test_a_row_wrong_for_some_alpha_is_refuted_with_alpha_in_its_counterexample(tmp_path):
    results = api.prove(CORPUS / "leakyrelu_2026_per_class_layout.md", out=tmp_path / "out",
                        only=("leakyrelu.float.fp16.table.a_eq_minus_inf*",), provers=("z3", "bitwuzla"),
                        crosscheck=False, quiet=True)
    (refuted,) = results.obligations
    assert refuted.verdict == "refuted" and refuted.counterexample.replayed
    alpha = get_format("fp16").decode(refuted.counterexample.values["alpha"])
    assert not alpha.is_nan and alpha.sign or alpha.is_zero      # alpha <= 0: alpha * -inf is no -inf
    assert "leaky_rectify(a, alpha) = " in refuted.counterexample.mirror


def test_conform_sets_the_node_s_alpha_and_rejects_a_wrong_implementation():
    fmt = get_format("fp32")
    impl = load_impl("onnx-reference", op=OP)
    assert conformance.check(impl, fmt, vectors.vector_sets(fmt, op=OP)).clean   # alpha = FP32 0.01
    wrong = load_impl(f"{IMPLS / 'leakyrelu_alpha_forgotten'}.py:run", op=OP)
    try:
        report = conformance.check(wrong, fmt, vectors.vector_sets(fmt, op=OP))
    finally:
        wrong.close()
    assert report.mismatches > 0 and not report.errors
    shown = [e for e in report.examples if e["a"] == "-1.0 (fp32 0xbf800000)"]
    assert shown and shown[0]["expected"] == f"{fmt.describe(fmt.round(-Fraction(float(np.float32(0.01)))))}"
    with pytest.raises(InputError, match="NumPy has no function for LeakyRelu"):
        load_impl("numpy", op=OP)
    assert "numpy" not in deployed_peers(OP) and not [p for p in deployed_peers(OP) if p.startswith("openvino")]

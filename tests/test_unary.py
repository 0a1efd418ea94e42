"""Operators of one input through the pipeline (issue 45, item 4): Neg's and Abs's documents of ours read whole
and proved, a defect planted in a copy found at its line (a statement about a second operand unread, never read as
one about A), INT_MIN's negation and absolute value proved and the claims that they are positive refuted, the
working group's layouts of one input (tests/corpus_unary/) with their defects at their lines, and `conform`
rejecting a wrong implementation with a counterexample in bits."""

from pathlib import Path

import numpy as np
import pytest

from conftest import assert_found_at_their_lines, needs_coq
from divbridge import api, operators
from divbridge.conform import conformance
from divbridge.conform.impls import load_impl
from divbridge.crosscheck import vectors
from divbridge.formats import get_format
from divbridge.obligations.catalog import spec_obligations


ROOT = Path(__file__).resolve().parent.parent
NEG = ROOT / "proofs" / "spec" / "neg.md"
ABS = ROOT / "proofs" / "spec" / "abs.md"
RELU = ROOT / "proofs" / "spec" / "relu.md"
CORPUS = Path(__file__).resolve().parent / "corpus_unary"
IMPLS = Path(__file__).resolve().parent / "op_impls"
FAST = ("z3", "bitwuzla")


pytestmark = pytest.mark.usefixtures("own_cache")   # each test its own cache (conftest)


def _planted(tmp_path: Path, old: str, new: str) -> tuple[Path, int]:
    """A copy of Neg's document with ``old`` (said once) replaced: the copy and the line of the replacement."""
    text = NEG.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    text = text.replace(old, new)
    copy = tmp_path / "neg.md"
    copy.write_text(text, encoding="utf-8")
    return copy, text[:text.index(new)].count("\n") + 1


@pytest.mark.parametrize("document", [NEG, ABS, RELU], ids=["neg", "abs", "relu"])
def test_our_document_is_read_whole_and_holds(document):
    result = api.check(document)
    assert result["exit_code"] == 0
    assert not [f for f in result["findings"] if f["kind"] not in ("information",)]
    read = api.read(document)
    # what is not understood is the preamble only, outside every section of a type
    parts = [p for s in read["sections"] if s["types"]
             for p in [*s["outside"], *(q for r in s["requirements"] for q in r["parts"])]]
    assert len(parts) > 30 and all(p["understood"] for p in parts)


# (text replaced, replacement, the finding's kind at the replacement's line, a word of its message)
PLANTED = [
    (r"-0 & \text{if } X[i] = +0", r"+0 & \text{if } X[i] = +0", "incorrect", "IEEE 754 gives -0.0"),
    (r"-7 & 100 & 0 & -127 & -128", r"-7 & 100 & 0 & -127 & 127", "incorrect", "A = -128"),
    (r"-2 & 3.5 & 0 & -7.25", r"2 & 3.5 & 0 & -7.25", "incorrect", "exact real sign inversion gives -2"),
    (r"-2^{n-1} & \text{if } X[i] = -2^{n-1}", r"2^{n-1} - 1 & \text{if } X[i] = -2^{n-1}", "incorrect",
     "a = -128"),
    ("(INT8, INT16, INT32, INT64)", "(INT8, INT16, INT32, INT64, UINT8)", "incorrect", "not a type of ONNX Neg"),
    # a second operand in a document of one input: unread at its line, never read as a statement about A
    (r"\text{nan} & \text{if } X[i] \text{ is nan}", r"\text{nan} & \text{if } X[i] \text{ is nan or } B[i] \text{ is nan}",
     "unread", "names B"),
    ("`X` and `Y` share one element type. `[R2]`\n\n### Requirements\n\n<span style=\"background: red; color: white; "
     "font-size:0.7em;\">[E_NEG_FLOAT_FUNC_0010]",
     "`A`, `B` and `C` share one element type. `[R2]`\n\n### Requirements\n\n<span style=\"background: red; "
     "color: white; font-size:0.7em;\">[E_NEG_FLOAT_FUNC_0010]", "unread", "not understood"),
]


@pytest.mark.parametrize("old, new, kind, said", PLANTED, ids=[f"{p[2]}-{n}" for n, p in enumerate(PLANTED)])
def test_a_defect_planted_in_neg_s_document_is_found_at_its_line(tmp_path, old, new, kind, said):
    copy, line = _planted(tmp_path, old, new)
    result = api.check(copy)
    found = [f for f in result["findings"] if f["kind"] == kind and f["line"] == line]
    assert found and any(said in f["message"] for f in found), result["findings"]
    assert not [f for f in result["findings"] if f["kind"] in ("incorrect", "incomplete") and f["line"] != line]


def test_int_min_s_negation_is_stated_proved_and_the_sign_probe_refuted(tmp_path):
    ids = {o.id: o.expect for o in spec_obligations(NEG)}
    assert ids["neg.int.int8.generic.int_min_wraps"] == "valid"
    assert ids["neg.int.int8.generic.negative_to_positive"] == "invalid"
    assert ids["neg.int.int8.wraparound.cases_1.a_eq_minus_2_n_minus_1"] == "valid"
    results = api.prove(NEG, out=tmp_path / "out", only=("neg.int.int8.*",), provers=FAST, crosscheck=False, quiet=True)
    verdicts = {o.id: o for o in results.obligations}
    assert verdicts["neg.int.int8.generic.int_min_wraps"].verdict == "proved"
    assert verdicts["neg.int.int8.wraparound.cases_1.a_eq_minus_2_n_minus_1"].verdict == "proved"
    probe = verdicts["neg.int.int8.generic.negative_to_positive"]
    assert probe.verdict == "refuted" and probe.counterexample.values["x"] == -128


def test_int_min_s_absolute_value_wraps_and_is_not_positive(tmp_path):
    results = api.prove(ABS, out=tmp_path / "out", only=("abs.int.int8.*", "abs.int.uint8.*"), provers=FAST,
                        crosscheck=False, quiet=True)
    verdicts = {o.id: o for o in results.obligations}
    assert verdicts["abs.int.int8.generic.int_min_wraps"].verdict == "proved"
    assert verdicts["abs.int.int8.wraparound.cases_2.a_eq_minus_2_n_minus_1"].verdict == "proved"
    probe = verdicts["abs.int.int8.generic.int_at_least_zero"]
    assert probe.verdict == "refuted" and probe.counterexample.values["x"] == -128
    # the properties of the signed operation are not stated of an unsigned type, where Abs is the identity
    assert not [o for o in verdicts if o.startswith("abs.int.uint8.generic")]
    assert all(o.as_expected for o in results.obligations)


# (document, line, kind, a word of the message): every defect of each, and nothing else incorrect or incomplete
CORPUS_FINDINGS = {
    "neg_2025_layout.md": [(5, "incorrect", "uint16")],
    "abs_2026_layout.md": [(19, "incorrect", "the row gives A for A = -"), (26, "ill-formed", "found X"),
                           (35, "incorrect", "C = -4"), (73, "incorrect", "types Y as float")],
}


def test_a_signed_section_after_a_pointer_is_proved_under_its_precondition(tmp_path):
    """abs_2026_layout.md's int section follows its uint pointer: its rows are bound and hold where its
    precondition X ≠ minint admits the operand; without the precondition the first row is false at INT_MIN."""
    claims = {c["id"]: c for c in api.check(CORPUS / "abs_2026_layout.md")["claims"]}
    assert (claims["abs-int/a_lt_0"]["line"], claims["abs-int/a_lt_0"]["verdict"]) == (56, "holds")
    lines = (CORPUS / "abs_2026_layout.md").read_text().splitlines(keepends=True)
    assert "minint" in lines[68]
    unguarded = tmp_path / "abs.md"
    unguarded.write_text("".join(lines[:68] + lines[69:]))
    found = [(f["line"], f["kind"]) for f in api.check(unguarded)["findings"] if "-128 (int8 0x80)" in f["message"]]
    assert found == [(56, "incorrect")]


@pytest.mark.parametrize("name", sorted(CORPUS_FINDINGS))
def test_the_working_group_s_layouts_of_one_input_have_their_defects_found_at_their_lines(name):
    assert_found_at_their_lines(api.check(CORPUS / name)["findings"], CORPUS_FINDINGS[name])


@pytest.mark.parametrize("name, first", [("neg_zero_minus", "0.0 (fp32 0x00000000)"),
                                         ("neg_int8_saturating", "-128 (int8 0x80)"),
                                         ("abs_int8_saturating", "-128 (int8 0x80)"),
                                         ("sqrt_zero_plus", "-0.0 (fp32 0x80000000)")])
def test_conform_rejects_a_wrong_implementation_of_one_input_with_a_counterexample_in_bits(name, first):
    text = (IMPLS / f"{name}.py").read_text()
    op_name, dtype = text.split("OP, DTYPE = ")[1].splitlines()[0].replace('"', "").split(", ")
    op, fmt = operators.get(op_name), get_format(dtype)
    impl = load_impl(f"{IMPLS / name}.py:run", op=op)
    try:
        report = conformance.check(impl, fmt, vectors.vector_sets(fmt, op=op))
    finally:
        impl.close()
    assert report.mismatches > 0 and not report.errors
    shown = [e for e in report.examples if e["a"] == first]
    assert shown and "b" not in shown[0]      # one input: no B
    bits = int(shown[0]["expected"].split(" 0x")[1].rstrip(")"), 16)
    a = int(first.split(" 0x")[1].rstrip(")"), 16)
    assert bits == (op.kernels.float_bits(fmt, a) if fmt.family == "float" else
                    op.kernels.integer(fmt, a - 256) % 256)


@pytest.mark.parametrize("op_name", ["Neg", "Abs"])
def test_numpy_and_onnx_reference_on_every_fp16_value(op_name):
    op, fmt = operators.get(op_name), get_format("fp16")
    for name in ("numpy", "onnx-reference"):
        report = conformance.check_exhaustive(load_impl(name, op=op), fmt)
        assert report.conforms and report.vectors["exhaustive"] == 1 << 16


@needs_coq
@pytest.mark.parametrize("document, prefix", [(NEG, "neg"), (ABS, "abs")])
def test_coq_proves_the_exact_result_of_one_input_with_flocq(tmp_path, document, prefix):
    results = api.prove(document, out=tmp_path / "out", only=(f"{prefix}.float.fp16.theorem.*",), provers=("coq",),
                        crosscheck=False, quiet=True)
    [theorem] = results.obligations
    assert theorem.verdict == "proved" and theorem.prover == "coq"
    text = (tmp_path / "out" / "coq" / f"{prefix}.float.fp16.theorem.exact.v").read_text()
    assert "forall x : binary_float prec emax,\n  is_finite x = true ->\n" in text


def test_relu_keeps_minus_zero_as_the_working_group_says_and_onnx_reference_does_not():
    """The WG's "if X[i] >= 0 then Y[i] = X[i]" keeps -0 (-0 is not below zero), as ONNX Runtime does; NumPy's
    maximum and onnx.reference give +0: a deviation at -0 alone, with its counterexample."""
    op, fmt = operators.get("Relu"), get_format("fp32")
    sets = [vectors.Vectors("hand", fmt, np.array([-0.0, 0.0, -1.5, 2.0, np.nan], np.float32),
                            np.zeros(5, np.float32))]
    impl = load_impl("onnx-reference", op=op)
    report = conformance.check(impl, fmt, sets)
    assert report.mismatches == 1 and report.examples[0]["a"].startswith("-0.0")
    assert report.examples[0]["expected"].startswith("-0.0") and report.examples[0]["actual"].startswith("0.0")


def test_the_working_group_s_relu_cases_in_words_are_read_and_hold(tmp_path):
    text = ("# **Relu** (float)\nwhere float is {float16, float, double}\n\n"
            "- if $X[i] = \\text{NaN}$ then $Y[i]=\\text{NaN}$\n- if $X[i] < 0$ then $Y[i] = 0$\n"
            "- If $X[i] \\ge 0$ then $Y[i]=X[i]$\n- If $X[i] > 0$ then $Y[i]=0$\n")
    copy = tmp_path / "relu.md"
    copy.write_text(text, encoding="utf-8")
    result = api.check(copy)
    wrong = [f for f in result["findings"] if f["kind"] in ("incorrect", "incomplete")]
    # the last case is wrong (Relu(2) = 2), the three before it hold, in the types the set lists
    assert [f["line"] for f in wrong] == [7] and wrong[0]["message"].endswith("[in fp16, fp32, fp64]")

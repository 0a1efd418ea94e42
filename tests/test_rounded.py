"""Sqrt, correctly rounded, through the pipeline (issue 45, item 4): our document read whole and proved, the
working group's layouts of it (tests/layouts_rounded/) with their defects at their lines, a result written
\\sqrt{X[i]} and a condition X[i] ∈ [lo, hi[ read whole, Coq's relative error bound from Flocq's Bsqrt_correct,
and (in tests/test_unary.py) `conform` rejecting a wrong implementation with a counterexample in bits."""

from pathlib import Path

import numpy as np
import pytest

from conftest import assert_found_at_their_lines, needs_coq
from divbridge import api, operators
from divbridge.conform import conformance
from divbridge.conform.impls import load_impl
from divbridge.crosscheck import vectors
from divbridge.document.formula import parse_condition, parse_result
from divbridge.document.latex import LatexError
from divbridge.formats import get_format
from divbridge.terms import smtlib

ROOT = Path(__file__).resolve().parent.parent
SQRT = ROOT / "proofs" / "spec" / "sqrt.md"
CORPUS = Path(__file__).resolve().parent / "layouts_rounded"
IMPLS = Path(__file__).resolve().parent / "op_impls"

pytestmark = pytest.mark.usefixtures("own_cache")   # each test its own cache (conftest)


def test_our_sqrt_document_is_read_whole_and_holds():
    result = api.check(SQRT)
    assert result["exit_code"] == 0 and not [f for f in result["findings"] if f["kind"] != "information"]
    read = api.read(SQRT)
    parts = [p for s in read["sections"] if s["types"]
             for p in [*s["outside"], *(q for r in s["requirements"] for q in r["parts"])]]
    assert len(parts) > 10 and all(p["understood"] for p in parts)


def test_a_square_root_and_a_half_open_interval_are_read_whole():
    assert (parse_result(r"\sqrt{X[i]}").kind, parse_result(r"\sqrt{X[i]}").sign) == ("operand", "sqrt")
    assert str(parse_condition(r"X[i] \in [\text{-inf}, \text{-0}[")) == "A ≥ -inf and A < -0"
    assert str(parse_condition(r"X[i] \in ]0, +\infty)")) == "A > 0 and A < +inf"
    with pytest.raises(LatexError):
        parse_condition(r"X[i] \in [0, 1")     # no closing bracket: not read as an interval
    call = parse_result(r"\max(A[i], B[i])")   # the operation of an operator of two inputs and no infix
    assert call.call == "max" and call.operator.name == "Max" and call.is_operation_of(operators.get("Max"))
    assert not call.is_operation_of(operators.get("Div"))


# (document, line, kind, a word of the message): every defect of each, and nothing else incorrect or incomplete
CORPUS_FINDINGS = {
    "sqrt_2025_layout.md": [(13, "incomplete", "no row covers A = nan")],
    "sqrt_2026_layout.md": [(19, "incorrect", "exact real square root extraction gives 1.73205080757"),
                            (35, "incorrect", "IEEE 754 gives -0.0"),
                            (56, "incorrect", "fp64 0x3ffbb67ae8584caa")],
}


@pytest.mark.parametrize("name", sorted(CORPUS_FINDINGS))
def test_the_working_group_s_layouts_of_sqrt_have_their_defects_found_at_their_lines(name):
    assert_found_at_their_lines(api.check(CORPUS / name)["findings"], CORPUS_FINDINGS[name])


def test_a_half_open_interval_and_an_ellipsis_are_no_unbalanced_brackets():
    """The working group's Max: `L \\in [0, 2^{31}-1[` and `Max(X0, ... , XL)` were "unbalanced" (false alarms)."""
    findings = api.check(CORPUS / "max_2026_layout.md")["findings"]
    assert not [f for f in findings if f["kind"] in ("ill-formed", "incorrect", "incomplete")], findings
    assert {f["line"] for f in findings if f["kind"] == "unread"} >= {6, 9}     # read whole or not at all


def test_sqrt_s_document_proves_its_rows_rules_and_example_in_fp16(tmp_path):
    results = api.prove(SQRT, out=tmp_path / "out", only=("sqrt.float.fp16.*",), provers=("z3", "bitwuzla"),
                        crosscheck=False, quiet=True)
    verdicts = {o.id: o.verdict for o in results.obligations}
    assert verdicts["sqrt.float.fp16.ieee.negative"] == "proved"      # a number below zero gives NaN
    assert verdicts["sqrt.float.fp16.table.a_eq_minus_0"] == "proved"  # sqrt(-0) = -0
    assert verdicts["sqrt.float.fp16.example.example_1"] == "proved"
    assert all(o.as_expected for o in results.obligations if o.prover != "none")


@pytest.mark.slow    # coqc compiles Flocq's lemmas: about 11 s
@needs_coq
def test_coq_proves_sqrt_s_relative_error_bound_with_flocq(tmp_path):
    results = api.prove(SQRT, out=tmp_path / "out", only=("sqrt.float.fp16.theorem.*",), provers=("coq",),
                        crosscheck=False, quiet=True)
    [theorem] = results.obligations
    assert theorem.verdict == "proved" and theorem.prover == "coq"
    text = (tmp_path / "out" / "coq" / "sqrt.float.fp16.theorem.relative_error.v").read_text()
    assert "Rabs (B2R (Bsqrt mode_NE x) - (sqrt (B2R x))) <= bpow radix2 (-11) * Rabs (sqrt (B2R x))" in text


MAX = ROOT / "proofs" / "spec" / "max.md"


def test_our_max_document_is_read_whole_and_holds():
    result = api.check(MAX)
    assert result["exit_code"] == 0 and not [f for f in result["findings"] if f["kind"] != "information"]


def test_max_is_defined_once_and_never_as_smt_lib_s_fp_max():
    """NaN absorbing and max(-0, +0) = +0: the description's own definition, printed from one term."""
    op, fmt = operators.get("Max"), get_format("fp32")
    defined = smtlib.definition(op.operation.float, fmt)
    assert "fp.max" not in defined and "(fp.isNaN a) a" in defined and "(fp.isNegative a) b a" in defined
    zero, minus_zero, nan, one = 0x00000000, 0x80000000, 0x7FC00000, 0x3F800000
    assert op.kernels.float_bits(fmt, minus_zero, zero) == op.kernels.float_bits(fmt, zero, minus_zero) == zero
    assert op.kernels.float_bits(fmt, minus_zero, minus_zero) == minus_zero
    assert fmt.decode(op.kernels.float_bits(fmt, one, nan)).is_nan and fmt.decode(op.kernels.float_bits(fmt, nan, one)).is_nan


def test_max_s_document_proves_its_table_and_the_variadic_form_s_laws_in_fp16(tmp_path):
    results = api.prove(MAX, out=tmp_path / "out", only=("max.float.fp16.*", "max.int.int8.*"),
                        provers=("z3", "bitwuzla"), crosscheck=False, quiet=True)
    verdicts = {o.id: o for o in results.obligations}
    for proved in ("max.float.fp16.table.a_eq_minus_0_and_b_eq_0", "max.float.fp16.generic.associative",
                   "max.float.fp16.generic.commutative", "max.int.int8.generic.int_associative"):
        assert verdicts[proved].verdict == "proved", proved
    probe = verdicts["max.float.fp16.generic.first_of_equals"]      # max(x, y) = x where x == y: false at -0, +0
    assert probe.verdict == "refuted"
    assert all(o.as_expected for o in results.obligations)


def test_conform_rejects_a_max_that_keeps_its_first_operand_of_two_zeros():
    """tests/op_impls/max_first_of_zeros.py (as the working group notes ONNX Runtime does): max(-0, +0) = -0 where
    the order +0 > -0 gives +0; NaN and the other pairs agree."""
    op, fmt = operators.get("Max"), get_format("fp32")
    a = np.array([-0.0, 0.0, -0.0, np.nan, 1.0, -2.0], np.float32)
    b = np.array([0.0, -0.0, -0.0, 1.0, np.nan, -3.0], np.float32)
    impl = load_impl(f"{IMPLS / 'max_first_of_zeros'}.py:run", op=op)
    try:
        report = conformance.check(impl, fmt, [vectors.Vectors("hand", fmt, a, b)])
    finally:
        impl.close()
    assert report.mismatches == 1 and not report.errors
    [shown] = report.examples
    assert shown["a"].startswith("-0.0") and shown["b"].startswith("0.0")
    assert shown["expected"] == "0.0 (fp32 0x00000000)" and shown["actual"].startswith("-0.0")

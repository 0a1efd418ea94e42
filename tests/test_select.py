"""Less through the pipeline (issue 45, item 4): an operator whose result is a bool.  Our document read whole and
proved, True and False read as a row's result and as matrix entries, a defect planted in a copy found at its line,
a truth value in a document of a numeric operator unread, the working group's layout (tests/corpus_select/) with
its defects at their lines, the probes refuted (-0 < +0 is false; x < x + 1 fails at the largest value), and
`conform` rejecting wrong comparisons with a counterexample."""

from pathlib import Path

import pytest

from conftest import needs_coq
from divbridge import api, operators
from divbridge.conform import conformance
from divbridge.conform.impls import load_impl
from divbridge.crosscheck import vectors
from divbridge.document.formula import parse_entry, parse_result
from divbridge.formats import get_format
from divbridge.obligations.catalog import spec_obligations

ROOT = Path(__file__).resolve().parent.parent
LESS = ROOT / "proofs" / "spec" / "less.md"
RELU = ROOT / "proofs" / "spec" / "relu.md"
CORPUS = Path(__file__).resolve().parent / "corpus_select"
IMPLS = Path(__file__).resolve().parent / "op_impls"
FAST = ("z3", "bitwuzla")


pytestmark = pytest.mark.usefixtures("own_cache")   # each test its own cache (conftest)


def _planted(tmp_path: Path, document: Path, old: str, new: str) -> tuple[Path, int]:
    """A copy of ``document`` with ``old`` (said once) replaced: the copy and the line of the replacement."""
    text = document.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    copy = tmp_path / document.name
    copy.write_text(text.replace(old, new), encoding="utf-8")
    return copy, text[:text.index(old)].count("\n") + 1


def test_true_and_false_are_read_as_a_result_and_as_entries():
    assert (parse_result(r"\text{True}").kind, parse_result(r"\text{True}").value) == ("bool", 1)
    assert (parse_result("False").kind, parse_result("False").value) == ("bool", 0)
    assert (parse_entry(r"\text{False}").literal.kind, parse_entry(r"\text{False}").literal.value) == ("bool", 0)
    assert parse_entry("1").literal.kind == "number"     # a number stays one


def test_the_api_evaluates_a_comparison_to_truth_values_exactly_and_fast():
    for method in ("exact", "fast"):
        got = api.evaluate("Less", [1.0, float("nan"), -0.0, float("-inf")], [2.0, 1.0, 0.0, -1e30], dtype="fp32",
                           method=method)
        assert got.dtype == bool and got.tolist() == [True, False, False, True]
        assert api.evaluate("Less", [200, 3], [100, 4], dtype="uint8", method=method).tolist() == [False, True]
        assert api.evaluate("Less", [-56, 3], [100, 4], dtype="int8", method=method).tolist() == [True, True]


def test_our_document_is_read_whole_and_holds():
    result = api.check(LESS)
    assert result["exit_code"] == 0
    assert not [f for f in result["findings"] if f["kind"] != "information"]
    read = api.read(LESS)
    parts = [p for s in read["sections"] if s["types"]
             for p in [*s["outside"], *(q for r in s["requirements"] for q in r["parts"])]]
    assert len(parts) > 30 and all(p["understood"] for p in parts)
    ids = {o.id for o in spec_obligations(LESS)}
    # IEEE 754's rules, the probes, every row, every example, in every family; the tensor goals
    assert {"less.float.fp16.ieee.nan_left", "less.float.bf16.generic.sign_orders", "less.float.fp32.table.a_lt_b",
            "less.float.fp64.example.example_1", "less.int.uint8.example.example_2", "less.real.example.example_1",
            "less.shape.tensor.elementwise"} <= ids
    assert any(i.startswith("less.int.uint64.wraparound.") for i in ids)
    # the properties of the signed order are not stated of an unsigned type
    assert not [i for i in ids if i.startswith("less.int.uint8.generic.")]


# (text replaced, replacement, the finding's kind at the replacement's line, a word of its message)
PLANTED = [
    (r"\text{True} & \text{if } A[i] < B[i] \\" + "\n" + r"\text{False} & \text{otherwise}" + "\n" + r"\end{cases}"
     + "\n$$\n\n<span style=\"background: red; color: white; font-size:0.7em;\">[END]</br></span>\n\nA worked "
     "example, exact",
     r"\text{True} & \text{if } A[i] \le B[i] \\" + "\n" + r"\text{False} & \text{otherwise}" + "\n" + r"\end{cases}"
     + "\n$$\n\n<span style=\"background: red; color: white; font-size:0.7em;\">[END]</br></span>\n\nA worked "
     "example, exact", "incorrect", "IEEE 754 gives False"),
    (r"\text{True} & \text{False} & \text{False} & \text{False} & \text{True} \end{bmatrix}",
     r"\text{True} & \text{False} & \text{True} & \text{False} & \text{True} \end{bmatrix}", "incorrect",
     "comparison gives False"),
    (r"\text{True} & \text{False} & \text{False} & \text{False} \end{bmatrix}",
     r"\text{True} & \text{False} & \text{False} & \text{True} \end{bmatrix}", "incorrect", "gives False"),
    (r"[E_LESS_REAL_FUNC_0010]", r"[E_ABS_REAL_FUNC_0010]", "ill-formed", "names the operator Abs"),
    # a number where the result is a truth value: unread, never read as a comparison's result
    (r"\text{False} & \text{if } B[i] \text{ is nan}", r"0 & \text{if } B[i] \text{ is nan}", "unread",
     "truth value, not a number"),
]


@pytest.mark.parametrize("old, new, kind, said", PLANTED, ids=[f"{p[2]}-{n}" for n, p in enumerate(PLANTED)])
def test_a_defect_planted_in_less_s_document_is_found_at_its_line(tmp_path, old, new, kind, said):
    copy, line = _planted(tmp_path, LESS, old, new)
    result = api.check(copy)
    found = [f for f in result["findings"] if f["kind"] == kind and f["line"] in (line, line + 1)]
    assert found and any(said in f["message"] for f in found), result["findings"]
    assert not [f for f in result["findings"] if f["kind"] in ("incorrect", "incomplete")
                and f["line"] not in (line, line + 1)]


def test_a_truth_value_in_a_document_of_a_numeric_result_is_unread(tmp_path):
    copy, line = _planted(tmp_path, RELU, r"0 & \text{if } X[i] < 0 \\" + "\n" + r"X[i] & \text{otherwise}" + "\n"
                          + r"\end{cases}" + "\n$$\n\n<span style=\"background: red; color: white; font-size:0.7em;\">"
                          "[END]</br></span>\n\nA worked example:",
                          r"\text{True} & \text{if } X[i] < 0 \\" + "\n" + r"X[i] & \text{otherwise}" + "\n"
                          + r"\end{cases}" + "\n$$\n\n<span style=\"background: red; color: white; font-size:0.7em;\">"
                          "[END]</br></span>\n\nA worked example:")
    findings = api.check(copy)["findings"]
    assert [f for f in findings if f["kind"] == "unread" and f["line"] == line and "no result of Relu" in f["message"]]


CORPUS_FINDINGS = {
    "less_2026_layout.md": [(9, "ill-formed", "names the operator Abs"), (17, "incorrect", "A = -0.0"),
                            (50, "ambiguous", "the case table defines Y, but the section names its result C"),
                            (69, "incorrect", "A = 9")],
}


@pytest.mark.parametrize("name", sorted(CORPUS_FINDINGS))
def test_the_working_group_s_layout_of_less_has_its_defects_found_at_their_lines(name):
    findings = api.check(CORPUS / name)["findings"]
    for line, kind, said in CORPUS_FINDINGS[name]:
        assert [f for f in findings if f["line"] == line and f["kind"] == kind and said in f["message"]], (line, findings)
    lines = {line for line, kind, _ in CORPUS_FINDINGS[name] if kind in ("incorrect", "incomplete")}
    assert {f["line"] for f in findings if f["kind"] in ("incorrect", "incomplete")} == lines


def test_the_rows_are_proved_and_the_probes_refuted_with_their_counterexamples(tmp_path):
    # what the SMT solvers settle (the Coq theorem is Coq's: tests/test_coq.py runs the libraries)
    only = tuple(f"less.float.fp16.{kind}.*" for kind in ("table", "ieee", "generic", "example")) + \
        ("less.int.int8.*", "less.int.uint8.*")
    results = api.prove(LESS, out=tmp_path / "out", only=only, provers=FAST, crosscheck=False, quiet=True)
    verdicts = {o.id: o for o in results.obligations}
    assert all(o.as_expected for o in results.obligations) and len(verdicts) > 15
    assert verdicts["less.float.fp16.table.a_eq_0_and_b_eq_0"].verdict == "proved"
    assert verdicts["less.int.uint8.wraparound.cases_1.a_lt_b"].verdict == "proved"
    zeros = verdicts["less.float.fp16.generic.sign_orders"]     # -0 < +0 is false: the zeros compare equal
    assert zeros.verdict == "refuted"
    assert {zeros.counterexample.values["x"], zeros.counterexample.values["y"]} <= {0x8000, 0x0000, 0x7c00, 0xfc00} \
        or zeros.counterexample.replayed
    successor = verdicts["less.int.int8.generic.int_below_successor"]
    assert successor.verdict == "refuted" and successor.counterexample.values["x"] == 127


@needs_coq
def test_coq_proves_that_finite_floats_compare_as_their_reals_with_flocq(tmp_path):
    results = api.prove(LESS, out=tmp_path / "out", only=("less.float.fp16.theorem.*",), provers=("coq",),
                        crosscheck=False, quiet=True)
    [theorem] = results.obligations
    assert theorem.verdict == "proved" and theorem.prover == "coq"
    text = (tmp_path / "out" / "coq" / "less.float.fp16.theorem.exact.v").read_text()
    assert "Bltb x y = (if Rlt_dec (B2R x) (B2R y) then true else false)." in text


@pytest.mark.parametrize("name, first", [("less_signed_zeros", "-0.0 (fp32 0x80000000)"),
                                         ("less_uint8_as_signed", None)])
def test_conform_rejects_a_wrong_comparison_with_a_counterexample(name, first):
    text = (IMPLS / f"{name}.py").read_text()
    op_name, dtype = text.split("OP, DTYPE = ")[1].splitlines()[0].replace('"', "").split(", ")
    op, fmt = operators.get(op_name), get_format(dtype)
    impl = load_impl(f"{IMPLS / name}.py:run", op=op)
    try:
        report = conformance.check(impl, fmt, vectors.vector_sets(fmt, op=op))
    finally:
        impl.close()
    assert report.mismatches > 0 and not report.errors
    for example in report.examples:   # each counterexample: the truth value IEEE 754 / the type's order gives
        a, b = (int(example[k].split(" 0x")[1].rstrip(")"), 16) for k in ("a", "b"))
        want = op.kernels.float_bits(fmt, a, b) if fmt.family == "float" else op.kernels.integer(fmt, a, b)
        assert example["expected"] == str(want).lower() and example["actual"] == str(not want).lower()
    assert first is None or any(e["a"] == first for e in report.examples)


@pytest.mark.slow   # 2^32 pairs each
@pytest.mark.parametrize("name", ["numpy", "onnx-reference"])
def test_numpy_and_onnx_reference_compare_every_fp16_pair_as_ieee_754_does(name):
    op, fmt = operators.get("Less"), get_format("fp16")
    report = conformance.check_exhaustive(load_impl(name, op=op), fmt)
    assert report.conforms and report.vectors["exhaustive"] == 1 << 32


# -- conform of an operator of three inputs, one a condition (Where; its documents: tests/test_where.py) -------

def test_conform_judges_an_operator_of_three_inputs_with_a_condition():
    """NumPy's and onnx.reference's Where select as the description does (its condition a tensor of bools); a
    wrong one that blends the choices arithmetically is rejected, the counterexample naming all three inputs."""
    op, fmt = operators.get("Where"), get_format("fp32")
    sets = vectors.vector_sets(fmt, op=op)
    for name in ("numpy", "onnx-reference"):
        report = conformance.check(load_impl(name, op=op), fmt, sets)
        assert report.mismatches == 0 and not report.errors and sum(report.vectors.values()) > 4000
    impl = load_impl(f"{IMPLS / 'where_blend.py'}:run", op=op)
    try:
        report = conformance.check(impl, fmt, sets)
    finally:
        impl.close()
    assert report.mismatches > 0 and not report.errors
    assert all(set(e) >= {"cond", "x", "y"} for e in report.examples)
    # a selected -0 came out +0: the example says which input was selected, and what a selection gives
    zero = next(e for e in report.examples if e["expected"] == "-0.0 (fp32 0x80000000)")
    assert zero["actual"] == "0.0 (fp32 0x00000000)"
    assert zero["x" if zero["cond"] == "true" else "y"] == "-0.0 (fp32 0x80000000)"

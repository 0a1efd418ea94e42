"""Clip described (issue 45, item 4; `divbridge.operators.clip`): ONNX Clip-13 over three inputs, evaluated through
the CLI and the API as onnx.reference and NumPy do (NaN bounds, min > max, the sign of a zero equal to a bound),
its rules and properties proved or refuted by the SMT solvers, and conform judging NumPy, onnx.reference, ONNX
Runtime and two wrong implementations of tests/op_impls/."""

import itertools
import random
from pathlib import Path

import numpy as np
import pytest

from divbridge import api, operators
from divbridge.cli import main
from divbridge.conform import conformance
from divbridge.conform.impls import load_impl
from divbridge.crosscheck import vectors
from divbridge.document.meaning import Constraint
from divbridge.document.reader import read_document
from divbridge.formats import get_format
from divbridge.mirror import from_bits, to_bits
from divbridge.obligations.catalog import obligations_of
from divbridge.obligations.document import Binding, TagRef
from divbridge.provers.cache import ProofCache
from divbridge.provers.portfolio import prove_obligations

IMPLS = Path(__file__).resolve().parent / "op_impls"
CLIP = operators.get("Clip")
NAN, INF = float("nan"), float("inf")


def test_eval_clips_through_the_cli(capsys):
    assert main(["eval", "--op", "Clip", "fp32", "5", "0", "3"]) == 0
    assert capsys.readouterr().out.split() == ["3.0", "(0x40400000)"]
    assert main(["eval", "--op", "Clip", "fp32", "-0", "+0", "1"]) == 0   # X equal to min: the bound, +0
    assert capsys.readouterr().out.split() == ["0.0", "(0x00000000)"]


@pytest.mark.parametrize("method", ["exact", "fast"])
def test_the_api_clips_as_onnx_reference_does(method):
    def clip(x, lo, hi, dtype="fp32"):
        return api.evaluate("Clip", x, lo, hi, dtype=dtype, method=method).tolist()
    # min > max: max everywhere (the WG's document's example)
    assert clip([6.5, 9.25, 35.0], [20.25] * 3, [10.0] * 3) == [10.0] * 3
    # a NaN bound gives NaN (the WG's latest text and ONNX Runtime ignore it); a NaN X stays NaN
    assert all(v != v for v in clip([-1.0, 0.0, INF, NAN], [-1.0] * 4, [NAN] * 4))
    assert all(v != v for v in clip([-1.0, 0.0, INF], [NAN] * 3, [1.0] * 3))
    assert clip([NAN], [-1.0], [1.0])[0] != clip([NAN], [-1.0], [1.0])[0]
    # absent bounds (-inf, +inf): +inf kept, not clipped to FLT_MAX as ONNX Runtime's defaults do
    assert clip([INF, -INF, 1.5], [-INF] * 3, [INF] * 3) == [INF, -INF, 1.5]
    # integers: exact, min > max gives max
    assert clip([-100, 7, 100], [-5, -5, 20], [5, 5, 10], dtype="int8") == [-5, 5, 10]


def test_the_sign_of_a_zero_equal_to_a_bound_is_the_bound_s():
    fmt = get_format("fp32")
    zero, minus_zero, one = fmt.parse("0"), fmt.parse("-0"), fmt.parse("1")
    kernel = CLIP.kernels.float_bits
    assert kernel(fmt, minus_zero, zero, one) == zero and kernel(fmt, zero, minus_zero, one) == minus_zero
    assert kernel(fmt, one, zero, minus_zero) == minus_zero     # min +0 > max -0 is false: X 1 clipped to max
    assert kernel(fmt, minus_zero, fmt.parse("-1"), one) == minus_zero    # inside: X, -0 kept


@pytest.mark.parametrize("dtype", ["fp16", "bf16", "fp32", "fp64"])
def test_the_fast_kernel_is_the_exact_one_on_special_and_random_triples(dtype):
    """Every triple of the format's special values and of 6 random patterns: NumPy's arrays (the fast kernel,
    spelled out where NumPy's clip chooses between equal zeros by dtype) give the exact kernel's bits."""
    fmt, rng = get_format(dtype), random.Random(7)
    values = sorted(set(fmt.special_values().values()) | {rng.getrandbits(fmt.width) for _ in range(6)})
    triples = list(itertools.product(values, repeat=3))
    x, lo, hi = (from_bits(fmt, np.array(column, dtype=fmt.uint_dtype)) for column in zip(*triples))
    got = to_bits(fmt, CLIP.kernels.fast(fmt, x, lo, hi))
    bad = [t for t, g in zip(triples, got) if int(g) != CLIP.kernels.float_bits(fmt, *t)
           and not (fmt.decode(int(g)).is_nan and fmt.decode(CLIP.kernels.float_bits(fmt, *t)).is_nan)]
    assert not bad, [tuple(fmt.describe(v) for v in t) for t in bad[:3]]


def test_unsigned_integers_clip_in_their_own_order():
    assert api.evaluate("Clip", [200, 5], [10, 10], [100, 100], dtype="uint8", method="exact").tolist() == [100, 10]
    assert api.evaluate("Clip", [200, 5], [10, 10], [100, 100], dtype="uint8", method="fast").tolist() == [100, 10]


def test_the_rules_and_properties_are_proved_or_refuted_by_the_solvers(tmp_path):
    binding = Binding("<no document>", CLIP.name, CLIP, types={"float": ("fp16",), "int": ("int8",)},
                      roles={"float.ieee": [TagRef(f"{CLIP.tag_prefix}FLOAT_FUNC_0010", 1)],
                             "int.definition": [TagRef(f"{CLIP.tag_prefix}INT_FUNC_0010", 2)]})
    obligations = [o for o in obligations_of(binding) if "smt" in o.backends]
    ids = {o.id for o in obligations}
    assert {f"clip.float.fp16.ieee.{r.name}" for r in CLIP.rules} <= ids
    results = prove_obligations(obligations, {"z3", "bitwuzla"}, ProofCache(tmp_path / "cache"), 60)
    assert len(results) == len(obligations)
    assert [(r.id, r.verdict) for r in results if r.status != "as expected"] == []
    refuted = {r.id for r in results if r.expect == "invalid"}
    assert refuted == {"clip.float.fp16.generic.inside_with_ties", "clip.float.fp16.generic.always_above_min",
                       "clip.int.int8.generic.int_always_above_min"}
    assert all(r.counterexample is not None and r.counterexample.replayed for r in results if r.expect == "invalid")


def test_conform_takes_numpy_and_onnx_reference_and_rejects_wrong_clips():
    fmt = get_format("fp32")
    sets = vectors.vector_sets(fmt, op=CLIP)
    for name in ("numpy", "onnx-reference"):
        report = conformance.check(load_impl(name, op=CLIP), fmt, sets)
        assert report.mismatches == 0 and not report.errors and sum(report.vectors.values()) > 4000, name
    for wrong, says in (("clip_nan_bound_ignored", lambda e: "nan" in e["lo"] + e["hi"] and "nan" in e["expected"]),
                        ("clip_max_then_min", lambda e: e["actual"] == e["lo"] and e["expected"] == e["hi"])):
        impl = load_impl(f"{IMPLS / wrong}.py:run", op=CLIP)
        try:
            report = conformance.check(impl, fmt, sets)
        finally:
            impl.close()
        assert report.mismatches > 0 and not report.errors, wrong
        assert all(set(e) >= {"x", "lo", "hi"} for e in report.examples)
        assert any(says(e) for e in report.examples), (wrong, report.examples[:3])


def test_the_cli_s_conform_runs_onnx_runtime_once_per_pair_of_scalar_bounds(capsys):
    """ONNX Runtime holds Clip's bounds to scalars (a bound of more elements is an error): the peer runs the node
    once per pair of bounds, so its deviations are its own: a NaN bound ignored, and X = +0 with min = -0 giving
    +0 (the description: the bound, -0)."""
    assert main(["conform", "--op", "Clip", "--impl", "onnxruntime", "--dtype", "fp32"]) == 1
    out = capsys.readouterr().out
    assert " 0 errors" in out and "does NOT conform on fp32" in out
    assert "hi = nan (fp32 0x7fc00000): expected nan (fp32 0x7fc00000), got 1.401298464324817e-45" in out
    assert "x = 0.0 (fp32 0x00000000), lo = -0.0 (fp32 0x80000000), hi = inf (fp32 0x7f800000): expected -0.0" in out
    assert main(["conform", "--op", "Clip", "--impl", "onnxruntime", "--dtype", "int8"]) == 0


def test_the_cli_s_conform_says_openvino_has_no_node_for_clip(capsys):
    """OpenVINO's Clamp takes its bounds as attributes (`Names.openvino` empty): a one-line error, exit 2."""
    assert main(["conform", "--op", "Clip", "--impl", "openvino", "--dtype", "fp32"]) == 2
    assert "divbridge runs no OpenVINO node for Clip" in capsys.readouterr().err


# -- the working group's layouts (tests/corpus_select/clip_2026_layout.md, a document of ours in their style) --

CORPUS = Path(__file__).resolve().parent / "corpus_select"


def _findings(path: Path) -> list[tuple[str, int, str]]:
    return [(f["kind"], f["line"], f["message"]) for f in api.check(path)["findings"]]


def test_the_wg_layout_s_examples_are_read_with_scalar_bounds_and_their_working_unread():
    """``L = 1 \\quad M = 8`` after X's matrix: the bounds as scalars, each X's size times; a matrix of formulas
    (``\\min(8, \\max(-4.5, 1))``) and a bound given again (``M = +\\infty`` after ``M = NaN``) are the working,
    unread at their lines, not ill-formed; the NaN bound's example is incorrect against onnx.reference."""
    document = read_document(CORPUS / "clip_2026_layout.md")
    assert [(e.line, [m.name for m in e.inputs], [len(r) for m in e.inputs for r in m.entries])
            for e in document.examples] == [(17, ["X", "L", "M"], [3, 3, 3]), (64, ["X", "L", "M"], [3, 3, 3]),
                                            (80, ["X", "L", "M"], [3, 3, 3])]
    unread = {p.line: p.reading.why for p in document.parts if not p.reading.understood}
    assert "formulas" in unread[27] and "second value" in unread[88]
    found = _findings(CORPUS / "clip_2026_layout.md")
    assert not [f for f in found if f[0] == "ill-formed"]
    # Example 3: max NaN gives NaN (onnx.reference, NumPy), the WG's text ignores it; X = NaN gives NaN: holds
    assert {(s, line) for s, line, _ in found if s == "incorrect"} == {("incorrect", 92)}
    assert all("max = nan" in m for s, _, m in found if s == "incorrect")


def test_constraints_under_each_tensor_s_heading_are_numbered_per_tensor():
    """``### $X$`` then ``### Constraints`` (one level for both): [C1] of X and [C1] of L are two lists' tags,
    neither ambiguous nor defined twice."""
    found = _findings(CORPUS / "clip_2026_layout.md")
    assert not [f for f in found if f[0] in ("ambiguous", "ill-formed") and "C1" in f[2]]


MAX_DOCUMENT = r"""# **Max** (float, float)
where float is in {FP32}

## Signature
$C = \textbf{Max}(A, B)$

### Example 1

```math
A = \begin{bmatrix} 1 & 7 \end{bmatrix}
```
```math
B = 4
```
```math
C = \begin{bmatrix} \max(1, 4) & \max(7, 4) \end{bmatrix}
```
```math
C = \begin{bmatrix} 4 & 7 \end{bmatrix}
```

## Inputs

### $A$: float
The first.

### Constraints
- `[C1]` Shape consistency
  - Statement: $A$, $B$ and $C$ have the same shape.

### $B$: float
The second.

### Constraints
- `[C1]` Type consistency
  - Statement: $A$, $B$ and $C$ have the same element type.
"""


def test_a_scalar_input_a_formula_matrix_and_per_tensor_constraints_in_another_operator_s_document(tmp_path):
    """The same readings name no operator: a Max document's ``B = 4`` is B four each time, its matrix of
    formulas unread, its [C1] per tensor; a wrong scalar makes the result's entry incorrect."""
    path = tmp_path / "max.md"
    path.write_text(MAX_DOCUMENT, encoding="utf-8")
    document = read_document(path)
    assert [[[str(v) for v in row] for row in m.entries] for m in document.examples[0].inputs][1] == [["4", "4"]]
    found = _findings(path)
    assert [(s, line) for s, line, _ in found if s != "unread"] == []
    assert [(line, "formulas" in m) for s, line, m in found if s == "unread"] == [(16, True), (25, False), (32, False)]
    path.write_text(MAX_DOCUMENT.replace("B = 4", "B = 5"), encoding="utf-8")
    assert [(s, line) for s, line, _ in _findings(path) if s != "unread"] == [("incorrect", 19)]   # its entry 4


def test_a_sentence_on_the_four_tensors_names_the_third_input_as_the_signature_does(tmp_path):
    """``Y = Clip(X, L, M)``: "Tensors X, L, M and Y must have the same type" is every tensor's type; a list
    that leaves an input out, or a fourth name where the operator has two inputs, is unread with its reason."""
    def unread(text: str, signature: str = r"$Y = \textbf{Clip}(X,L,M)$", heading: str = "Clip") -> dict:
        path = tmp_path / "doc.md"
        path.write_text(f"# **{heading}** (float, float, float)\nwhere float is in {{float}}\n\n## Signature\n"
                        f"{signature}\n\n## Constraints\n - `[C2]` Type consistency\n   - Statement: {text}\n",
                        encoding="utf-8")
        return {p.line: p.reading for p in read_document(path).parts if p.line == 9}
    reading = unread("Tensors $X$, $L$, $M$ and $Y$ must have the same type.")[9]
    assert reading.understood and reading.statements == (Constraint("type"),)     # every tensor's, not the inputs'
    assert "it names three tensors" in unread("Tensors $X$, $L$ and $Y$ must have the same type.")[9].why
    # in a document of two inputs, a D is no input: the same words are not read
    two = unread("Tensors $A$, $B$, $D$ and $C$ must have the same type.", r"$C = \textbf{Max}(A, B)$", "Max")[9]
    assert not two.understood and "third input" in two.why


def test_a_scalar_shape_sentence_is_read_against_the_description_s_scalar_inputs(tmp_path):
    """"The shape of tensor $L$ must be empty": Clip's min is a scalar (`Input.scalar`), so the sentence is read;
    the same words of Max's B, which ONNX takes of any shape, are unread with the reason, nothing proved of them."""
    def statement(text: str, signature: str, heading: str):
        path = tmp_path / "doc.md"
        path.write_text(f"# **{heading}** (float, float, float)\nwhere float is in {{float}}\n\n## Signature\n"
                        f"{signature}\n\n## Constraints\n - `[C1]` Shape consistency\n   - Statement: {text}\n",
                        encoding="utf-8")
        return [(f["kind"], f["line"], f["message"]) for f in api.check(path)["findings"] if f["line"] == 9]
    assert statement("The shape of tensor $L$ must be empty.", r"$Y = \textbf{Clip}(X,L,M)$", "Clip") == []
    assert statement("$M$ is a scalar tensor.", r"$Y = \textbf{Clip}(X,L,M)$", "Clip") == []
    assert statement("The shape of tensor `M` must be empty (scalar).", r"$Y = \text{clip}(X,L,M)$", "clip") == []
    [(kind, _, message)] = statement("The shape of tensor $B$ must be empty.", r"$C = \textbf{Max}(A, B)$", "Max")
    assert kind == "unread" and "takes no scalar there" in message

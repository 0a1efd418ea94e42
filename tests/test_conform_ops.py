"""`divbridge conform --op Mul|Add|Sub` and the peer table of an operator: the implementation is judged against
the operator's description (its kernels, wrap-around integers, no precondition), wrong ones with a counterexample
in bits, right ones clean."""

import dataclasses
import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from divbridge import operators
from divbridge.cli import main
from divbridge.conform import conformance, openvino_peer, peertable
from divbridge.conform.impls import DEPLOYED_PEERS, deployed_peers, load_impl
from divbridge.conform.table import peer_table
from divbridge.crosscheck import vectors
from divbridge.errors import InputError
from divbridge.formats import BF16, FP16, FP32, get_format
from divbridge.operators.add import ADD
from divbridge.operators.div import DIV
from divbridge.operators.mul import MUL
from divbridge.operators.sub import SUB

TESTS = Path(__file__).resolve().parent
IMPLS = TESTS / "op_impls"
KERNELS = TESTS / "kernels"
ROOT = TESTS.parent
WRONG = ["mul_positive_zero", "mul_int8_saturating", "add_negated_difference", "add_int64_via_float64",
         "sub_fp16_round_toward_zero"]
RIGHT = ["sub_plus_negation", "add_fp16_via_fp32"]
needs_cc = pytest.mark.skipif(not (shutil.which("cc") or shutil.which("gcc")), reason="no C compiler (apt-get install gcc)")


pytestmark = pytest.mark.usefixtures("own_cache")   # each test its own cache (conftest)


def _declared(name):
    text = (IMPLS / f"{name}.py").read_text()
    op, dtype = text.split("OP, DTYPE = ")[1].splitlines()[0].replace('"', "").split(", ")
    return operators.get(op), get_format(dtype)


def _check(name):
    op, fmt = _declared(name)
    impl = load_impl(f"{IMPLS / name}.py:run", op=op)
    try:
        return conformance.check(impl, fmt, vectors.vector_sets(fmt, op=op))
    finally:
        impl.close()


def _pairs(fmt, a, b):
    return [vectors.Vectors("hand", fmt, np.array(a, fmt.dtype), np.array(b, fmt.dtype))]


@pytest.mark.parametrize("name", WRONG)
def test_a_wrong_implementation_is_rejected_with_a_counterexample_in_bits(name):
    op, fmt = _declared(name)
    report = _check(name)
    assert report.mismatches > 0 and not report.errors and report.op is op
    first = report.examples[0]
    assert first["expected"] != first["actual"] and f"({fmt.name} 0x" in first["a"] and "0x" in first["actual"]
    # the counterexample is what the operator's exact kernel says, not Div's
    a, b, want = (int(first[k].split(" 0x")[1].rstrip(")"), 16) for k in ("a", "b", "expected"))
    if fmt.family == "float":
        assert op.kernels.float_bits(fmt, a, b) == want
    else:
        signed = (lambda v: v - (1 << fmt.bits) if v >= 1 << (fmt.bits - 1) else v) if fmt.signed else (lambda v: v)
        assert op.kernels.integer(fmt, signed(a), signed(b)) == signed(want)


@pytest.mark.parametrize("name", RIGHT)
def test_a_correct_implementation_has_no_mismatch(name):
    report = _check(name)
    assert report.clean and sum(report.vectors.values()) > 4000 and report.outside_domain == 0


def test_the_documented_faults_show_their_inputs():
    assert any(e["a"].startswith("0.0 (fp32") and e["b"].startswith("-5.0") and e["expected"].startswith("-0.0")
               and e["actual"].startswith("0.0") for e in _check("mul_positive_zero").examples)
    assert any(e["a"].startswith("100 (int8") and e["b"].startswith("2 (int8") and e["expected"].startswith("-56")
               and e["actual"].startswith("127") for e in _check("mul_int8_saturating").examples)
    added = _check("add_negated_difference")
    assert {(e["a"].split()[0], e["b"].split()[0], e["expected"].split()[0], e["actual"].split()[0])
            for e in added.examples} >= {("2.0", "-2.0", "0.0", "-0.0")}
    # A + (-B) is A - B but for the sign of a NaN: payload differences, never mismatches
    negated = _check("sub_plus_negation")
    assert negated.payload_differences > 0 and negated.mismatches == 0


def test_wrap_around_operators_have_no_precondition_and_div_keeps_its_own():
    int8 = get_format("int8")
    sets = vectors.vector_sets(int8, op=MUL)
    assert conformance.plan(int8, sets, MUL)[0].outside_domain == 0
    assert conformance.plan(int8, vectors.vector_sets(int8, op=DIV), DIV)[0].outside_domain >= 256


def test_numpy_is_the_operators_own_ufunc_and_conforms_everywhere():
    for op in (MUL, ADD, SUB):
        impl = load_impl("numpy", op=op)
        for fmt in vectors.checkable_formats():
            report = conformance.check(impl, fmt, vectors.vector_sets(fmt, op=op, random_count=512))
            assert report.clean, (op.name, fmt.name, report.examples[:1])
    int8 = get_format("int8")   # the product wraps: 100 x 2 = 200 - 256
    assert int(load_impl("numpy", op=MUL).run(int8, np.array([100], np.int8), np.array([2], np.int8))[0]) == -56


@pytest.mark.parametrize("op", [MUL, ADD, SUB], ids=lambda op: op.name)
def test_the_exhaustive_reference_is_the_exact_kernel(op):
    """`reference_rows` (the fast kernel, row by row) against the description's exact kernel on rows of
    zeros, subnormals, normals near one and the largest values, infinities and NaNs, in both formats."""
    for fmt in (FP16, BF16):
        for start in (0x0000, 0x03FE, 0x3BFF, 0x7BFF, 0x7C00, 0x8001, 0xFBFF):
            out = np.empty((2, 1 << 16), fmt.uint_dtype)
            conformance.reference_rows(op, fmt, range(start, start + 2), out)
            for row, a in enumerate((start, start + 1)):
                for b in range(0, 1 << 16, 251):
                    want, got = op.kernels.float_bits(fmt, a, b), int(out[row, b])
                    assert want == got or (fmt.decode(want).is_nan and fmt.decode(got).is_nan), (fmt, a, b)


def test_an_exhaustive_slice_finds_a_wrong_rounding_and_passes_a_right_one():
    rows = range(0x3C00, 0x3C00 + 32)
    right = conformance.check_exhaustive(load_impl(f"{IMPLS}/add_fp16_via_fp32.py:run", op=ADD), FP16, rows=16,
                                         a_range=rows)
    assert right.vectors["exhaustive"] == 32 << 16 and right.clean
    wrong = conformance.check_exhaustive(load_impl(f"{IMPLS}/sub_fp16_round_toward_zero.py:run", op=SUB), FP16,
                                         rows=16, a_range=rows)
    first = wrong.examples[0]
    assert wrong.mismatches > 0 and first["source"] == "exhaustive" and " - " not in first["a"]
    a, b = (int(first[k].split(" 0x")[1].rstrip(")"), 16) for k in ("a", "b"))
    assert first["expected"] == FP16.describe(SUB.kernels.float_bits(FP16, a, b))


@needs_cc
def test_a_c_kernel_flushing_subnormals_is_rejected():
    impl = load_impl(f"{KERNELS}/add_fp32_flush_to_zero.c:add_fp32", op=ADD)
    report = conformance.check(impl, FP32, vectors.vector_sets(FP32, op=ADD))
    impl.close()
    assert report.mismatches > 0 and not report.errors
    tiny = FP32.describe(0x00000001)   # the smallest subnormal, flushed to zero
    assert any(tiny in (e["a"], e["b"], e["expected"]) for e in report.examples)


@needs_cc
def test_a_c_file_named_alone_defines_the_operator_function_of_each_type(capsys):
    """``kernel.c`` without ``:FUNC``: ``mul_int8`` for --dtype int8, ``mul_int32`` for int32."""
    assert main(["conform", "--op", "Mul", "--impl", str(KERNELS / "mul_saturating.c"), "--dtype", "int8",
                 "--dtype", "int32"]) == 1
    out = capsys.readouterr().out
    assert "mul_saturating.c:mul_int8" in out and "mul_saturating.c:mul_int32" in out and " as Mul:" in out
    assert "does NOT conform on int8" in out and "does NOT conform on int32" in out
    assert "MISMATCH (examples): 100 (int8 0x64) * 2 (int8 0x02): expected -56 (int8 0xc8), got 127" in out
    assert main(["conform", "--op", "Mul", "--impl", str(KERNELS / "mul_saturating.c"), "--dtype", "fp32"]) == 2
    assert "defines no exported function 'mul_fp32'" in capsys.readouterr().err


@needs_cc
def test_an_exhaustive_slice_of_a_correct_c_kernel(tmp_path):
    for fmt in (FP16, BF16):
        impl = load_impl(f"{KERNELS}/mul_fp16.c:mul_{fmt.name}", op=MUL)
        report = conformance.check_exhaustive(impl, fmt, rows=16, a_range=range(0x3BF0, 0x3C10))
        impl.close()
        assert report.clean and report.vectors["exhaustive"] == 32 << 16, fmt


def test_a_described_operator_outside_the_pipeline_is_said_to_be_so(capsys, monkeypatch):
    """Described, but its documents not read yet: said so, not called unknown."""
    outside = dataclasses.replace(operators.get("Neg"), name="Negated", in_pipeline=False)
    monkeypatch.setitem(operators.OPERATORS, "Negated", outside)
    assert main(["conform", "--op", "Negated", "--impl", "numpy", "--dtype", "fp32"]) == 2
    assert "Negated: its documents and implementations are not checked yet" in capsys.readouterr().err


def test_the_operator_comes_from_the_document_or_op_and_they_must_agree(tmp_path, capsys):
    report = tmp_path / "c.json"
    assert main(["conform", "--spec", str(ROOT / "proofs/spec/mul.md"), "--impl", f"{IMPLS}/mul_positive_zero.py:run",
                 "--dtype", "fp32", "--json", str(report)]) == 1
    data = json.loads(report.read_text())
    assert data["operator"] == "Mul" and data["formats"][0]["mismatches"] > 0
    assert " as Mul: " in capsys.readouterr().out
    assert main(["conform", "--op", "Add", "--spec", str(ROOT / "proofs/spec/mul.md"), "--impl", "numpy",
                 "--dtype", "fp32"]) == 2
    err = capsys.readouterr().err
    assert "mul.md: specifies Mul, not --op Add" in err and err.count("\n") == 1
    assert main(["conform", "--op", "Power", "--impl", "numpy", "--dtype", "fp32"]) == 2
    assert "unknown operator 'Power'" in capsys.readouterr().err
    # an operator IEEE 754 does not prescribe: its error measured, not its bits judged
    assert main(["conform", "--op", "Pow", "--impl", "numpy", "--dtype", "fp32", "--sample", "50"]) == 0
    assert "numpy: measured on fp32 (no bound given)" in capsys.readouterr().out
    div_report = tmp_path / "d.json"   # Div by default: its report names no operator, as before
    assert main(["conform", "--impl", "numpy", "--dtype", "fp32", "--json", str(div_report)]) == 0
    assert "operator" not in json.loads(div_report.read_text())


def test_the_operators_own_document_gives_the_worked_examples(tmp_path, monkeypatch):
    fp32 = get_format("fp32")
    monkeypatch.chdir(ROOT)
    mine = {s.source: s for s in vectors.vector_sets(fp32, op=MUL)}
    monkeypatch.chdir(tmp_path)   # no proofs/spec/mul.md here: no examples, never Div's
    elsewhere = {s.source for s in vectors.vector_sets(fp32, op=MUL)}
    assert len(mine["examples"]) > 0 and "examples" not in elsewhere
    assert len(mine["onnx"]) > 0   # ONNX's own Mul test cases


def test_openvino_options_follow_the_operators_node():
    assert set(deployed_peers(DIV)) == set(DEPLOYED_PEERS)
    assert "openvino:m_pythondiv=false" not in deployed_peers(MUL) and "openvino:hint=bf16" in deployed_peers(MUL)
    with pytest.raises(InputError, match="OpenVINO's Multiply has no attribute m_pythondiv"):
        openvino_peer.parse_settings("openvino:m_pythondiv=false", MUL)


def test_the_peer_table_of_an_operator(tmp_path, capsys):
    from divbridge.results import Results
    (row,) = peer_table(peers=("numpy",), random_count=64, op=SUB)
    assert all(f["mismatches"] == 0 and f["errors"] == 0 and "outside_domain" not in f for f in row["formats"].values())
    results = tmp_path / "results.json"
    Results([]).save(results)
    assert main(["crosscheck", "--results", str(results), "--random", "16", "--peers", "numpy",
                 "--spec", str(ROOT / "proofs/spec/sub.md")]) == 0
    table = json.loads((tmp_path / "peers.json").read_text())
    assert table["operator"] == "Sub" and peertable.operator_of(table) is SUB
    # a table of another operator is not merged into this one: its rows are not comparable
    previous = {**table, "operator": "Add", "peers": [{**table["peers"][0], "name": "jax"}]}
    assert peertable.merge(previous, table["seed"], 16, [], SUB) == []
    assert [r["name"] for r in peertable.merge(table | {"peers": previous["peers"]}, table["seed"], 16, [], SUB)] \
        == ["jax"]


def test_crosscheck_writes_the_peer_table_in_the_operators_evidence_directory(tmp_path, monkeypatch, capsys):
    from divbridge.results import Results
    monkeypatch.chdir(tmp_path)
    evidence = operators.evidence_dir(MUL)
    evidence.mkdir(parents=True)
    Results([]).save(evidence / "results.json")
    assert main(["crosscheck", "--op", "Mul", "--random", "8", "--peers", "numpy"]) == 0
    assert (tmp_path / "proofs/mul/peers.json").is_file() and not (tmp_path / "proofs/peers.json").exists()
    assert "peer table written to proofs/mul/peers.json" in capsys.readouterr().out
    assert main(["crosscheck", "--op", "Mul", "--random", "8", "--peers", "openvino:m_pythondiv=false"]) == 2
    capsys.readouterr()
    div_results = tmp_path / "div" / "results.json"   # Div's obligations: no Mul peer table beside them
    div_results.parent.mkdir()
    shutil.copy(ROOT / "proofs/results.json", div_results)
    assert main(["crosscheck", "--op", "Mul", "--results", str(div_results), "--peers", "numpy"]) == 2
    assert "results.json: holds obligations of Div, not of Mul" in capsys.readouterr().err
    assert not (div_results.parent / "peers.json").exists()


@pytest.fixture(scope="module")
def onnxruntime():
    pytest.importorskip("onnxruntime", reason="onnxruntime is not installed (scripts/setup.sh test installs it)")


@pytest.mark.parametrize("op", [MUL, ADD, SUB], ids=lambda op: op.name)
def test_onnxruntime_runs_the_operator_by_its_onnx_name(onnxruntime, op):
    impl = load_impl("onnxruntime", op=op)
    formats = [get_format(n) for n in ("fp16", "fp32", "fp64", "int8", "int32", "uint64")]
    jobs = [(np.array([6, 100], f.dtype), np.array([3, 2], f.dtype)) for f in formats]
    for fmt, (a, b), got in zip(formats, jobs, impl.batch(formats, jobs)):
        assert np.array_equal(got, op.kernels.fast(fmt, a, b)), (fmt.name, got)
    for fmt in (get_format("fp32"), get_format("int16")):
        report = conformance.check(impl, fmt, vectors.vector_sets(fmt, op=op, random_count=512))
        assert report.clean, report.examples[:1]


@pytest.fixture(scope="module")
def openvino():
    pytest.importorskip("openvino", reason="openvino is not installed (scripts/setup.sh test installs it)")


def test_openvino_runs_multiply_and_its_deviations_are_findings(openvino):
    """OpenVINO's Multiply by its factory name; whatever int8 100 x 2 gives, the judgment agrees with it:
    -56 (wrap-around) is clean, anything else (a saturating 127) a mismatch with that counterexample."""
    int8 = get_format("int8")
    impl = load_impl("openvino", op=MUL)
    got = int(impl.run(int8, np.array([100], np.int8), np.array([2], np.int8))[0])
    report = conformance.check(impl, int8, _pairs(int8, [100], [2]))
    assert report.clean if got == -56 else report.examples[0]["actual"].startswith(f"{got} (int8")
    fp32 = get_format("fp32")
    assert float(impl.run(fp32, np.array([1.5], np.float32), np.array([4], np.float32))[0]) == 6.0
    (row,) = peer_table(peers=("openvino",), random_count=32, op=MUL)
    assert row["broadcast"]["input"] == "A (2, 3) * B (3,)" and row["broadcast"]["behaviour"] == "accepted"
    assert "own_spec" not in row["formats"]["int8"] and "outside_domain" not in row["formats"]["int8"]


def test_jax_runs_the_operator_by_its_jax_names():
    pytest.importorskip("jax", reason="jax is not installed (pip install -e '.[peers]')")
    for op in (MUL, ADD, SUB):
        impl = load_impl("jax", op=op)
        for name in ("fp32", "int64"):
            fmt = get_format(name)
            a, b = np.array([7, -3], fmt.dtype), np.array([2, 5], fmt.dtype)
            assert np.array_equal(impl.run(fmt, a, b), op.kernels.fast(fmt, a, b)), (op.name, name)


@needs_cc
@pytest.mark.slow
def test_exhaustive_fp16_mul_kernel_conforms_on_every_pair():
    from test_ckernel import _f16c_flags
    impl = load_impl(f"{KERNELS}/mul_fp16.c:mul_fp16", _f16c_flags(), op=MUL)
    report = conformance.check_exhaustive(impl, FP16)
    impl.close()
    assert report.clean and report.vectors["exhaustive"] == 1 << 32


def test_jax_functions_are_the_descriptions_names_jitted_with_64_bit_types(monkeypatch):
    """Without JAX installed too: a stand-in `jax` records what the peer looks up, compiles and switches on."""
    import sys
    import types

    from divbridge.conform import jax_peer
    seen = {"jit": [], "config": []}
    jax = types.ModuleType("jax")
    jax.config = types.SimpleNamespace(update=lambda key, value: seen["config"].append((key, value)))
    jax.jit = lambda function: seen["jit"].append(function.__name__) or function
    jax.numpy = types.ModuleType("jax.numpy")
    jax.lax = types.ModuleType("jax.lax")
    for module, names in ((jax.numpy, ("multiply", "divide")), (jax.lax, ("mul", "div"))):
        for name in names:
            setattr(module, name, (lambda n: lambda a, b: np.full_like(a, len(n)))(name))
            getattr(module, name).__name__ = f"{module.__name__}.{name}"
    for name, module in (("jax", jax), ("jax.numpy", jax.numpy), ("jax.lax", jax.lax)):
        monkeypatch.setitem(sys.modules, name, module)
    jax_peer._compiled.cache_clear()
    try:
        run = jax_peer.jax_function(MUL)
        assert run(np.ones(2, np.float32), np.ones(2, np.float32)).tolist() == [8, 8]   # len("multiply")
        assert run(np.ones(2, np.int8), np.ones(2, np.int8)).tolist() == [3, 3]           # len("mul")
        assert jax_peer.jax_function(DIV)(np.ones(1, np.int64), np.ones(1, np.int64)).tolist() == [3]
    finally:
        jax_peer._compiled.cache_clear()
    assert seen["jit"] == ["jax.numpy.multiply", "jax.lax.mul", "jax.lax.div"]
    assert ("jax_enable_x64", True) in seen["config"]

"""OpenVINO and JAX as peers: settings, both judgments, what is observed outside the domain."""

import sys

import numpy as np
import pytest

from divbridge.conform import conformance
from divbridge.crosscheck import vectors
from divbridge.conform.impls import load_impl
from divbridge.conform.openvino_peer import OpenVinoSettings, parse_settings
from divbridge.conform.table import peer_table
from divbridge.errors import InputError, ToolMissing
from divbridge.formats import get_format
from divbridge.operators.div import DIV


def test_openvino_spellings_round_trip_and_bad_options_are_refused():
    settings = parse_settings("openvino:m_pythondiv=false:hint=bf16", DIV)
    assert settings == OpenVinoSettings((("m_pythondiv", False),), hint="bf16")
    assert settings.name == "openvino:m_pythondiv=false:hint=bf16" and parse_settings("openvino", DIV).name == "openvino"
    assert settings.profile_attributes(DIV) == {"m_pythondiv": False, "auto_broadcast": "numpy"}
    for bad in ("openvino:hint=f8", "openvino:m_pythondiv=maybe", "openvino:axis=1"):
        with pytest.raises(InputError, match="bad option"):
            parse_settings(bad, DIV)


def test_a_missing_package_is_a_skipped_row_not_a_traceback(monkeypatch):
    monkeypatch.setitem(sys.modules, "jax", None)   # import jax now raises ImportError
    with pytest.raises(ToolMissing, match="pip install"):
        load_impl("jax", op=DIV)
    (row,) = peer_table(peers=("jax",), random_count=16, op=DIV)
    assert row["formats"] == {} and "jax" in row["skipped"] and "install" in row["skipped"]


def _pairs(fmt, a, b):
    return [vectors.Vectors("hand", fmt, np.array(a, fmt.dtype), np.array(b, fmt.dtype))]


@pytest.fixture(scope="module")
def openvino():
    pytest.importorskip("openvino", reason="openvino is not installed (scripts/setup.sh test installs it)")


def test_openvino_runs_every_type_in_its_child_process(openvino):
    impl = load_impl("openvino", op=DIV)
    formats = vectors.checkable_formats()
    outputs = impl.batch(formats, [(np.array([6, 9], f.dtype), np.array([3, 3], f.dtype)) for f in formats])
    for fmt, out in zip(formats, outputs):
        assert isinstance(out, np.ndarray) and out.dtype == fmt.dtype and out.astype(float).tolist() == [2, 3], fmt


def test_openvino_is_judged_against_sonnx_and_against_its_own_divide(openvino):
    """int32 -7 / 2 with m_pythondiv=true: Divide-1 floors (-4), SONNX truncates (-3).
    Whatever the runtime returns, exactly one of the two judgments flags it."""
    (row,) = peer_table(peers=("openvino",), random_count=64, op=DIV)
    int32 = row["formats"]["int32"]
    assert int32["own_spec"]["spec"].startswith("openvino Divide-1 (m_pythondiv=true")
    fmt = get_format("int32")
    got = int(load_impl("openvino", op=DIV).run(fmt, np.array([-7], fmt.dtype), np.array([2], fmt.dtype))[0])
    assert got in (-3, -4)
    assert int32["own_spec"]["mismatches"] > 0 if got == -3 else int32["mismatches"] > 0
    assert row["precision"] in ("f32", "f16", "bf16") and row["version"].startswith("openvino ")
    assert {x["input"] for x in int32["outside_domain"]} == {"7 / 0", "-2147483648 / -1"}


def test_openvino_bf16_counterexample_is_decoded(openvino):
    """1 / 3 in BF16: the nearest value is 0x3eab; a runtime that truncates its f32 quotient gives 0x3eaa."""
    fmt = get_format("bf16")
    report = conformance.check(load_impl("openvino", op=DIV), fmt, _pairs(fmt, [1.0], [3.0]))
    got = load_impl("openvino", op=DIV).run(fmt, np.array([1.0], fmt.dtype), np.array([3.0], fmt.dtype))
    if int(got.view(np.uint16)[0]) == 0x3EAB:
        assert report.clean
    else:
        assert report.mismatches == 1 and report.examples[0]["expected"] == "0.333984375 (bf16 0x3eab)"


def test_conform_cli_takes_openvino_settings(openvino, capsys):
    from divbridge.cli import main
    assert main(["conform", "--impl", "openvino:m_pythondiv=false:hint=f32", "--dtype", "fp16", "--sample", "4096"]) in (0, 1)
    out = capsys.readouterr().out
    assert "conform openvino:m_pythondiv=false:hint=f32" in out and "fp16 (sonnx semantics)" in out
    assert main(["conform", "--impl", "openvino:hint=f7", "--dtype", "fp16"]) == 2


def test_jax_divides_through_jit_with_64_bit_types():
    pytest.importorskip("jax", reason="jax is not installed (pip install -e '.[peers]')")
    impl = load_impl("jax", op=DIV)
    for name in ("fp64", "int64", "bf16"):
        fmt = get_format(name)
        out = impl.run(fmt, np.array([-7], fmt.dtype), np.array([2], fmt.dtype))
        assert out.dtype == fmt.dtype and float(out[0]) == (-3 if name == "int64" else -3.5)
    fmt = get_format("int64")   # 2^62 + 1 is exact only in 64-bit integer arithmetic
    assert int(impl.run(fmt, np.array([2**62 + 1], fmt.dtype), np.array([1], fmt.dtype))[0]) == 2**62 + 1


def test_crosscheck_writes_a_deterministic_peer_table(tmp_path, capsys):
    from divbridge.cli import main
    from divbridge.results import Results
    results = tmp_path / "results.json"
    Results([]).save(results)
    first, second = tmp_path / "peers1.json", tmp_path / "peers2.json"
    for target in (first, second):
        assert main(["crosscheck", "--results", str(results), "--random", "32", "--peers-out", str(target),
                     "--peers", "numpy,openvino:hint=bf16,jax"]) == 0
    assert first.read_bytes() == second.read_bytes()
    import json
    table = json.loads(first.read_text())
    assert table["random_pairs"] == 32 and "seconds" not in first.read_text()
    names = [peer["name"] for peer in table["peers"]]
    assert names == ["numpy", "openvino:hint=bf16", "jax"]
    numpy_row = table["peers"][0]["formats"]["fp32"]
    assert numpy_row["by_source"]["random"] == 32 and numpy_row["by_source"]["special"] > 0
    assert "peer 2/3: openvino:hint=bf16" in capsys.readouterr().out
    assert main(["crosscheck", "--results", str(results), "--random", "0"]) == 2


@pytest.mark.slow
def test_the_committed_peer_table_is_what_a_rerun_writes(tmp_path):
    """proofs/peers.json is current: rerunning every peer on 10^5 random pairs per format rewrites it byte for byte."""
    from pathlib import Path

    from divbridge.cli import main
    from divbridge.results import Results
    pytest.importorskip("jax", reason="jax is not installed (pip install -e '.[peers]')")
    committed = Path(__file__).resolve().parents[1] / "proofs" / "peers.json"
    Results([]).save(tmp_path / "results.json")
    assert main(["crosscheck", "--results", str(tmp_path / "results.json"),
                 "--peers-out", str(tmp_path / "peers.json")]) == 0
    assert (tmp_path / "peers.json").read_bytes() == committed.read_bytes()

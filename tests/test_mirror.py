"""The mirror: exact path vs IEEE hardware and vs the fast path, profiles, tags."""

import itertools
from fractions import Fraction

import ml_dtypes
import numpy as np
import pytest

from divbridge.errors import InputError, SpecViolation
from divbridge.formats import BF16, FLOAT_FORMATS, FP16, FP32, FP64, INT_FORMATS
from divbridge.mirror import compute, from_bits, to_bits
from divbridge.operators.div import kernels as exact
from divbridge.operators.div.examples import EXAMPLES
from divbridge.operators.div.profiles import PROFILES
from divbridge.semantics.onnx_cases import onnx_cases

FLOAT_EXAMPLES = [e for e in EXAMPLES if e.section == "float"]
REAL_EXAMPLES = [e for e in EXAMPLES if e.section == "real"]


def div(a, b, **options):
    """The mirror's Div."""
    return compute(PROFILES, a, b, **options)


def _same_bits_or_both_nan(fmt, got, want):
    got_bits, want_bits = to_bits(fmt, got), to_bits(fmt, want)
    nan_got = np.array([fmt.decode(int(x)).is_nan for x in got_bits.ravel()])
    nan_want = np.array([fmt.decode(int(x)).is_nan for x in want_bits.ravel()])
    agree = (got_bits.ravel() == want_bits.ravel()) | (nan_got & nan_want)
    bad = np.flatnonzero(~agree)
    return bad


def _boundary_bits(fmt):
    """Special values, ties in the subnormal range, and their neighbours."""
    specials = list(fmt.special_values().values())
    near = [b + d for b in specials for d in (-1, 1) if 0 <= b + d < (1 << fmt.width)]
    odd_subnormals = [k for k in (1, 3, 5, 7, fmt.fraction_mask)]
    powers_of_two = [fmt.parse(x) for x in ("2", "4", "0.5", "-2", "3", "-7")]
    return sorted(set(specials + near + odd_subnormals + powers_of_two))


def _random_bits(fmt, count, seed):
    rng = np.random.default_rng(seed)
    return rng.integers(0, 1 << fmt.width, size=count, dtype=np.uint64).astype(fmt.uint_dtype)


@pytest.mark.parametrize("fmt", FLOAT_FORMATS, ids=lambda f: f.name)
def test_fast_path_equals_exact_path(fmt):
    boundary = _boundary_bits(fmt)
    pairs = np.array(list(itertools.product(boundary, boundary)), dtype=fmt.uint_dtype)
    rand = np.stack([_random_bits(fmt, 3000, 1), _random_bits(fmt, 3000, 2)], axis=1)
    # operands of close magnitude exercise normal results; random bits alone mostly over/underflow
    close = rand.copy()
    close[:, 1] = (close[:, 0] ^ (_random_bits(fmt, 3000, 3) & fmt.fraction_mask)).astype(fmt.uint_dtype)
    for operands in (pairs, rand, close):
        a, b = from_bits(fmt, operands[:, 0]), from_bits(fmt, operands[:, 1])
        fast = div(a, b, dtype=fmt, method="fast")
        slow = div(a, b, dtype=fmt, method="exact")
        bad = _same_bits_or_both_nan(fmt, fast, slow)
        assert not len(bad), [(fmt.describe(int(operands[i, 0])), fmt.describe(int(operands[i, 1]))) for i in bad[:3]]


@pytest.mark.parametrize("fmt", [FP32, FP64], ids=lambda f: f.name)
def test_exact_path_equals_hardware_division(fmt):
    """The hardware's IEEE division is an independent oracle for the exact path."""
    rng = np.random.default_rng(7)
    a = rng.standard_normal(2000).astype(fmt.dtype) * fmt.dtype.type(10) ** rng.integers(-30, 30, 2000).astype(fmt.dtype)
    b = rng.standard_normal(2000).astype(fmt.dtype)
    with np.errstate(all="ignore"):
        want = a / b
    got = div(a, b, dtype=fmt, method="exact")
    assert not len(_same_bits_or_both_nan(fmt, got, want))


def test_special_value_table():
    f = FP16
    one, zero, inf, nan = f.parse("1"), f.parse("0"), f.parse("inf"), f.nan
    neg = f.sign_mask
    cases = {
        (one, neg | zero): neg | inf,        # x / -0: sign by XOR
        (neg | one, zero): neg | inf,
        (zero, zero): nan, (neg | zero, zero): nan, (inf, neg | inf): nan,
        (nan, one): nan, (one, nan): nan,
        (neg | inf, zero): neg | inf, (inf, neg | zero): neg | inf,
        (one, neg | inf): neg | zero, (neg | one, neg | inf): zero,
        (zero, neg | one): neg | zero,       # 0 / negative: -0 (not "the sign of B" alone)
        (neg | zero, neg | one): zero,
    }
    for (a, b), want in cases.items():
        got = exact.float_div_bits(f, a, b)
        assert got == want or (f.decode(got).is_nan and f.decode(want).is_nan), (f.describe(a), f.describe(b))


def test_overflow_and_underflow_results():
    assert exact.float_div_bits(FP16, FP16.parse("60000"), FP16.parse("0.5")) == FP16.inf(0)
    assert exact.float_div_bits(FP32, FP32.parse("0x1p-149"), FP32.parse("0.5")) == FP32.parse("0x1p-148")
    assert exact.float_div_bits(FP32, FP32.parse("0x1p-149"), FP32.parse("4")) == FP32.zero(0)
    assert exact.float_div_bits(FP32, FP32.parse("-0x1p-149"), FP32.parse("2")) == FP32.zero(1)  # tie -> even 0


def test_known_discrepancies_of_design():
    # bf16 1.0 / 1.046875 rounds to nearest even 0x3F75
    assert exact.float_div_bits(BF16, BF16.parse("1"), BF16.parse("1.046875")) == 0x3F75
    # f32 3 / 7: the reciprocal rewrite 3 * (1/7) is not correctly rounded
    three, seven = np.float32(3), np.float32(7)
    correct = div(np.array([three]), np.array([seven]), dtype="fp32", method="exact")[0]
    assert correct != three * (np.float32(1) / seven)
    # int64 (2^62 + 1) / 3 is exact in integers but not through float64
    a, b = 2**62 + 1, 3
    assert div(np.array([a]), np.array([b]), dtype="int64", profile="onnx")[0] == (2**62 + 1) // 3
    assert int(np.float64(a) / np.float64(b)) != (2**62 + 1) // 3


@pytest.mark.parametrize("fmt", INT_FORMATS, ids=lambda f: f.name)
def test_integer_fast_path_equals_exact_on_boundaries(fmt):
    values = sorted(v for v in {fmt.min, fmt.min + 1, -7, -2, -1, 0, 1, 2, 7, fmt.max - 1, fmt.max} if fmt.min <= v <= fmt.max)
    pairs = [(x, y) for x in values for y in values if y != 0 and not (fmt.signed and x == fmt.min and y == -1)]
    a = np.array([p[0] for p in pairs], dtype=fmt.dtype)
    b = np.array([p[1] for p in pairs], dtype=fmt.dtype)
    for profile, attrs in (("onnx", {}), ("openvino", {"m_pythondiv": True}), ("openvino", {"m_pythondiv": False})):
        fast = div(a, b, dtype=fmt, profile=profile, method="fast", **attrs)
        slow = div(a, b, dtype=fmt, profile=profile, method="exact", **attrs)
        assert np.array_equal(fast, slow), (profile, attrs)


def test_truncation_vs_floor():
    a, b = np.array([-7, 7, -7, 7], np.int32), np.array([2, 2, -2, -2], np.int32)
    assert div(a, b, dtype="int32").tolist() == [-3, 3, 3, -3]
    assert div(a, b, dtype="int32", profile="onnx").tolist() == [-3, 3, 3, -3]
    assert div(a, b, dtype="int32", profile="openvino").tolist() == [-4, 3, 3, -4]
    assert div(a, b, dtype="int32", profile="openvino", m_pythondiv=False).tolist() == [-3, 3, 3, -3]


def test_all_int8_pairs_truncate_exactly():
    values = np.arange(-128, 128, dtype=np.int8)
    a, b = np.meshgrid(values, values)
    keep = (b != 0) & ~((a == -128) & (b == -1))
    a, b = a[keep], b[keep]
    got = div(a, b, dtype="int8")
    want = np.trunc(a.astype(np.float64) / b.astype(np.float64)).astype(np.int8)
    assert np.array_equal(got, want)


@pytest.mark.parametrize("tag,a,b,dtype", [
    ("E_DIV_INT_CONSTR_B_0010", [1, 2], [1, 0], "int32"),
    ("E_DIV_INT_CONSTR_AB_0020", [-2**31], [-1], "int32"),
    ("E_DIV_REAL_CONSTR_B_0010", [1], [0], "real"),
    ("E_DIV_TYPES_0010", [1], [1], "int64"),
    ("R1", [[1, 2, 3], [4, 5, 6]], [1, 2, 3], "fp32"),
])
def test_violations_name_their_tag(tag, a, b, dtype):
    with pytest.raises(SpecViolation, match=rf"^\[{tag}\]"):
        div(a, b, dtype=dtype)


def test_shape_message_and_type_mismatch():
    with pytest.raises(SpecViolation, match=r"\[R1\] shapes \(2, 3\) and \(3,\) differ"):
        div(np.ones((2, 3), np.float32), np.ones(3, np.float32), dtype="fp32")
    with pytest.raises(SpecViolation, match=r"^\[R2\]"):
        div(np.ones(3, np.float32), np.ones(3, np.float64), dtype="fp32")


def test_broadcasting_per_profile():
    a, b = np.ones((8, 1, 6, 1), np.float32), np.ones((7, 1, 5), np.float32)
    assert div(a, b, dtype="fp32", profile="openvino").shape == (8, 7, 6, 5)      # seed 004 example 2
    assert div(a, b, dtype="fp32", profile="onnx", opset=7).shape == (8, 7, 6, 5)
    with pytest.raises(SpecViolation, match="OV_DIVIDE_AUTO_BROADCAST"):
        div(a, b, dtype="fp32", profile="openvino", auto_broadcast="none")
    with pytest.raises(SpecViolation, match="R1"):
        div(a, b, dtype="fp32", profile="sonnx")
    with pytest.raises(SpecViolation, match="ONNX_DIV7_BROADCAST"):
        div(np.ones((2, 3), np.float32), np.ones((4,), np.float32), dtype="fp32", profile="onnx", opset=7)


def test_legacy_broadcast_of_div_1_and_6():
    a = np.arange(1, 121, dtype=np.float32).reshape(2, 3, 4, 5)
    cases = [((), None), ((1, 1), None), ((5,), None), ((4, 5), None), ((3, 4), 1), ((2,), 0)]
    for shape_b, axis in cases:
        b = np.full(shape_b, 2, np.float32)
        out = div(a, b, dtype="fp32", profile="onnx", opset=6, broadcast=1, axis=axis)
        assert out.shape == a.shape and np.array_equal(out, a / 2), (shape_b, axis)
    b = np.array([1, 2, 3], np.float32)
    out = div(np.ones((2, 3, 4, 5), np.float32), b, dtype="fp32", profile="onnx", opset=1, broadcast=1, axis=1)
    assert out[0, 2, 0, 0] == np.float32(1 / 3)
    with pytest.raises(SpecViolation, match="broadcast=0"):
        div(a, np.ones(5, np.float32), dtype="fp32", profile="onnx", opset=6)
    with pytest.raises(SpecViolation, match="not a contiguous run"):
        div(a, np.ones((3, 5), np.float32), dtype="fp32", profile="onnx", opset=6, broadcast=1)


def test_onnx_type_sets_per_version():
    with pytest.raises(SpecViolation, match="ONNX_DIV1_TYPES"):
        div(np.ones(1, np.int32), np.ones(1, np.int32), dtype="int32", profile="onnx", opset=1)
    with pytest.raises(SpecViolation, match="ONNX_DIV7_TYPES"):
        div(np.ones(1, ml_dtypes.bfloat16), np.ones(1, ml_dtypes.bfloat16), dtype="bf16", profile="onnx", opset=12)
    assert div(np.ones(1, ml_dtypes.bfloat16), np.ones(1, ml_dtypes.bfloat16), dtype="bf16", profile="onnx", opset=13)[0] == 1
    with pytest.raises(SpecViolation, match="ONNX_DIV13_TYPES"):
        div(np.ones(1, np.int8), np.ones(1, np.int8), dtype="int8", profile="onnx", opset=13)
    assert div(np.ones(1, np.int8), np.ones(1, np.int8), dtype="int8", profile="onnx", opset=14)[0] == 1


def test_bad_profile_and_attribute_are_input_errors():
    with pytest.raises(InputError, match="unknown profile"):
        div([1.0], [1.0], dtype="fp32", profile="tflite")
    with pytest.raises(InputError, match="no attribute"):
        div([1.0], [1.0], dtype="fp32", profile="sonnx", opset=14)
    with pytest.raises(InputError, match="auto_broadcast"):
        div([1.0], [1.0], dtype="fp32", profile="openvino", auto_broadcast="pdpd")


def _value(fmt, text):
    return fmt.decode(fmt.parse(text))


@pytest.mark.parametrize("fmt", FLOAT_FORMATS, ids=lambda f: f.name)
def test_seed_000_float_examples(fmt):
    for example in FLOAT_EXAMPLES:
        for a, b, c in example.elements():
            got = fmt.decode(exact.float_div_bits(fmt, fmt.parse(a), fmt.parse(b)))
            want = _value(fmt, c)
            assert (got.is_nan and want.is_nan) or got == want, (example.name, a, b, c)


def test_seed_000_real_examples():
    for example in REAL_EXAMPLES:
        for a, b, c in example.elements():
            assert exact.real_div(Fraction(a), Fraction(b)) == Fraction(c)
        shape = np.array(example.a, dtype=object).shape
        out = div(np.array(example.a, dtype=object), np.array(example.b, dtype=object), dtype="real")
        assert out.shape == shape


def test_onnx_backend_test_cases_seed_003():
    cases = onnx_cases("Div")
    assert {"test_div", "test_div_bcast", "test_div_example", "test_div_int32_trunc"} <= {c.name for c in cases}
    for case in cases:
        a, b, want = case.a, case.b, case.c
        got = div(a, b, dtype=a.dtype, profile="onnx", opset=14)
        if np.issubdtype(want.dtype, np.floating):
            # the recorded outputs come from NumPy float32 division: bit-identical to IEEE
            assert np.array_equal(got.view(np.uint32), want.view(np.uint32)), case.name
        else:
            assert np.array_equal(got, want), case.name

"""The exhaustive engine: its reference against exact rationals, its strategies, its fast path."""

import random
from fractions import Fraction

import pytest

from divbridge.operators.div import enumeration as engine
from divbridge.errors import InputError
from divbridge.formats import BF16, FP16, FP32, float_format

TINY = float_format(3, 4)


def exact_quotient_bits(fmt, a, b):
    """IEEE division through exact rationals and FloatFormat.round: independent of the engine."""
    x, y = fmt.decode(a), fmt.decode(b)
    sign = x.sign ^ y.sign
    if x.is_nan or y.is_nan or (x.is_zero and y.is_zero) or (x.is_inf and y.is_inf):
        return fmt.nan
    if x.is_inf or y.is_zero:
        return fmt.inf(sign)
    if x.is_zero or y.is_inf:
        return fmt.zero(sign)
    return fmt.round(Fraction(x.value) / Fraction(y.value), sign_if_zero=sign)


def same(fmt, x, y):
    return x == y or (fmt.decode(x).is_nan and fmt.decode(y).is_nan)


def test_reference_matches_exact_rounding_on_every_pair_of_a_tiny_format():
    n = 1 << TINY.width
    expected, _ = engine.numerator_rows(TINY, "reference", range(n))
    for a in range(n):
        for b in range(n):
            assert same(TINY, int(expected[a, b]), exact_quotient_bits(TINY, a, b)), (a, b)


@pytest.mark.parametrize("fmt", [FP16, BF16], ids=["fp16", "bf16"])
def test_reference_matches_exact_rounding_on_samples(fmt):
    rng = random.Random(5)
    specials = list(fmt.special_values().values())
    numerators = sorted(set(specials + [rng.randrange(1 << 16) for _ in range(6)]))
    for a in numerators:
        expected, _ = engine.numerator_rows(fmt, "reference", range(a, a + 1))
        for b in specials + [rng.randrange(1 << 16) for _ in range(150)]:
            assert same(fmt, int(expected[0, b]), exact_quotient_bits(fmt, a, b)), (hex(a), hex(b))


def test_reference_agrees_with_numpy_float16_on_a_slice():
    import numpy as np
    a_bits = np.arange(0x3C00, 0x3C04, dtype=np.uint16)
    expected, _ = engine.numerator_rows(FP16, "reference", range(0x3C00, 0x3C04))
    b = np.arange(1 << 16, dtype=np.uint16).view(np.float16).astype(np.float64)
    for i, a in enumerate(a_bits.view(np.float16).astype(np.float64)):
        with np.errstate(all="ignore"):
            want = (a / b).astype(np.float16).view(np.uint16)   # one rounding from float64: exact for FP16
        got = expected[i].astype(np.uint16)
        nan = np.isnan(want.view(np.float16))
        assert np.array_equal(got[~nan], want[~nan])
        assert np.isnan(got[nan].view(np.float16)).all()


def test_correct_strategy_passes_and_wrong_ones_fail_on_a_tiny_format():
    assert engine.enumerate_pairs(TINY, "via_fp32").passed
    assert engine.enumerate_pairs(TINY, "reference").passed
    for wrong in ("via_fp32_truncate", "via_fp32_ftz", "via_p_plus_2"):
        result = engine.enumerate_pairs(TINY, wrong)
        assert result.mismatches > 0
        a, b, expected, actual = result.first_mismatch
        assert expected == exact_quotient_bits(TINY, a, b) and not same(TINY, expected, actual)


@pytest.mark.parametrize("strategy", list(engine.STRATEGIES))
@pytest.mark.parametrize("fmt,start", [(FP16, 0x0001), (FP16, 0x7BF0), (BF16, 0x3F81), (BF16, 0x0002)],
                         ids=["fp16-sub", "fp16-big", "bf16-one", "bf16-sub"])
def test_vectorised_path_counts_what_the_pair_by_pair_path_counts(fmt, strategy, start):
    numerators = range(start, start + 3)
    fast = engine.enumerate_pairs(fmt, strategy, numerators=numerators)
    expected, actual = engine.numerator_rows(fmt, strategy, numerators)
    nan = lambda x: ((x & 0x7FFF) > (0x7C00 if fmt is FP16 else 0x7F80))  # noqa: E731
    differ = (expected != actual) & ~(nan(expected) & nan(actual))
    assert fast.mismatches == int(differ.sum())
    if fast.mismatches:
        row, b = divmod(int(differ.ravel().argmax()), 1 << 16)
        assert fast.first_mismatch[:2] == (start + row, b)


def test_known_counterexample_of_truncating_bf16_conversion():
    one, d = BF16.parse("1.0"), BF16.parse("1.046875")
    assert engine.reference_div_bits(BF16, one, d) == 0x3F75
    assert engine.strategy_div_bits(BF16, "via_fp32_truncate", one, d) == 0x3F74


def test_rejects_formats_it_cannot_enumerate():
    with pytest.raises(InputError):
        engine.enumerate_pairs(FP32)
    with pytest.raises(InputError):
        engine.enumerate_pairs(FP16, "no_such_strategy")


@pytest.mark.slow
@pytest.mark.parametrize("fmt", [FP16, BF16], ids=["fp16", "bf16"])
def test_every_pair_via_fp32_is_correctly_rounded(fmt):
    result = engine.enumerate_pairs(fmt, "via_fp32")
    assert result.pairs == 1 << 32 and result.mismatches == 0

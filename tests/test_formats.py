"""Formats: layout, exact rounding (checked against a brute-force nearest value), parsing."""

from fractions import Fraction

import numpy as np
import pytest

from divbridge.errors import InputError
from divbridge.formats import BF16, FLOAT_FORMATS, FP16, FP32, FP64, INT_FORMATS, float_format, get_format


def test_layouts_match_ieee():
    assert [(f.width, f.bias, f.emin, f.emax) for f in FLOAT_FORMATS] == [
        (16, 15, -14, 15), (16, 127, -126, 127), (32, 127, -126, 127), (64, 1023, -1022, 1023)]
    assert FP16.max_finite == 65504
    assert FP16.min_subnormal == Fraction(1, 2**24)
    assert BF16.max_finite == Fraction(255, 128) * 2**127


@pytest.mark.parametrize("fmt", FLOAT_FORMATS, ids=lambda f: f.name)
def test_special_values_agree_with_numpy(fmt):
    for name, bits in fmt.special_values().items():
        value = np.array([bits], dtype=fmt.uint_dtype).view(fmt.dtype)[0]
        decoded = fmt.decode(bits)
        if decoded.is_nan:
            assert np.isnan(value), name
        elif decoded.is_inf:
            assert np.isinf(value) and (value < 0) == bool(decoded.sign), name
        else:
            assert Fraction(float(value)) == decoded.value, name
            assert np.signbit(value) == bool(decoded.sign), name


def _nearest_even(fmt, finite: dict[int, Fraction], value: Fraction) -> int:
    """Brute force: the finite value nearest to `value`, ties to the even significand,
    or an infinity past the IEEE overflow threshold max + ulp(max)/2."""
    ulp_max = Fraction(2) ** (fmt.emax - fmt.sb + 1)
    if abs(value) >= fmt.max_finite + ulp_max / 2:
        return fmt.inf(1 if value < 0 else 0)
    return min(finite, key=lambda bits: (abs(finite[bits] - value), bits & 1, (bits >> (fmt.width - 1)) != (value < 0)))


def test_round_equals_brute_force_on_a_tiny_format():
    tiny = float_format(3, 4)
    finite = {bits: tiny.decode(bits).value for bits in range(1 << tiny.width) if tiny.decode(bits).is_finite}
    values = {Fraction(n, d) for n in range(-70, 71) for d in (1, 2, 3, 7, 8, 16, 64, 96)} - {0}
    for value in sorted(values):
        assert tiny.round(value) == _nearest_even(tiny, finite, value), value


def test_round_signs_zero_and_underflow():
    assert FP16.round(Fraction(0), sign_if_zero=1) == 0x8000
    assert FP16.round(Fraction(-1, 2**26)) == 0x8000          # below half the smallest subnormal
    assert FP16.round(Fraction(3, 2**25)) == 0x0002            # tie 1.5 ulp -> even 2
    assert FP16.round(Fraction(65520)) == 0x7C00               # the overflow threshold rounds to inf
    assert FP16.round(Fraction(65519)) == 0x7BFF


def test_parse_forms():
    assert FP16.parse("-0") == 0x8000
    assert FP16.parse("0x1.8p+1") == FP16.parse("3")
    assert FP16.parse("bits:0x3c00") == 0x3C00
    assert FP16.parse("-inf") == 0xFC00
    assert FP16.decode(FP16.parse("nan")).is_nan
    assert FP64.parse("0.1") == int(np.array([0.1]).view(np.uint64)[0])
    assert FP32.parse("1/3") == int(np.array([1 / 3], dtype=np.float32).view(np.uint32)[0])


@pytest.mark.parametrize("text", ["x", "1..2", "bits:0x10000", "0x", "1/0", ""])
def test_bad_operands_are_input_errors(text):
    with pytest.raises(InputError):
        FP16.parse(text)


def test_int_formats():
    names = [f.name for f in INT_FORMATS]
    assert names == ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]
    int8 = get_format("int8")
    assert (int8.min, int8.max) == (-128, 127)
    assert int8.parse("bits:0xff") == -1
    assert int8.describe(-1) == "-1 (int8 0xff)"
    with pytest.raises(InputError, match="out of the int8 range"):
        int8.parse("128")


def test_get_format_spellings_and_errors():
    assert get_format("tensor(float16)") is FP16
    assert get_format("BFLOAT16") is BF16
    assert get_format("double") is FP64
    assert get_format("fp(8,24)") is FP32
    with pytest.raises(InputError, match="unknown format 'fp17'"):
        get_format("fp17")

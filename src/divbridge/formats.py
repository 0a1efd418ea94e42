"""The number formats the operators are specified on: real, IEEE 754 binary formats, integers.

Every format knows its name, width, range, special values, bit-pattern
conversions and NumPy dtype.  Float values are handled as bit patterns
(Python ints); `FloatFormat.decode` and `FloatFormat.round` are the exact,
reviewable IEEE 754 encoding and round-to-nearest-even for any (eb, sb).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

import ml_dtypes
import numpy as np

from divbridge.errors import InputError


@dataclass(frozen=True)
class RealFormat:
    """Mathematical real numbers: exact rational arithmetic."""

    name: str = "real"
    family: str = "real"
    dtype = None

    def parse(self, text: str) -> Fraction:
        if _beyond(text.strip().lower()):
            raise InputError(f"'{text}': exponent out of range (at most {MAX_EXPONENT} in magnitude)")
        value = _parse_rational(text)
        if value is None:
            raise InputError(f"'{text}' is not a real number (decimal or p/q)")
        return value


@dataclass(frozen=True)
class FloatValue:
    """A decoded IEEE value: its sign, its class and (when finite) its exact value."""

    sign: int  # 0 positive, 1 negative
    kind: str  # zero | subnormal | normal | inf | nan
    value: Fraction | None  # exact magnitude-with-sign for finite values, None otherwise

    @property
    def is_finite(self) -> bool:
        return self.kind in ("zero", "subnormal", "normal")

    @property
    def is_nan(self) -> bool:
        return self.kind == "nan"

    @property
    def is_inf(self) -> bool:
        return self.kind == "inf"

    @property
    def is_zero(self) -> bool:
        return self.kind == "zero"


@dataclass(frozen=True)
class FloatFormat:
    """An IEEE 754 binary format with ``eb`` exponent bits and ``sb`` significand
    bits, the hidden bit included (so binary32 is (8, 24), as in SMT-LIB)."""

    name: str
    eb: int
    sb: int
    family: str = "float"

    # -- layout (IEEE 754-2019 clause 3.4) --------------------------------
    @property
    def width(self) -> int:
        return self.eb + self.sb

    @property
    def precision(self) -> int:
        return self.sb

    @property
    def bias(self) -> int:
        return (1 << (self.eb - 1)) - 1

    @property
    def emax(self) -> int:
        return self.bias

    @property
    def emin(self) -> int:
        return 1 - self.bias

    @property
    def sign_mask(self) -> int:
        return 1 << (self.width - 1)

    @property
    def exponent_mask(self) -> int:
        return ((1 << self.eb) - 1) << (self.sb - 1)

    @property
    def fraction_mask(self) -> int:
        return (1 << (self.sb - 1)) - 1

    # -- range --------------------------------------------------------------
    @cached_property
    def max_finite(self) -> Fraction:
        return Fraction((1 << self.sb) - 1) * Fraction(2) ** (self.emax - self.sb + 1)

    @cached_property
    def min_normal(self) -> Fraction:
        return Fraction(2) ** self.emin

    @cached_property
    def min_subnormal(self) -> Fraction:
        return Fraction(2) ** (self.emin - self.sb + 1)

    # -- special bit patterns ----------------------------------------------
    def zero(self, sign: int = 0) -> int:
        return sign * self.sign_mask

    def inf(self, sign: int = 0) -> int:
        return sign * self.sign_mask | self.exponent_mask

    @property
    def nan(self) -> int:
        """The canonical quiet NaN: positive, top fraction bit set."""
        return self.exponent_mask | (1 << (self.sb - 2))

    def special_values(self) -> dict[str, int]:
        """The boundary operands every float test and vector set uses."""
        values = {}
        for sign, prefix in ((0, "+"), (1, "-")):
            s = sign * self.sign_mask
            values[prefix + "zero"] = s
            values[prefix + "min_subnormal"] = s | 1
            values[prefix + "max_subnormal"] = s | self.fraction_mask
            values[prefix + "min_normal"] = s | (1 << (self.sb - 1))
            values[prefix + "one"] = s | (self.bias << (self.sb - 1))
            values[prefix + "max_finite"] = s | (self.exponent_mask - (1 << (self.sb - 1))) | self.fraction_mask
            values[prefix + "inf"] = self.inf(sign)
        values["nan"] = self.nan
        return values

    # -- numpy --------------------------------------------------------------
    @property
    def dtype(self) -> np.dtype | None:
        return _FLOAT_DTYPES.get((self.eb, self.sb))

    @property
    def uint_dtype(self) -> np.dtype:
        """The unsigned integer dtype that holds one bit pattern."""
        return np.dtype(f"uint{max(8, 1 << (self.width - 1).bit_length())}")

    # -- decoding and encoding ---------------------------------------------
    def decode(self, bits: int) -> FloatValue:
        if not 0 <= bits < (1 << self.width):
            raise ValueError(f"bit pattern {bits:#x} does not fit {self.name}")
        sign = bits >> (self.width - 1)
        exponent = (bits & self.exponent_mask) >> (self.sb - 1)
        fraction = bits & self.fraction_mask
        if exponent == (1 << self.eb) - 1:
            return FloatValue(sign, "nan" if fraction else "inf", None)
        if exponent == 0:
            kind = "zero" if fraction == 0 else "subnormal"
            magnitude = fraction * self.min_subnormal
        else:
            kind = "normal"
            magnitude = ((1 << (self.sb - 1)) | fraction) * Fraction(2) ** (exponent - self.bias - self.sb + 1)
        return FloatValue(sign, kind, -magnitude if sign else magnitude)

    def round(self, value: Fraction, sign_if_zero: int = 0) -> int:
        """Round an exact rational to this format, to nearest, ties to even.

        A zero result takes ``sign_if_zero`` (the sign IEEE 754 gives the exact
        result, which the operation decides).  Overflow gives
        an infinity, underflow a subnormal or a signed zero (clause 4.3.1).
        """
        if value == 0:
            return self.zero(sign_if_zero)
        sign = 1 if value < 0 else 0
        magnitude = abs(value)
        # exponent e with 2**e <= magnitude < 2**(e+1), clamped to emin for subnormals
        e = magnitude.numerator.bit_length() - magnitude.denominator.bit_length()
        if magnitude < Fraction(2) ** e:
            e -= 1
        e = max(e, self.emin)
        quantum = Fraction(2) ** (e - self.sb + 1)
        scaled = magnitude / quantum
        k, remainder = divmod(scaled.numerator, scaled.denominator)
        twice = 2 * remainder
        if twice > scaled.denominator or (twice == scaled.denominator and k % 2 == 1):
            k += 1
        if k * quantum > self.max_finite:
            return self.inf(sign)
        if k == 0:
            return self.zero(sign)
        if k == 1 << self.sb:  # rounding carried into the next binade
            k >>= 1
            e += 1
        if k >= 1 << (self.sb - 1):
            biased = e + self.bias
            fraction = k - (1 << (self.sb - 1))
        else:  # subnormal: only reachable with e == emin
            biased = 0
            fraction = k
        return sign * self.sign_mask | biased << (self.sb - 1) | fraction

    # -- text ---------------------------------------------------------------
    def hex_bits(self, bits: int) -> str:
        return f"0x{bits:0{(self.width + 3) // 4}x}"

    def to_text(self, bits: int) -> str:
        """Decimal text of the value: shortest round-trip form for standard formats."""
        decoded = self.decode(bits)
        if decoded.is_nan:
            return "nan"
        if decoded.is_inf:
            return "-inf" if decoded.sign else "inf"
        if decoded.is_zero:
            return "-0.0" if decoded.sign else "0.0"
        if self.dtype is not None:
            return repr(float(np.array([bits], dtype=self.uint_dtype).view(self.dtype)[0]))
        return repr(float(decoded.value))

    def to_hexfloat(self, bits: int) -> str:
        decoded = self.decode(bits)
        if not decoded.is_finite:
            return self.to_text(bits)
        if decoded.is_zero:
            return "-0x0p+0" if decoded.sign else "0x0p+0"
        return float(decoded.value).hex()

    def describe(self, bits: int) -> str:
        """``-1.0 (fp16 0xbc00)``: the form counterexamples are shown in."""
        return f"{self.to_text(bits)} ({self.name} {self.hex_bits(bits)})"

    def parse(self, text: str) -> int:
        """Parse an operand into a bit pattern of this format.

        Accepts decimals, fractions p/q, hex floats (``0x1.8p+1``), ``inf``,
        ``-inf``, ``nan``, ``-0`` and raw bits (``bits:0x3c00``).  Values are
        rounded to nearest even, exactly.
        """
        s = text.strip().lower()
        if s.startswith("bits:"):
            try:
                bits = int(s[5:], 0)
            except ValueError:
                raise InputError(f"'{text}' is not a bit pattern (e.g. bits:0x3c00)") from None
            if not 0 <= bits < (1 << self.width):
                raise InputError(f"bit pattern '{text}' does not fit {self.name} ({self.width} bits)")
            return bits
        sign = 1 if s.startswith("-") else 0
        body = s.lstrip("+-")
        if body in ("inf", "infinity"):
            return self.inf(sign)
        if body == "nan":
            return self.nan
        beyond = _beyond(s)
        if beyond:   # past every format's range: no need to build the number to round it
            return self.inf(sign) if beyond > 0 else self.zero(sign)
        value = parse_hexfloat(s) if body.startswith("0x") else _parse_rational(s)
        if value is None:
            raise InputError(f"'{text}' is not a {self.name} operand (decimal, hex float, inf, nan, bits:0x...)")
        return self.round(value, sign_if_zero=sign)


@dataclass(frozen=True)
class IntFormat:
    """A two's-complement (signed) or unsigned integer type."""

    name: str
    bits: int
    signed: bool
    family: str = "int"

    @property
    def width(self) -> int:
        return self.bits

    @property
    def min(self) -> int:
        return -(1 << (self.bits - 1)) if self.signed else 0

    @property
    def max(self) -> int:
        return (1 << (self.bits - 1)) - 1 if self.signed else (1 << self.bits) - 1

    @property
    def dtype(self) -> np.dtype:
        return np.dtype(self.name)

    def special_values(self) -> dict[str, int]:
        values = {"min": self.min, "max": self.max, "zero": 0, "one": 1}
        if self.signed:
            values.update({"minus_one": -1, "min_plus_one": self.min + 1})
        return values

    def to_bits(self, value: int) -> int:
        return value & ((1 << self.bits) - 1)

    def hex_bits(self, value: int) -> str:
        return f"0x{self.to_bits(value):0{self.bits // 4}x}"

    def describe(self, value: int) -> str:
        return f"{value} ({self.name} {self.hex_bits(value)})"

    def parse(self, text: str) -> int:
        s = text.strip().lower()
        try:
            if s.startswith("bits:"):
                raw = int(s[5:], 0)
                if not 0 <= raw < (1 << self.bits):
                    raise InputError(f"bit pattern '{text}' does not fit {self.name}")
                return raw - (1 << self.bits) if self.signed and raw >> (self.bits - 1) else raw
            value = int(s, 0)
        except ValueError:
            raise InputError(f"'{text}' is not an integer") from None
        if not self.min <= value <= self.max:
            raise InputError(f"{value} is out of the {self.name} range [{self.min}, {self.max}]")
        return value


@dataclass(frozen=True)
class BoolFormat:
    """ONNX's bool: a condition (Where's) or a comparison's result (Less's).  Its values are Python bools; an
    SMT query declares one as a bit-vector of width 1, as it declares a float by its bit pattern."""

    name: str = "bool"
    family: str = "bool"
    bits = 1

    @property
    def dtype(self) -> np.dtype:
        return np.dtype(np.bool_)

    def describe(self, value) -> str:
        return "true" if value else "false"

    def parse(self, text: str) -> bool:
        s = text.strip().lower()
        if s not in ("true", "false", "1", "0"):
            raise InputError(f"'{text}' is not a bool (true, false, 1, 0)")
        return s in ("true", "1")


Format = RealFormat | FloatFormat | IntFormat | BoolFormat

REAL = RealFormat()
FP16 = FloatFormat("fp16", 5, 11)
BF16 = FloatFormat("bf16", 8, 8)
FP32 = FloatFormat("fp32", 8, 24)
FP64 = FloatFormat("fp64", 11, 53)
FLOAT_FORMATS = (FP16, BF16, FP32, FP64)
INT_FORMATS = tuple(
    IntFormat(f"{'' if signed else 'u'}int{bits}", bits, signed)
    for signed in (True, False)
    for bits in (8, 16, 32, 64)
)
BOOL = BoolFormat()
FORMATS: dict[str, Format] = {f.name: f for f in (REAL, *FLOAT_FORMATS, *INT_FORMATS, BOOL)}

_FLOAT_DTYPES = {
    (5, 11): np.dtype(np.float16),
    (8, 8): np.dtype(ml_dtypes.bfloat16),
    (8, 24): np.dtype(np.float32),
    (11, 53): np.dtype(np.float64),
}

# ONNX and SONNX spellings of the same types.
ALIASES = {
    "float16": "fp16", "half": "fp16", "bfloat16": "bf16", "float": "fp32", "float32": "fp32",
    "double": "fp64", "float64": "fp64",
}


# The custom formats: a bit pattern fits 64 bits (the mirror keeps patterns in NumPy integers), and the
# exponent range stays where exact rationals of 2^(2^eb) answer in milliseconds.
MAX_EB, MAX_WIDTH = 20, 64
# A literal's exponent beyond this (decimal digits, or 4x as many binary ones) is past every format's range
# (2^(2^19) < 10^160000): it rounds to an infinity or a zero without building the number.
MAX_EXPONENT = 200_000


def float_format(eb: int, sb: int) -> FloatFormat:
    """Any binary format, for instance a tiny one for exhaustive tests."""
    for fmt in FLOAT_FORMATS:
        if (fmt.eb, fmt.sb) == (eb, sb):
            return fmt
    if not (2 <= eb <= MAX_EB and sb >= 2 and eb + sb <= MAX_WIDTH):
        raise InputError(f"fp({eb},{sb}): a float format has 2 to {MAX_EB} exponent bits, at least 2 significand "
                         f"bits and at most {MAX_WIDTH} bits in all")
    return FloatFormat(f"fp({eb},{sb})", eb, sb)


def get_format(name: str) -> Format:
    """Look up a format by its name (``fp16``, ``int32``, ``fp(3,4)``, ``tensor(float16)``...)."""
    key = name.strip().lower()
    inner = re.fullmatch(r"tensor\((\w+)\)", key)
    if inner:
        key = inner.group(1)
    key = ALIASES.get(key, key)
    if key in FORMATS:
        return FORMATS[key]
    custom = re.fullmatch(r"fp\((\d{1,6}),\s*(\d{1,6})\)", key)
    if custom:
        return float_format(int(custom.group(1)), int(custom.group(2)))
    known = ", ".join(FORMATS)
    raise InputError(f"unknown format '{name}' (known: {known}, or fp(eb,sb))")


def format_of_dtype(dtype: np.dtype) -> Format:
    dtype = np.dtype(dtype)
    for fmt in FORMATS.values():
        if fmt.dtype is not None and fmt.dtype == dtype:
            return fmt
    raise InputError(f"no divbridge format for NumPy dtype {dtype}")


_RATIONAL = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?(/\d+)?")
_HEXFLOAT = re.compile(r"([+-]?)0x([0-9a-f]*)(?:\.([0-9a-f]*))?(?:p([+-]?\d+))?")


def _beyond(s: str) -> int:
    """+1 when the literal ``s`` (lower case) has a non-zero value above 10^MAX_EXPONENT, -1 below
    10^-MAX_EXPONENT, else 0: its exponent alone says so, before any number is built."""
    decimal, hexadecimal = _RATIONAL.fullmatch(s), _HEXFLOAT.fullmatch(s)
    if decimal and decimal.group(3):
        digits, exponent, limit = decimal.group(1), decimal.group(3)[1:], MAX_EXPONENT
    elif hexadecimal and hexadecimal.group(4):
        digits, exponent, limit = (hexadecimal.group(2) or "") + (hexadecimal.group(3) or ""), \
            hexadecimal.group(4), 4 * MAX_EXPONENT
    else:
        return 0
    if not digits.strip("0.") or len(exponent.lstrip("+-")) <= len(str(limit)) and abs(int(exponent)) <= limit:
        return 0
    return -1 if exponent.startswith("-") else 1


def _parse_rational(text: str) -> Fraction | None:
    s = text.strip().lower()
    if not _RATIONAL.fullmatch(s):
        return None
    p, _, q = s.partition("/")   # p or p/q
    mantissa, _, exponent = p.partition("e")
    if not mantissa.strip("+-0."):
        return Fraction(0) if not q or int(q) else None   # 0e999999999: no 10^999999999
    value = Fraction(p)
    if q:
        if int(q) == 0:
            return None
        value /= int(q)
    return value


def parse_hexfloat(text: str) -> Fraction | None:
    """Exact value of a C99 hex float; exact for any precision, unlike float.fromhex."""
    match = _HEXFLOAT.fullmatch(text.strip().lower())
    if not match or not (match.group(2) or match.group(3)):
        return None
    sign, whole, frac, exponent = match.groups()
    frac = frac or ""
    mantissa = int((whole or "0") + frac, 16)
    if mantissa == 0:
        return Fraction(0)
    value = Fraction(mantissa, 16 ** len(frac)) * Fraction(2) ** int(exponent or 0)
    return -value if sign == "-" else value


def describe_element(fmt: Format, value) -> str:
    """One element of an array of the format: decimal, format name and bits (a real: the exact rational; a
    condition of a float or integer statement: true or false)."""
    if isinstance(value, (bool, np.bool_)):
        return BOOL.describe(value)
    if isinstance(fmt, FloatFormat):
        return fmt.describe(int(np.asarray(value).view(fmt.uint_dtype)))
    if isinstance(fmt, IntFormat):
        return fmt.describe(int(value))
    return str(value)

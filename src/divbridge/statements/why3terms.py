"""Why3 literals: what the statements' Why3 goals (and the modules around them) write values with."""

from __future__ import annotations

from fractions import Fraction

from divbridge import operators
from divbridge.formats import FloatFormat

# the Why3 theory that provides each float format's type t and IEEE operations (why3/floats.mlw has FP16's
# and BFloat16's)
FLOAT_THEORIES = {"fp16": "floats.Float16", "bf16": "floats.BFloat16",
                  "fp32": "ieee_float.Float32", "fp64": "ieee_float.Float64"}


def operation(o) -> str:
    """The name a float module gives the obligation's operator (its ``Names.why3_float``), which its Why3 goals
    apply to the operands (the module defines it, rounding to nearest even)."""
    return operators.of_obligation_name(o.operator).names.why3_float


def float_operation(fmt: FloatFormat, name: str) -> str:
    """An IEEE operation of the format's theory by its qualified name (``Float32.<name>``): a format's module
    names its own operator by the bare name."""
    return f"{FLOAT_THEORIES[fmt.name].split('.')[-1]}.{name}"


def hex_real(value: Fraction) -> str:
    """A positive dyadic rational as a Why3 hexadecimal real literal: 0x1.FFCp15."""
    exponent = value.numerator.bit_length() - value.denominator.bit_length()
    if Fraction(2) ** exponent > value:
        exponent -= 1
    mantissa = value / Fraction(2) ** exponent          # in [1, 2)
    digits = ""
    fraction = mantissa - 1
    while fraction:
        fraction *= 16
        digit = int(fraction)
        digits += "0123456789ABCDEF"[digit]
        fraction -= digit
    return f"0x1{'.' + digits if digits else ''}p{exponent}"


def float_literal(fmt: FloatFormat, bits: int) -> str:
    """A finite value of the format as a term of its Why3 type t: ``(0x1.8p1:t)``, ``(neg (0.0:t))``."""
    decoded = fmt.decode(bits)
    assert decoded.is_finite, "Why3 writes no literal for an infinity or NaN"
    magnitude = f"({hex_real(abs(decoded.value))}:t)" if decoded.value else "(0.0:t)"
    return f"(neg {magnitude})" if decoded.sign else magnitude


def int_literal(value: int) -> str:
    return str(value) if value >= 0 else f"({value})"


def real_literal(value: Fraction) -> str:
    """An exact real: ``(-. (1.0 /. 3.0))``."""
    top, bottom = abs(value.numerator), value.denominator
    magnitude = f"{top}.0" if bottom == 1 else f"({top}.0 /. {bottom}.0)"
    return magnitude if value >= 0 else f"(-. {magnitude})"

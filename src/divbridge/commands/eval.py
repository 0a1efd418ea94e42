"""`divbridge eval FORMAT A B`: the operator the mirror computes on A and B, on the exact reference, with its bits."""

from __future__ import annotations

import argparse
import re

from divbridge import api, operators
from divbridge.errors import InputError
from divbridge.formats import FloatFormat, IntFormat, RealFormat, get_format
from divbridge.mirror import from_bits, to_bits

# The operator evaluated: the one whose description lists profiles (`Operator.profiles`).
OPERATOR = next(op for op in operators.OPERATORS.values() if op.profiles is not None)
NAME = "eval"
HELP = (f"evaluate A {OPERATOR.vocabulary.infix} B in a format on the exact reference semantics and print the result "
        "and its bits")


# argparse takes any word starting with '-' for an option unless it looks like a plain
# negative number; the operands also spell -inf, -nan, -0x1.8p+1, -1/3, -1e5.  Eval's own
# options (-h, -A, --...) start with a letter or a dash, an operand with a digit, '.', inf or nan.
_NEGATIVE_OPERAND = re.compile(r"^-(\d|\.\d|inf|nan)", re.IGNORECASE)


def configure(parser: argparse.ArgumentParser) -> None:
    parser._negative_number_matcher = _NEGATIVE_OPERAND  # noqa: SLF001 - see _NEGATIVE_OPERAND
    parser.add_argument("format", help="real, fp16, bf16, fp32, fp64, fp(eb,sb), int8 ... uint64")
    first, second = OPERATOR.vocabulary.roles
    parser.add_argument("a", help=f"{first}: decimal, p/q, hex float (0x1.8p+1), inf, -inf, nan, -0, bits:0x3c00")
    parser.add_argument("b", help=f"{second}, same forms")
    parser.add_argument("--profile", default=OPERATOR.profiles.default, choices=OPERATOR.profiles.names)
    own = "".join(f", {name}={str(not default).lower()}" for name, default in OPERATOR.names.openvino_attributes)
    parser.add_argument("--attribute", "-A", action="append", default=[], metavar="NAME=VALUE",
                        help=f"a profile attribute, e.g. opset=13{own}, auto_broadcast=none")


def run(args: argparse.Namespace) -> int:
    fmt = get_format(args.format)
    attributes = dict(_attribute(text) for text in args.attribute)
    print(evaluate(fmt, args.a, args.b, args.profile, **attributes))
    return 0


def evaluate(fmt, a_text: str, b_text: str, profile: str | None = None, **attributes) -> str:
    """The printed line: ``-inf (0xfc00)``, ``-3 (0xfffffffd)``, ``1/3 (~0.3333333333333333)``."""
    a, b = fmt.parse(a_text), fmt.parse(b_text)
    if isinstance(fmt, FloatFormat):
        bits = int(to_bits(fmt, api.evaluate(OPERATOR.name, from_bits(fmt, [a]), from_bits(fmt, [b]), dtype=fmt,
                                             profile=profile, method="exact", **attributes))[0])
        return f"{fmt.to_text(bits)} ({fmt.hex_bits(bits)})"
    result = api.evaluate(OPERATOR.name, [a], [b], dtype=fmt, profile=profile, method="exact", **attributes)[0]
    if isinstance(fmt, IntFormat):
        return f"{int(result)} ({fmt.hex_bits(int(result))})"
    assert isinstance(fmt, RealFormat)
    return f"{result} (~{float(result)!r})" if result.denominator != 1 else str(result)


def _attribute(text: str) -> tuple[str, object]:
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise InputError(f"attribute '{text}' is not NAME=VALUE")
    lowered = value.strip().lower()
    if lowered in ("true", "false"):
        return name, lowered == "true"
    try:
        return name, int(lowered)
    except ValueError:
        return name, value

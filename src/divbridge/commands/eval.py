"""`divbridge eval [--op OP] FORMAT INPUT...`: what the mirror computes on the operator's inputs, on the exact reference,
with its bits."""

from __future__ import annotations

import argparse
import re

from fractions import Fraction

import mpmath
import numpy as np

from divbridge import api, operators
from divbridge.commands import options
from divbridge.errors import InputError
from divbridge.formats import FloatFormat, IntFormat, RealFormat, get_format
from divbridge.mirror import from_bits, to_bits
from divbridge.operators.model import Operator

NAME = "eval"
HELP = (f"evaluate an operator (--op, default {options.DEFAULT_OPERATOR.name}) on its inputs in a format, on the "
        "exact reference semantics, and print the result and its bits")


# argparse takes any word starting with '-' for an option unless it looks like a plain
# negative number; the operands also spell -inf, -nan, -0x1.8p+1, -1/3, -1e5.  Eval's own
# options (-h, -A, --...) start with a letter or a dash, an operand with a digit, '.', inf or nan.
_NEGATIVE_OPERAND = re.compile(r"^-(\d|\.\d|inf|nan)", re.IGNORECASE)


def configure(parser: argparse.ArgumentParser) -> None:
    parser._negative_number_matcher = _NEGATIVE_OPERAND  # noqa: SLF001 - see _NEGATIVE_OPERAND
    parser.add_argument("--op", type=_operator, default=options.DEFAULT_OPERATOR, metavar="OP",
                        help=f"the operator: {', '.join(operators.OPERATORS)} (default {options.DEFAULT_OPERATOR.name})")
    parser.add_argument("format", help="real, fp16, bf16, fp32, fp64, fp(eb,sb), int8 ... uint64")
    parser.add_argument("inputs", nargs="+", metavar="INPUT",
                        help="the operator's inputs in the order its description lists them: decimal, p/q, hex "
                             "float (0x1.8p+1), inf, -inf, nan, -0, bits:0x3c00; a condition true, false, 1 or 0")
    default = options.DEFAULT_OPERATOR
    parser.add_argument("--profile", help=f"one of the operator's profiles ({default.name}'s: "
                                          f"{', '.join(default.profiles.names)}; default the operator's own)")
    own = "".join(f", {name}={str(not value).lower()}" for name, value in default.names.openvino_attributes)
    parser.add_argument("--attribute", "-A", action="append", default=[], metavar="NAME=VALUE",
                        help=f"a profile attribute, e.g. opset=13{own}, auto_broadcast=none")


def _operator(text: str) -> Operator:
    try:
        return operators.get(text)
    except InputError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def run(args: argparse.Namespace) -> int:
    fmt = get_format(args.format)
    attributes = dict(_attribute(text) for text in args.attribute)
    print(evaluate(args.op, fmt, args.inputs, args.profile, **attributes))
    return 0


def evaluate(op: Operator, fmt, texts: list[str], profile: str | None = None, **attributes) -> str:
    """The printed line: ``-inf (0xfc00)``, ``-3 (0xfffffffd)``, ``1/3 (~0.3333333333333333)``, ``True``."""
    if len(texts) != len(op.inputs):
        names = " ".join(i.name for i in op.inputs)
        raise InputError(f"{op.name} takes {len(op.inputs)} input{'s' if len(op.inputs) > 1 else ''} ({names}), "
                         f"{len(texts)} given")
    inputs = [[_condition(text)] if i.type == "bool" else [fmt.parse(text)] for i, text in zip(op.inputs, texts)]
    floats = isinstance(fmt, FloatFormat)
    if floats:
        inputs = [x if i.type == "bool" else from_bits(fmt, x) for i, x in zip(op.inputs, inputs)]
    result = api.evaluate(op.name, *inputs, dtype=fmt, profile=profile, method="exact", **attributes)[0]
    if op.operation.result == "bool":
        return str(bool(result))
    if floats:
        bits = int(to_bits(fmt, np.asarray([result]))[0])
        return f"{fmt.to_text(bits)} ({fmt.hex_bits(bits)})"
    if isinstance(fmt, IntFormat):
        return f"{int(result)} ({fmt.hex_bits(int(result))})"
    assert isinstance(fmt, RealFormat)
    if not isinstance(result, Fraction):   # an irrational value (Exp, Sqrt): mpmath's, to 20 digits
        return f"{mpmath.nstr(result, 20)} (~{float(result)!r})"
    return f"{result} (~{float(result)!r})" if result.denominator != 1 else str(result)


def _condition(text: str) -> bool:
    lowered = text.strip().lower()
    if lowered not in ("true", "false", "1", "0"):
        raise InputError(f"'{text}' is not a condition (true, false, 1 or 0)")
    return lowered in ("true", "1")


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

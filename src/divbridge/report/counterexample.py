"""Counterexamples in decoded form: a value and its bit pattern in its format.

Provers report values as readable text (``-1.0 (fp16 0xbc00)``) already; an
entry still in SMT-LIB form (``(fp #b1 #b01111 #b0000000000)``, ``#xbc00``,
``#b1000``) is decoded with the obligation's format so that nobody has to
decode bit patterns by hand.  Anything else is shown as recorded.
"""

from __future__ import annotations

import re
from typing import Any

from divbridge.errors import InputError
from divbridge.formats import FloatFormat, IntFormat, get_format

_FP_TRIPLE = re.compile(r"\(fp\s+#b([01])\s+#b([01]+)\s+#b([01]+)\)")
_BITVECTOR = re.compile(r"#x([0-9a-fA-F]+)|#b([01]+)")


def decode(format_name: str, counterexample: dict[str, Any] | None) -> dict[str, str]:
    if not counterexample:
        return {}
    try:
        fmt = get_format(format_name)
    except InputError:
        fmt = None
    return {name: decode_value(fmt, value) for name, value in counterexample.items()}


def decode_value(fmt: object, value: Any) -> str:
    text = str(value).strip()
    bits = _bits_of(text)
    if bits is None or not isinstance(fmt, (FloatFormat, IntFormat)) or bits >= 1 << fmt.width:
        return text
    if isinstance(fmt, FloatFormat):
        return fmt.describe(bits)
    signed = bits - (1 << fmt.bits) if fmt.signed and bits >> (fmt.bits - 1) else bits
    return fmt.describe(signed)


def _bits_of(text: str) -> int | None:
    triple = _FP_TRIPLE.fullmatch(text)
    if triple:
        return int("".join(triple.groups()), 2)
    vector = _BITVECTOR.fullmatch(text)
    if vector:
        return int(vector[1], 16) if vector[1] else int(vector[2], 2)
    return None

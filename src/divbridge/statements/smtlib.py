"""SMT-LIB literals: what the statements' encodings and the frames around them write values with."""

from __future__ import annotations

import functools
from fractions import Fraction

import jinja2

from divbridge.formats import FloatFormat


def fp_literal(fmt: FloatFormat, bits: int) -> str:
    """``(fp #b0 #b01111 #b0000000000)``: an SMT-LIB literal every FP solver reads."""
    sign = bits >> (fmt.width - 1)
    exponent = (bits & fmt.exponent_mask) >> (fmt.sb - 1)
    fraction = bits & fmt.fraction_mask
    return f"(fp #b{sign} #b{exponent:0{fmt.eb}b} #b{fraction:0{fmt.sb - 1}b})"


def float_operands(fmt: FloatFormat, names: tuple[str, ...]) -> str:
    """The operands of a float query, each declared as a bit pattern (so that a model gives its exact bits)
    with the float it stands for: ``a_bits`` and ``a``."""
    sort, to_float = f"(_ FloatingPoint {fmt.eb} {fmt.sb})", f"(_ to_fp {fmt.eb} {fmt.sb})"
    return "\n".join(f"(declare-const {name}_bits (_ BitVec {fmt.width}))\n"
                     f"(define-fun {name} () {sort} ({to_float} {name}_bits))" for name in names)


def float_context(fmt: FloatFormat, names: tuple[str, ...], operation: str) -> str:
    """What a float statement's SMT-LIB is written over: the operands (`float_operands`), ``isFinite``, ``one``
    and, with operands ``a`` and ``b``, their result ``q`` (``operation``, the operator's SMT-LIB name: IEEE
    754's operation to nearest even)."""
    sort = f"(_ FloatingPoint {fmt.eb} {fmt.sb})"
    lines = [float_operands(fmt, names)] if names else []
    lines += [f"(define-fun isFinite ((x {sort})) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))",
              f"(define-fun one () {sort} {fp_literal(fmt, fmt.parse('1'))})"]
    if "a" in names and "b" in names:
        lines.append(f"(define-fun q () {sort} ({operation} RNE a b))")
    return "\n".join(lines)


def bv_literal(width: int, value: int) -> str:
    """A two's complement bit-vector literal: ``(_ bv65535 16)`` for -1."""
    return f"(_ bv{value & ((1 << width) - 1)} {width})"


def real_literal(text: str | Fraction) -> str:
    """An exact real: ``(- (/ 1.0 3.0))``."""
    value = Fraction(text)
    top, bottom = abs(value.numerator), value.denominator
    body = f"(/ {top}.0 {bottom}.0)" if bottom != 1 else f"{top}.0"
    return f"(- {body})" if value < 0 else body


@functools.cache   # a snippet is compiled once, not once per format
def snippet(text: str) -> jinja2.Template:
    """A statement's Jinja2 snippet of SMT-LIB (or Gappa) text, with the literals above at hand."""
    return _ENV.from_string(text)


_ENV = jinja2.Environment(undefined=jinja2.StrictUndefined)
_ENV.globals.update(fp_literal=fp_literal, bv_literal=bv_literal, real_literal=real_literal)

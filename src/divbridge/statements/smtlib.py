"""SMT-LIB: what the statements' encodings and the frames around them write values and operands with (the
literals and the term printer are `divbridge.terms.smtlib`'s)."""

from __future__ import annotations

import functools

import jinja2

from divbridge.formats import FloatFormat, IntFormat
from divbridge.operators.model import Operator
from divbridge.terms import Var
from divbridge.terms import smtlib as printer
from divbridge.terms.smtlib import bv_literal, fp_literal, real_literal


def float_operands(fmt: FloatFormat, variables: tuple[Var, ...]) -> str:
    """The operands of a float query, each declared by its bits (so that a model gives its exact bits) with the
    value it stands for: a float ``a_bits`` and ``a``; a condition ``c_bits`` of one bit and ``c``."""
    sort, to_float = f"(_ FloatingPoint {fmt.eb} {fmt.sb})", f"(_ to_fp {fmt.eb} {fmt.sb})"
    return "\n".join(f"(declare-const {v.name}_bits (_ BitVec {fmt.width}))\n"
                     f"(define-fun {v.name} () {sort} ({to_float} {v.name}_bits))" if v.sort == "float" else
                     f"(declare-const {v.name}_bits (_ BitVec 1))\n"
                     f"(define-fun {v.name} () Bool (= {v.name}_bits #b1))" for v in variables)


def int_operands(fmt: IntFormat, variables: tuple[Var, ...]) -> str:
    """The operands of an integer query: bit-vectors of the type, a condition by its one bit."""
    return "\n".join(f"(declare-const {v.name} (_ BitVec {fmt.bits}))" if v.sort == "bv" else
                     f"(declare-const {v.name}_bits (_ BitVec 1))\n(define-fun {v.name} () Bool (= {v.name}_bits #b1))"
                     for v in variables)


def float_context(fmt: FloatFormat, variables: tuple[Var, ...], op: Operator | None = None) -> str:
    """What a float statement's SMT-LIB is written over: the operands (`float_operands`), ``isFinite``, ``one``,
    the functions the operator ``op`` is defined with (`operator_definitions`) and, where every input of it is
    an operand, its result ``q`` (a float, or a bool where the operator's result is one: Less)."""
    sort = f"(_ FloatingPoint {fmt.eb} {fmt.sb})"
    lines = [float_operands(fmt, variables)] if variables else []
    lines += [f"(define-fun isFinite ((x {sort})) Bool (not (or (fp.isInfinite x) (fp.isNaN x))))",
              f"(define-fun one () {sort} {fp_literal(fmt, fmt.parse('1'))})"]
    if op is not None:
        lines += operator_definitions(op, "float", fmt)
        if set(op.free_variables("float")) <= set(variables):
            q = op.applied("float")
            lines.append(f"(define-fun q () {printer.sort(q.sort, fmt)} {printer.term(q, fmt)})")
    return "\n".join(lines)


def operator_definitions(op: Operator, family: str, fmt: FloatFormat | IntFormat | None = None) -> list[str]:
    """The ``define-fun`` commands of the functions the operator is defined with in a family (none for one
    arithmetic primitive, written in place): a family's frame states them once, before any statement."""
    signed = not isinstance(fmt, IntFormat) or fmt.signed
    return printer.definitions(op.applied(family, signed), fmt=fmt)


@functools.cache   # a snippet is compiled once, not once per format
def snippet(text: str) -> jinja2.Template:
    """A statement's Jinja2 snippet of SMT-LIB (or Gappa) text, with the literals above at hand."""
    return _ENV.from_string(text)


_ENV = jinja2.Environment(undefined=jinja2.StrictUndefined)
_ENV.globals.update(fp_literal=fp_literal, bv_literal=bv_literal, real_literal=real_literal)

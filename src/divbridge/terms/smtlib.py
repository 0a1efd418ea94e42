"""The SMT-LIB 2.6 printer of terms (`divbridge.terms`), and its literals.

A query is about one format: floats are ``(_ FloatingPoint eb sb)`` of the float format it is given, bit-vectors
``(_ BitVec n)`` of the integer format.  A defined function is called by its name and defined once
(`definitions`: ``define-fun`` commands, every one before its first use), except a definition that is one
arithmetic primitive applied to its parameters (Div's ``(fp.div RNE a b)``), which is written in place: the
query then names the primitive itself, as the solvers and the smoke tests read it.
"""

from __future__ import annotations

from fractions import Fraction

from divbridge.formats import FloatFormat, IntFormat
from divbridge.terms import ARITHMETIC, App, Const, Function, Printed, Term, Var, definitions as used_definitions

# primitives whose SMT-LIB name is not their key
_NAMES = {"real.neg": "-", "real.add": "+", "real.sub": "-", "real.mul": "*", "real.div": "/", "real.lt": "<",
          "int.div": "div"}
_FLOAT_CONSTANTS = {"+0": "+zero", "-0": "-zero", "+inf": "+oo", "-inf": "-oo", "nan": "NaN"}


def fp_literal(fmt: FloatFormat, bits: int) -> str:
    """``(fp #b0 #b01111 #b0000000000)``: an SMT-LIB literal every FP solver reads."""
    sign = bits >> (fmt.width - 1)
    exponent = (bits & fmt.exponent_mask) >> (fmt.sb - 1)
    fraction = bits & fmt.fraction_mask
    return f"(fp #b{sign} #b{exponent:0{fmt.eb}b} #b{fraction:0{fmt.sb - 1}b})"


def bv_literal(width: int, value: int) -> str:
    """A two's complement bit-vector literal: ``(_ bv65535 16)`` for -1."""
    return f"(_ bv{value & ((1 << width) - 1)} {width})"


def real_literal(text: str | Fraction) -> str:
    """An exact real: ``(- (/ 1.0 3.0))``."""
    value = Fraction(text)
    top, bottom = abs(value.numerator), value.denominator
    body = f"(/ {top}.0 {bottom}.0)" if bottom != 1 else f"{top}.0"
    return f"(- {body})" if value < 0 else body


def sort(name: str, fmt: FloatFormat | IntFormat | None) -> str:
    if name == "float":
        assert isinstance(fmt, FloatFormat), "a float sort needs the query's float format"
        return f"(_ FloatingPoint {fmt.eb} {fmt.sb})"
    if name == "bv":
        assert isinstance(fmt, IntFormat), "a bit-vector sort needs the query's integer format"
        return f"(_ BitVec {fmt.bits})"
    return {"bool": "Bool", "int": "Int", "real": "Real"}[name]


def inlined(fn: Function) -> bool:
    """Whether a defined function is written in place: its body is one arithmetic primitive (not a connective
    or a selection) on its parameters, in order."""
    body = fn.body
    return isinstance(body, App) and body.fn in ARITHMETIC and body.args == fn.params


def head(fn: Function) -> str:
    """The name a query calls the function by (a definition written in place: its primitive's)."""
    if fn.defined:
        return head(fn.body.fn) if inlined(fn) else fn.name   # type: ignore[union-attr]
    return _NAMES.get(fn.name, fn.name)


def term(t: Term, fmt: FloatFormat | IntFormat | None = None) -> str:
    """The term in SMT-LIB, in the query's format ``fmt``."""
    if isinstance(t, Var):
        return t.name
    if isinstance(t, Printed):
        return t.text
    if isinstance(t, Const):
        return _constant(t, fmt)
    assert isinstance(t, App)
    if t.fn.defined and inlined(t.fn):
        body = t.fn.body
        assert isinstance(body, App)
        return term(App(body.fn, t.args, body.mode), fmt)
    args = " ".join([*([t.mode] if t.mode else []), *(term(a, fmt) for a in t.args)])
    return f"({head(t.fn)} {args})"


def _constant(c: Const, fmt) -> str:
    if c.sort == "float":
        if c.value == "1":
            return "one"      # the frames define it
        if isinstance(c.value, str):
            return f"(_ {_FLOAT_CONSTANTS[c.value]} {fmt.eb} {fmt.sb})"
        return fp_literal(fmt, int(c.value))   # type: ignore[arg-type]
    if c.sort == "bv":
        value = {"min": fmt.min, "max": fmt.max}.get(c.value, c.value) if isinstance(c.value, str) else c.value
        return bv_literal(fmt.bits, int(value))   # type: ignore[arg-type]
    if c.sort == "bool":
        return "true" if c.value else "false"
    if c.sort == "real":
        return real_literal(c.value)   # type: ignore[arg-type]
    value = int(c.value)   # type: ignore[call-overload]
    return str(value) if value >= 0 else f"(- {-value})"


def definition(fn: Function, fmt: FloatFormat | IntFormat | None = None) -> str:
    """``(define-fun name ((x S) ...) S body)``."""
    assert fn.body is not None, fn.name
    params = " ".join(f"({p.name} {sort(p.sort, fmt)})" for p in fn.params)
    return f"(define-fun {fn.name} ({params}) {sort(fn.result, fmt)} {term(fn.body, fmt)})"


def definitions(*terms: Term, fmt: FloatFormat | IntFormat | None = None) -> list[str]:
    """The definitions the terms call (none for a definition written in place), each before its first use."""
    return [definition(fn, fmt) for fn in used_definitions(*terms) if not inlined(fn)]


def operations(fn: Function) -> frozenset[str]:
    """The SMT-LIB names a query writes the function with: its own (a definition written in place: its
    primitive's), which the smoke tests free to learn whether a conclusion needs it."""
    return frozenset({head(fn)})

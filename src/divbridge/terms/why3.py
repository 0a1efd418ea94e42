"""The Why3 printer of terms (`divbridge.terms`), and its literals.

Floats are written in a format's module, which uses one of ``ieee_float``'s clones (its type ``t``, its
operations ``neg``, ``add``..., its predicates ``is_nan``...) and declares ``is_finite``; bit-vectors in a
module that uses ``bv.BV<n>`` (its type ``t``, ``neg``, ``add``, ``slt``...).  A rounded operation to nearest
even is written with its infix (``a ./ b``) where ieee_float has one, else with its mode (``sqrt RNE a``;
``infix=False``: always so).  A defined function is called by its name (`definition` states it once, a
``function``).
"""

from __future__ import annotations

from fractions import Fraction

from divbridge.formats import FloatFormat, IntFormat
from divbridge.terms import App, Const, Function, Printed, Term, Var

# ieee_float's infix operations to nearest even
_INFIX = {"fp.add": ".+", "fp.sub": ".-", "fp.mul": ".*", "fp.div": "./"}
# every other primitive: (format string over the arguments x, y, z; precedence of the result: 0 atom, 1
# application, 2 operator)
_FORMS = {
    "fp.neg": ("neg {x}", 1), "fp.to_real": ("t'real {x}", 1), "fp.abs": ("abs {x}", 1), "fp.min": ("min {x} {y}", 1), "fp.max": ("max {x} {y}", 1),
    "fp.isNaN": ("is_nan {x}", 1), "fp.isInfinite": ("is_infinite {x}", 1), "fp.isZero": ("is_zero {x}", 1),
    "isFinite": ("is_finite {x}", 1), "fp.isNegative": ("is_negative {x}", 1),
    "fp.isPositive": ("is_positive {x}", 1),
    "fp.eq": ("{x} .= {y}", 2), "fp.lt": ("{x} .< {y}", 2), "fp.leq": ("{x} .<= {y}", 2),
    "fp.gt": ("{x} .> {y}", 2), "fp.geq": ("{x} .>= {y}", 2),
    "bvneg": ("neg {x}", 1), "bvadd": ("add {x} {y}", 1), "bvsub": ("sub {x} {y}", 1), "bvmul": ("mul {x} {y}", 1),
    "bvsdiv": ("sdiv {x} {y}", 1), "bvudiv": ("udiv {x} {y}", 1), "bvslt": ("slt {x} {y}", 1),
    "bvsle": ("sle {x} {y}", 1), "bvult": ("ult {x} {y}", 1), "bvule": ("ule {x} {y}", 1),
    "real.neg": ("-. {x}", 2), "real.add": ("{x} +. {y}", 2), "real.sub": ("{x} -. {y}", 2),
    "real.mul": ("{x} *. {y}", 2), "real.div": ("{x} /. {y}", 2), "real.lt": ("{x} <. {y}", 2),
    "int.div": ("div {x} {y}", 1),
    "not": ("not {x}", 1), "and": ("{x} /\\ {y}", 2), "or": ("{x} \\/ {y}", 2), "=>": ("{x} -> {y}", 2),
    "xor": ("not ({x} <-> {y})", 1), "=": ("{x} = {y}", 2), "ite": ("if {x} then {y} else {z}", 2),
}
_NAMED_FLOATS = {"+0": "(0.0:t)", "-0": "(neg (0.0:t))", "1": "(1.0:t)"}


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


def term(t: Term, fmt: FloatFormat | IntFormat | None = None, infix: bool = True) -> str:
    """The term in Why3, in a module of the format ``fmt``: float literals of its type; an integer type's
    constants as its bit patterns (a module of ``bv.BV<n>``; without ``fmt``, as the integers of a module over
    Why3's ``int``)."""
    return _print(t, fmt, infix)[0]


def _print(t: Term, fmt, infix: bool) -> tuple[str, int]:
    if isinstance(t, (Var, Printed)):
        name = t.name if isinstance(t, Var) else t.text
        return name, (1 if " " in name else 0)
    if isinstance(t, Const):
        return _constant(t, fmt), 0
    assert isinstance(t, App)
    args = [_print(a, fmt, infix) for a in t.args]
    if t.fn.defined:
        return " ".join([t.fn.name, *(_atom(a) for a in args)]), 1
    if t.fn.rounded:
        if infix and t.mode == "RNE" and t.fn.name in _INFIX:
            return f"{_operand(args[0])} {_INFIX[t.fn.name]} {_operand(args[1])}", 2
        return " ".join([t.fn.name.removeprefix("fp."), t.mode, *(_atom(a) for a in args)]), 1
    form, precedence = _FORMS[t.fn.name]
    if t.fn.name == "ite":
        return form.format(**dict(zip("xyz", (text for text, _ in args)))), precedence
    wrap = _operand if precedence == 2 else _atom
    return form.format(**dict(zip("xyz", (wrap(a) for a in args)))), precedence


def _atom(printed: tuple[str, int]) -> str:
    text, precedence = printed
    return f"({text})" if precedence else text


def _operand(printed: tuple[str, int]) -> str:
    """An infix operator's operand: an application binds tighter, another operator does not."""
    text, precedence = printed
    return f"({text})" if precedence == 2 else text


def _constant(c: Const, fmt) -> str:
    if c.sort == "float":
        if isinstance(c.value, str):
            if c.value in _NAMED_FLOATS:
                return _NAMED_FLOATS[c.value]
            raise ValueError(f"Why3 writes no literal for {c.value}: state it with a predicate")
        return float_literal(fmt, int(c.value))   # type: ignore[arg-type]
    if c.sort == "bool":
        return "true" if c.value else "false"
    if c.sort == "real":
        return real_literal(Fraction(c.value))   # type: ignore[arg-type]
    if c.sort == "bv" and isinstance(c.value, str):
        return {"min": "min_value", "max": "max_value"}[c.value]
    if c.sort == "bv" and isinstance(fmt, IntFormat):   # a module of bv.BV<n>: the value's bit pattern
        return f"(of_int {int(c.value) % (1 << fmt.bits)})"   # type: ignore[call-overload]
    return int_literal(int(c.value))   # type: ignore[call-overload]


_TYPES = {"float": "t", "bv": "t", "bool": "bool", "int": "int", "real": "real"}


def signature(fn: Function) -> str:
    """``(a b: t) : t``: the parameters and result of a definition."""
    groups: list[tuple[list[str], str]] = []
    for p in fn.params:
        if groups and groups[-1][1] == p.sort:
            groups[-1][0].append(p.name)
        else:
            groups.append(([p.name], p.sort))
    params = " ".join(f"({' '.join(names)}: {_TYPES[s]})" for names, s in groups)
    return f"{params} : {_TYPES[fn.result]}"


def definition(fn: Function, fmt: FloatFormat | IntFormat | None = None, keyword: str = "function") -> str:
    """``function name (x y: t) : t = body`` (``keyword``: ``let function`` for a program function too)."""
    assert fn.body is not None, fn.name
    return f"{keyword} {fn.name} {signature(fn)} = {term(fn.body, fmt)}"

"""The bounds an accuracy note claims, encoded for every backend: SMT-LIB, Gappa, and one predicate.

An obligation's params say what the note claims, already read for Div
(`obligations.accuracy`); this module only encodes it.  Three kinds
(``params["claim"]``):

- ``real``: a formula over real variables (``variables``): ``goal`` under
  ``conditions``, both sympy booleans.  SMT-LIB over the reals (QF_NRA:
  Z3 and cvc5; Bitwuzla has no reals, so it is never asked).
- ``float``: the error Div introduces in one binary format, ``E = round(r) - r``
  for finite operands ``a``, ``b`` (``b`` non-zero) and ``r = a / b``, compared
  (``op``, on ``E`` or ``|E|`` as ``abs`` says) with ``bound``, a sympy
  expression in ``R`` (the exact quotient) and ``ulp(R)`` whose constants are
  already numbers; where ``|r|`` lies in ``range`` (``low``, ``high``: numbers or
  None, each with whether it is excluded) and in the ``region`` ``in_range``
  (``|r| <= max_finite``) or ``overflow`` (``|r| > max_finite``).
  SMT-LIB: ``E * |b| = (q*b - a) * sign(b)``
  and the bound times ``|b|`` are exact in a format twice as wide, and a
  difference rounded upward (downward) stays below (above) a representable
  bound exactly when the exact one does.  Gappa: the bound's linear minorant
  on the normal and the subnormal range (relative and absolute error goals),
  for ``in_range`` upper bounds only (Gappa's rounding has no overflow).
- ``int``: the error of truncating division, ``E = trunc(a / b) - a / b``, compared
  with a constant ``bound``, for ``b != 0`` and a representable quotient (not
  ``MIN / -1``): over mathematical integers, ``|E| op k`` is
  ``|c*b - a| * den op num * |b|``.

The predicate evaluates the same claim exactly (`fractions.Fraction`) on the
mirror's quotient: the cross-check runs it on vectors, the counterexample
replay at one point.
"""

from __future__ import annotations

import decimal
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable

import numpy as np
import sympy

from divbridge.formats import FloatFormat, IntFormat
from divbridge.operators.div import kernels as exact
from divbridge.statements import NotEncoded, Statement
from divbridge.statements.mirrorops import div, exact_quotients, wide_format
from divbridge.statements.real import grid_samples
from divbridge.statements.smtlib import fp_literal

R = sympy.Symbol("R", real=True)          # the exact quotient a / b of a float or integer claim
ULP = sympy.Function("ulp")
_SMT_OPS = {"<=": "<=", "<": "<", ">=": ">=", ">": ">", "=": "="}


class Unsupported(ValueError):
    """A claim this module has no exact encoding for (the caller leaves it unchecked, saying why)."""


# -- exact evaluation -------------------------------------------------------------------

def evaluate(expr, env: dict[str, Fraction], ulp: Callable[[Fraction], Fraction] | None = None):
    """A sympy expression or boolean at exact values; ZeroDivisionError where it is undefined."""
    if isinstance(expr, sympy.Symbol):
        return env[expr.name]
    if expr.is_Rational:
        return Fraction(int(expr.p), int(expr.q))
    if isinstance(expr, sympy.logic.boolalg.BooleanTrue):
        return True
    if isinstance(expr, sympy.logic.boolalg.BooleanFalse):
        return False
    args = expr.args
    if isinstance(expr, sympy.Add):
        return sum((evaluate(a, env, ulp) for a in args), Fraction(0))
    if isinstance(expr, sympy.Mul):
        value = Fraction(1)
        for a in args:
            value *= evaluate(a, env, ulp)
        return value
    if isinstance(expr, sympy.Pow) and expr.exp.is_Integer:
        base = evaluate(expr.base, env, ulp)
        return base ** int(expr.exp) if int(expr.exp) >= 0 else 1 / base ** -int(expr.exp)
    if isinstance(expr, sympy.Abs):
        return abs(evaluate(args[0], env, ulp))
    if isinstance(expr, sympy.Max):
        return max(evaluate(a, env, ulp) for a in args)
    if isinstance(expr, sympy.Min):
        return min(evaluate(a, env, ulp) for a in args)
    if isinstance(expr, sympy.And):
        return all(evaluate(a, env, ulp) for a in args)
    if isinstance(expr, sympy.Or):
        return any(evaluate(a, env, ulp) for a in args)
    if isinstance(expr, sympy.Not):
        return not evaluate(args[0], env, ulp)
    if isinstance(expr, sympy.Implies):
        return not evaluate(args[0], env, ulp) or evaluate(args[1], env, ulp)
    if isinstance(expr, sympy.core.relational.Relational):
        left, right = evaluate(expr.lhs, env, ulp), evaluate(expr.rhs, env, ulp)
        return {"==": left == right, "!=": left != right, "<=": left <= right, "<": left < right,
                ">=": left >= right, ">": left > right}[expr.rel_op]
    if ulp is not None and expr.func == ULP:
        return ulp(evaluate(args[0], env, ulp))
    raise Unsupported(f"cannot evaluate {expr}")


def compare(left, op: str, right) -> bool:
    return {"=": left == right, "!=": left != right, "<=": left <= right, "<": left < right,
            ">=": left >= right, ">": left > right}[op]


def float_ulp(fmt: FloatFormat) -> Callable[[Fraction], Fraction]:
    """ulp(x): the gap between the two floats of ``fmt`` around x's binade (2^(max(e, emin) - p + 1))."""
    def ulp(x: Fraction) -> Fraction:
        x = abs(x)
        exponent = fmt.emin
        if x >= fmt.min_normal:
            exponent = x.numerator.bit_length() - x.denominator.bit_length()
            if Fraction(2) ** exponent > x:
                exponent -= 1
        return Fraction(2) ** (exponent - fmt.precision + 1)
    return ulp


# -- readable statements -----------------------------------------------------------------

def statement(params: dict) -> str:
    """The claim in plain notation: powers of two as 2^k, a float format's extremes by name."""
    claim = params["claim"]
    if claim == "real":
        return f"{plain(params['conditions'])} -> {plain(params['goal'])}"
    error = "|E|" if params["abs"] else "E"
    names = {}
    if claim == "float":
        fmt = FloatFormat("", params["eb"], params["sb"])
        names = {sympy.Rational(fmt.max_finite): sympy.Symbol("max_finite"),
                 sympy.Rational(fmt.min_normal): sympy.Symbol("min_normal")}
    text = lambda x: plain(_powers_of_two(sympy.sympify(x).xreplace(names)))  # noqa: E731
    bound = text(params["bound"]).replace("R", "r")
    if claim == "int":
        return (f"b != 0 and not (a = MIN and b = -1) and r = a / b and E = trunc(r) - r -> {error} {params['op']} "
                f"{bound}")
    region = {"in_range": "|r| <= max_finite", "overflow": "|r| > max_finite"}[params["region"]]
    low, low_open, high, high_open = params["range"]
    if low is not None:
        region = f"{text(low)} {'<' if low_open else '<='} |r| and {region}"
    if high is not None and high != sympy.Rational(fmt.max_finite):
        region += f" and |r| {'<' if high_open else '<='} {text(high)}"
    return (f"isFinite(a) and isFinite(b) and b != 0 and r = a / b and {region} and E = round(r) - r -> "
            f"{error} {params['op']} {bound}")


class _Plain(sympy.printing.str.StrPrinter):
    """Plain mathematical notation: |x|, max(x, y), x^2."""

    def _print_Abs(self, expr):
        return f"|{self._print(expr.args[0])}|"

    def _print_Max(self, expr):
        return f"max({', '.join(self._print(a) for a in expr.args)})"

    def _print_Min(self, expr):
        return f"min({', '.join(self._print(a) for a in expr.args)})"

    def _print_Pow(self, expr, rational=False):
        return super()._print_Pow(expr, rational).replace("**", "^")

    # sympy orders the parts of a conjunction by hash, which differs from run to run: sort them
    def _print_And(self, expr):
        return " and ".join(self._print(a) for a in sorted(expr.args, key=sympy.default_sort_key))

    def _print_Or(self, expr):
        return "(" + " or ".join(self._print(a) for a in sorted(expr.args, key=sympy.default_sort_key)) + ")"

    def _print_Not(self, expr):
        return f"not ({self._print(expr.args[0])})"

    def _print_Relational(self, expr):
        op = {"==": "=", "!=": "!="}.get(expr.rel_op, expr.rel_op)
        return f"{self._print(expr.lhs)} {op} {self._print(expr.rhs)}"


def plain(expr) -> str:
    """A sympy expression or boolean in plain notation (what reports and findings show)."""
    return _Plain().doprint(expr).replace("**", "^")


def _powers_of_two(expr):
    """Each rational power of two (beyond 2^10) as a symbol 2^k, for reading."""
    found = {}
    for atom in expr.atoms(sympy.Rational):
        value = abs(Fraction(int(atom.p), int(atom.q)))
        for part in (value.numerator, value.denominator):
            if part > 1 << 10 and part & (part - 1) == 0 and value.numerator * value.denominator == part:
                k = part.bit_length() - 1
                power = sympy.Symbol(f"2^{k if part == value.numerator else -k}")
                found[atom] = power if atom > 0 else -power
    return expr.xreplace(found)


# -- SMT-LIB ------------------------------------------------------------------------------

def smt(params: dict, fmt=None) -> str:
    """The definitions ending with ``(define-fun goal () Bool ...)`` for the family's template."""
    claim = params["claim"]
    if claim == "real":
        return f"(define-fun goal () Bool (=> {_real(params['conditions'])}\n  {_real(params['goal'])}))"
    if claim == "int":
        return _int_smt(params)
    return _float_smt(params, fmt)


def _real(expr) -> str:
    """sympy over real symbols -> SMT-LIB (every division's divisor is non-zero by the conditions)."""
    if isinstance(expr, sympy.Symbol):
        return expr.name
    if expr.is_Rational:
        return _real_literal(Fraction(int(expr.p), int(expr.q)))
    if isinstance(expr, sympy.logic.boolalg.BooleanTrue):
        return "true"
    if isinstance(expr, sympy.logic.boolalg.BooleanFalse):
        return "false"
    args = [_real(a) for a in expr.args]
    if isinstance(expr, sympy.Add):
        return f"(+ {' '.join(args)})"
    if isinstance(expr, sympy.Mul):
        numerator, denominator = sympy.fraction(expr)
        if denominator != 1:
            return f"(/ {_real(numerator)} {_real(denominator)})"
        return f"(* {' '.join(args)})"
    if isinstance(expr, sympy.Pow) and expr.exp.is_Integer:
        n = int(expr.exp)
        base = _real(expr.base)
        power = base if abs(n) == 1 else f"(* {' '.join([base] * abs(n))})"
        return power if n > 0 else f"(/ 1.0 {power})"
    if isinstance(expr, sympy.Abs):
        return f"(ite (>= {args[0]} 0.0) {args[0]} (- {args[0]}))"
    if isinstance(expr, (sympy.Max, sympy.Min)):
        pick = ">=" if isinstance(expr, sympy.Max) else "<="
        value = args[0]
        for other in args[1:]:
            value = f"(ite ({pick} {value} {other}) {value} {other})"
        return value
    if isinstance(expr, sympy.And):
        return f"(and {' '.join(args)})"
    if isinstance(expr, sympy.Or):
        return f"(or {' '.join(args)})"
    if isinstance(expr, sympy.Not):
        return f"(not {args[0]})"
    if isinstance(expr, sympy.Implies):
        return f"(=> {args[0]} {args[1]})"
    if isinstance(expr, sympy.core.relational.Relational):
        op = {"==": "=", "!=": "distinct"}.get(expr.rel_op, expr.rel_op)
        return f"({op} {args[0]} {args[1]})"
    raise Unsupported(f"no SMT-LIB encoding of {expr}")


def _real_literal(value: Fraction) -> str:
    body = f"{abs(value.numerator)}.0" if value.denominator == 1 else \
        f"(/ {abs(value.numerator)}.0 {value.denominator}.0)"
    return f"(- {body})" if value < 0 else body


def _int_smt(params: dict) -> str:
    bound = Fraction(str(params["bound"]))
    scaled = f"(* {bound.denominator} (absi (- (* c b) a)))" if params["abs"] else \
        f"(* {bound.denominator} (ite (< b 0) (- a (* c b)) (- (* c b) a)))"
    right = f"(* {abs(bound.numerator)} (absi b))"
    if bound < 0:
        right = f"(- {right})"
    relation = f"({_SMT_OPS[params['op']]} {scaled} {right})" if params["op"] != "!=" else \
        f"(not (= {scaled} {right}))"
    return f"; E * |b| = (c * b - a) * sign(b): the claim times |b| * {bound.denominator}, exact\n" \
           f"(define-fun goal () Bool (=> pre {relation}))"


@dataclass(frozen=True)
class _Scaled:
    term: str            # an SMT-LIB term of the wide format: the value times |b|
    bits: int            # significand bits it needs
    low: Fraction        # its smallest non-zero magnitude
    high: Fraction       # its largest magnitude


def _float_smt(params: dict, fmt: FloatFormat) -> str:
    wide = wide_format(fmt)
    w = f"(_ FloatingPoint {wide.eb} {wide.sb})"
    to_w = f"(_ to_fp {wide.eb} {wide.sb})"
    uses_ulp = bool(params["bound"].atoms(sympy.Function)) and any(f.func == ULP for f in params["bound"].atoms(
        sympy.Function))
    bound = _scaled(params["bound"], fmt, wide)
    lit = lambda value: _wide_literal(wide, Fraction(str(value)))  # noqa: E731
    lines = [f"; exact in {wide.name}: xa = a, xb = b, m = q * b, and the bound times |b|",
             f"(define-fun xa () {w} ({to_w} RNE a))", f"(define-fun xb () {w} ({to_w} RNE b))",
             f"(define-fun m () {w} (fp.mul RNE ({to_w} RNE q) xb))"]
    if uses_ulp:
        lines += _ulp_lines(fmt, w, to_w)
    lines.append(f"(define-fun bound () {w} {bound.term})")
    region = {"in_range": f"(fp.leq (fp.abs xa) (fp.mul RNE {lit(fmt.max_finite)} (fp.abs xb)))",
              "overflow": f"(fp.gt (fp.abs xa) (fp.mul RNE {lit(fmt.max_finite)} (fp.abs xb)))"}[params["region"]]
    low, low_open, high, high_open = params["range"]
    end = lambda value: _scaled(sympy.Rational(str(value)), fmt, wide).term  # noqa: E731  (the end times |b|)
    if low is not None:
        region = f"(and {region} (fp.{'lt' if low_open else 'leq'} {end(low)} (fp.abs xa)))"
    if high is not None:
        region = f"(and {region} (fp.{'lt' if high_open else 'leq'} (fp.abs xa) {end(high)}))"
    lines.append(f"(define-fun domain () Bool (and (isFinite a) (isFinite b) (not (fp.isZero b)) {region}))")
    lines.append(f"(define-fun goal () Bool (=> domain {_float_relation(params)}))")
    return "\n".join(lines)


def _float_relation(params: dict) -> str:
    """``E op bound`` (or ``|E| op bound``) with E * |b| = (m - xa) * sign(b): each exact difference
    rounded the way that keeps the comparison exact."""
    def diff(mode: str, sign: int) -> str:       # sign * E * |b|, rounded by mode
        up, down = f"(fp.sub {mode} m xa)", f"(fp.sub {mode} xa m)"
        plus, minus = (up, down) if sign > 0 else (down, up)
        return f"(ite (fp.isNegative b) {minus} {plus})"

    def holds(op: str, sign: int) -> str:
        mode = {"<=": "RTP", "<": "RTN", ">=": "RTN", ">": "RTP"}
        if op == "=":
            return f"(and {holds('<=', sign)} {holds('>=', sign)})"
        if op == "!=":
            return f"(not {holds('=', sign)})"
        return f"(fp.{ {'<=': 'leq', '<': 'lt', '>=': 'geq', '>': 'gt'}[op]} {diff(mode[op], sign)} bound)"

    op = params["op"]
    if not params["abs"]:
        return holds(op, 1)
    if op in ("<=", "<"):
        return f"(and {holds(op, 1)} {holds(op, -1)})"
    if op in (">=", ">"):
        return f"(or {holds(op, 1)} {holds(op, -1)})"
    equal = f"(or (and {holds('=', 1)} {holds('>=', -1)}) (and {holds('=', -1)} {holds('>=', 1)}))"
    return equal if op == "=" else f"(not {equal})"


def _ulp_lines(fmt: FloatFormat, w: str, to_w: str) -> list[str]:
    """ulp(r): from the quotient's bit pattern, the gap to the float below |q| when |r| < |q| (r rounded
    up: r lies in the binade below a power of two q) or |q| is the largest finite, else to the float above."""
    bv = f"(_ BitVec {fmt.width})"
    to_f = f"(_ to_fp {fmt.eb} {fmt.sb})"
    mask = f"(_ bv{(1 << (fmt.width - 1)) - 1} {fmt.width})"
    top = f"(_ bv{fmt.parse(str(fmt.max_finite))} {fmt.width})"
    one = f"(_ bv1 {fmt.width})"
    # an infinite quotient (overflow) takes the largest finite's gap: any finite ulp compares alike with E = inf
    return [f"(declare-const q_bits {bv})", f"(assert (= ({to_f} q_bits) q))",
            f"(define-fun qa () {bv} (ite (fp.isInfinite q) {top} (bvand q_bits {mask})))",
            f"(define-fun gap_up () {w} (fp.sub RNE ({to_w} RNE ({to_f} (bvadd qa {one}))) ({to_w} RNE ({to_f} qa))))",
            f"(define-fun gap_down () {w} (fp.sub RNE ({to_w} RNE ({to_f} qa)) ({to_w} RNE ({to_f} (bvsub qa {one})))))",
            f"(define-fun ulp_r () {w} (ite (or (= qa {top}) (fp.lt (fp.abs xa) (fp.abs m))) gap_down gap_up))"]


def _wide_literal(wide: FloatFormat, value: Fraction) -> str:
    bits = wide.round(Fraction(value))
    if wide.decode(bits).value != value:
        raise Unsupported(f"{value} is not exact in {wide.name}")
    return fp_literal(wide, bits)


def _scaled(expr, fmt: FloatFormat, wide: FloatFormat) -> _Scaled:
    """The bound times |b| as an exact term of the wide format, or Unsupported."""
    def check(s: _Scaled) -> _Scaled:
        if s.bits > wide.sb or (s.low and s.low < wide.min_normal) or s.high > wide.max_finite:
            raise Unsupported(f"{expr} times |b| is not exact in {wide.name}")
        return s

    if expr == R or expr == sympy.Abs(R):
        term = "(fp.abs xa)" if expr != R else "(ite (fp.isNegative xb) (fp.neg xa) xa)"
        return _Scaled(term, fmt.sb, fmt.min_subnormal, fmt.max_finite)
    if expr.is_Rational:
        value = Fraction(int(expr.p), int(expr.q))
        if value == 0:
            return _Scaled(_wide_literal(wide, Fraction(0)), 0, Fraction(0), Fraction(0))
        bits = _significand_bits(value)
        return check(_Scaled(f"(fp.mul RNE {_wide_literal(wide, value)} (fp.abs xb))", bits + fmt.sb,
                             abs(value) * fmt.min_subnormal, abs(value) * fmt.max_finite))
    if isinstance(expr, sympy.Mul):
        constant, rest = expr.as_coeff_Mul()
        if constant != 1 and rest != 1:
            inner = _scaled(rest, fmt, wide)
            value = Fraction(int(constant.p), int(constant.q))
            return check(_Scaled(f"(fp.mul RNE {_wide_literal(wide, value)} {inner.term})",
                                 inner.bits + _significand_bits(value), inner.low * abs(value), inner.high * abs(value)))
    if isinstance(expr, (sympy.Max, sympy.Min)):
        parts = [_scaled(a, fmt, wide) for a in expr.args]
        op = "fp.max" if isinstance(expr, sympy.Max) else "fp.min"
        term = parts[0].term
        for part in parts[1:]:
            term = f"({op} {term} {part.term})"
        return _Scaled(term, max(p.bits for p in parts), min((p.low for p in parts if p.low), default=Fraction(0)),
                       max(p.high for p in parts))
    if isinstance(expr, sympy.Abs) and expr.args[0].func == ULP:
        return _scaled(expr.args[0], fmt, wide)
    if expr.func == ULP and expr.args[0] in (R, sympy.Abs(R)):
        return check(_Scaled("(fp.mul RNE ulp_r (fp.abs xb))", fmt.sb + 1, fmt.min_subnormal ** 2,
                             fmt.max_finite * 2 ** (fmt.emax - fmt.precision + 1)))
    raise Unsupported(f"no exact encoding of {expr} in SMT-LIB")


def _significand_bits(value: Fraction) -> int:
    if value.denominator & (value.denominator - 1):
        return 10 ** 6            # not a dyadic number: never exact
    return max(abs(value.numerator).bit_length() - (abs(value.numerator) & -abs(value.numerator)).bit_length() + 1, 1)


# -- Gappa -----------------------------------------------------------------------------

def gappa_goals(params: dict, fmt: FloatFormat) -> list[tuple[str, str, Fraction]]:
    """The goals that prove an ``in_range`` upper bound ``|E| <= bound`` (or ``E <= bound``): (range of |r|:
    normal | subnormal,
    goal kind: rel | abs, its bound, the range's ends), each goal implying the claim on its range (its ends
    rounded outward).  [] when Gappa cannot be asked."""
    if params["claim"] != "float" or params["region"] != "in_range" or params["op"] != "<=":
        return []       # (|E| <= bound implies E <= bound: the same goals prove a signed upper bound)
    low, _, high, _ = params["range"]
    low = Fraction(str(low)) if low is not None else Fraction(0)
    high = min(Fraction(str(high)), fmt.max_finite) if high is not None else fmt.max_finite
    ranges = [(name, max(low, start), min(high, stop)) for name, start, stop in
              (("normal", fmt.min_normal, fmt.max_finite), ("subnormal", Fraction(0), fmt.min_normal))]
    goals = []
    for name, low, high in ranges:
        if low > high or (name == "subnormal" and low == high):     # empty, or a point the normal range has
            continue
        minorant = _minorant(params["bound"], low, high, fmt)
        if minorant is None:
            return []
        slope, offset = minorant          # bound(x) >= slope * x + offset for x = |r| in [low, high]
        if name == "normal":
            rel = slope + (offset / high if offset >= 0 else offset / low)
            if rel <= 0:
                return []
            goals.append((name, "rel", _dyadic_below(rel), _dyadic_below(low), _dyadic_above(high)))
        else:
            absolute = offset + min(Fraction(0), slope * high)
            if absolute <= 0:
                return []
            goals.append((name, "abs", _dyadic_below(absolute), _dyadic_below(low), _dyadic_above(high)))
    return goals


def _minorant(expr, low: Fraction, high: Fraction, fmt: FloatFormat) -> tuple[Fraction, Fraction] | None:
    """(slope, offset) with expr >= slope * |R| + offset on |R| in [low, high]; None when not found."""
    if expr == sympy.Abs(R):
        return Fraction(1), Fraction(0)
    if expr.is_Rational:
        return Fraction(0), Fraction(int(expr.p), int(expr.q))
    if isinstance(expr, sympy.Mul):
        constant, rest = expr.as_coeff_Mul()
        inner = _minorant(rest, low, high, fmt) if constant != 1 and constant > 0 else None
        if inner is None:
            return None
        c = Fraction(int(constant.p), int(constant.q))
        return inner[0] * c, inner[1] * c
    if isinstance(expr, sympy.Add):
        parts = [_minorant(a, low, high, fmt) for a in expr.args]
        if any(p is None for p in parts):
            return None
        return sum((p[0] for p in parts), Fraction(0)), sum((p[1] for p in parts), Fraction(0))
    if isinstance(expr, sympy.Max):
        parts = [_minorant(a, low, high, fmt) for a in expr.args]
        if any(p is None for p in parts):
            return None
        # the part that dominates at both ends dominates between them (they are linear); any part is a minorant
        at = lambda p, x: p[0] * x + p[1]  # noqa: E731
        return max(parts, key=lambda p: (at(p, low) + at(p, high), at(p, low)))
    if expr.func == ULP and expr.args[0] in (R, sympy.Abs(R)):
        # ulp(x) > x * 2^-p for a normal x, and ulp = the smallest subnormal below the normal range
        if low >= fmt.min_normal:
            return Fraction(1, 2 ** fmt.precision), Fraction(0)
        return Fraction(0), fmt.min_subnormal
    return None


def _dyadic_below(value: Fraction) -> Fraction:
    """The largest m * 2^k <= value with m of 60 bits: a Gappa literal (a stronger goal than asked)."""
    if value <= 0:
        return Fraction(0)
    exponent = value.numerator.bit_length() - value.denominator.bit_length() - 60
    scaled = Fraction(2) ** -exponent * value
    return Fraction(int(scaled)) * Fraction(2) ** exponent


def _dyadic_above(value: Fraction) -> Fraction:
    below = _dyadic_below(value)
    if below == value:
        return value
    exponent = value.numerator.bit_length() - value.denominator.bit_length() - 60
    return below + Fraction(2) ** exponent


def gappa_number(value: Fraction) -> str:
    """``m b e`` (m * 2^e, m odd), Gappa's exact notation of a dyadic number."""
    if value == 0:
        return "0"
    numerator, denominator = value.numerator, value.denominator
    exponent = -(denominator.bit_length() - 1)
    assert denominator == 1 << -exponent
    while numerator % 2 == 0:
        numerator, exponent = numerator // 2, exponent + 1
    return f"{numerator}b{exponent}"


# -- the predicate ---------------------------------------------------------------------

def _predicate(params: dict, fmt, *operands) -> tuple[np.ndarray, np.ndarray]:
    """(applies, holds) of the claim at each point: a float or integer claim on operand arrays (a, b),
    a real one on object arrays of Fractions, one per variable."""
    claim = params["claim"]
    if claim == "real":
        n = len(operands[0])
        applies, holds = np.zeros(n, bool), np.ones(n, bool)
        for i in range(n):
            ok, verdict, _ = _real_point(params, {v: Fraction(operands[k][i]) for k, v in enumerate(
                params["variables"])})
            applies[i], holds[i] = ok, verdict
        return applies, holds
    a, b = operands
    if claim == "int":
        return _int_predicate(params, fmt, a, b)
    applies, holds = np.zeros(a.shape, bool), np.ones(a.shape, bool)
    for i, r, cc in exact_quotients(fmt, a, b, div(fmt, a, b)):
        ok, verdict, _ = _float_point(params, fmt, r, cc.value if cc.is_finite else None)
        applies[i], holds[i] = ok, verdict
    return applies, holds


def _int_predicate(params: dict, fmt: IntFormat, a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """E * |b| = (c * b - a) * sign(b) compared exactly: in int64 up to 32-bit types, Python integers above."""
    wide = object if fmt.bits > 32 else np.int64
    x, y = a.astype(wide), b.astype(wide)
    applies = (y != 0) & ~((x == fmt.min) & (y == -1)) if fmt.signed else (y != 0)
    y = np.where(applies, y, 1).astype(wide)
    magnitude = np.abs(x) // np.abs(y)
    c = np.where((x < 0) != (y < 0), -magnitude, magnitude).astype(wide)
    bound = Fraction(str(params["bound"]))
    scaled = (c * y - x) * np.where(y < 0, -1, 1).astype(wide)
    left = bound.denominator * (np.abs(scaled) if params["abs"] else scaled)
    right = bound.numerator * np.abs(y)
    holds = {"=": left == right, "!=": left != right, "<=": left <= right, "<": left < right,
             ">=": left >= right, ">": left > right}[params["op"]]
    return np.asarray(applies, bool), np.asarray(holds, bool) | ~np.asarray(applies, bool)


def _holds_at(params: dict, fmt, values: dict) -> tuple[bool, str]:
    """The claim at one point (a counterexample's operands): (holds, what the mirror computes there)."""
    claim = params["claim"]
    if claim == "real":
        ok, verdict, detail = _real_point(params, {k: Fraction(v) for k, v in values.items()})
    elif claim == "int":
        ok, verdict, detail = _int_point(params, fmt, int(values["a"]), int(values["b"]))
    else:
        a, b = fmt.decode(values["a"]), fmt.decode(values["b"])
        if not (a.is_finite and b.is_finite and not b.is_zero):
            return True, "outside the claim's domain"
        q = fmt.decode(exact.float_div_bits(fmt, values["a"], values["b"]))
        ok, verdict, detail = _float_point(params, fmt, a.value / b.value, q.value if q.is_finite else None)
    return (verdict or not ok), detail if ok else f"outside the claim's domain ({detail})"


def _real_point(params: dict, env: dict[str, Fraction]) -> tuple[bool, bool, str]:
    try:
        if not evaluate(params["conditions"], env):
            return False, True, "the conditions do not hold"
        goal = params["goal"]
        verdict = bool(evaluate(goal, env))
        if isinstance(goal, sympy.core.relational.Relational):
            detail = f"left side {evaluate(goal.lhs, env)}, right side {evaluate(goal.rhs, env)}"
        else:
            detail = "the claim is " + ("true" if verdict else "false")
    except ZeroDivisionError:
        return False, True, "a division by zero"
    return True, verdict, detail


def _int_point(params: dict, fmt: IntFormat, a: int, b: int) -> tuple[bool, bool, str]:
    if b == 0 or (fmt.signed and a == fmt.min and b == -1):
        return False, True, "b = 0 or MIN / -1"
    c = exact.int_div(a, b)
    error = c - Fraction(a, b)
    bound = Fraction(str(params["bound"]))
    verdict = compare(abs(error) if params["abs"] else error, params["op"], bound)
    return True, verdict, f"trunc(a / b) = {c}, a / b = {Fraction(a, b)}, E = {error}"


def _number(value: Fraction) -> str:
    """An exact value, or its 17 significant digits when the fraction is long (any magnitude)."""
    text = str(value)
    if len(text) <= 40:
        return text
    with decimal.localcontext() as context:
        context.prec = 17
        return str(decimal.Decimal(value.numerator) / decimal.Decimal(value.denominator))


def _float_point(params: dict, fmt: FloatFormat, r: Fraction, q: Fraction | None) -> tuple[bool, bool, str]:
    in_range = abs(r) <= fmt.max_finite
    low, low_open, high, high_open = params["range"]
    outside = (low is not None and not compare(abs(r), ">" if low_open else ">=", Fraction(str(low)))) or (
        high is not None and not compare(abs(r), "<" if high_open else "<=", Fraction(str(high))))
    if in_range != (params["region"] == "in_range") or outside:
        return False, True, f"a / b = {_number(r)} is outside the claim's range"
    bound = evaluate(params["bound"], {"R": r}, float_ulp(fmt))
    if q is None:
        sign = 1 if r > 0 else -1
        verdict = compare(float("inf") if params["abs"] else sign * float("inf"), params["op"], bound)
        return True, verdict, f"a / b = {_number(r)} rounds to {'-' if sign < 0 else ''}inf"
    error = q - r
    verdict = compare(abs(error) if params["abs"] else error, params["op"], bound)
    return True, verdict, f"a / b = {_number(r)} rounds to {_number(q)}: E = {_number(error)}, the bound is {_number(bound)}"


class AccuracyBound(Statement):
    """A claim of an accuracy note (its params' ``claim``: real, int or float; see above)."""

    kind = "accuracy_bound"
    name = "accuracy_bound"
    families = ("real", "int", "float")
    encodings = frozenset({"smt", "gappa", "predicate"})

    def variables(self, o) -> tuple[str, ...]:
        return tuple(o.params["variables"]) if o.family == "real" else ("a", "b")

    def smt_frame(self, o) -> str:
        return {"real": "real", "int": "int_exact", "float": "float"}[o.family]

    def smt(self, o, context) -> str:
        return smt(o.params, context.get("fmt"))

    def gappa(self, o, fmt: FloatFormat) -> str:
        goals = gappa_goals(o.params, fmt)
        if not goals:
            raise NotEncoded(f"{o.id}: Gappa cannot be asked this bound")
        implications = [f"(|r| in [{gappa_number(low)}, {gappa_number(high)}] -> "
                        f"{'(q - r) / r' if kind == 'rel' else 'q - r'} in [-{gappa_number(bound)}, {gappa_number(bound)}])"
                        for _, kind, bound, low, high in goals]
        return ("# the bound's linear minorant on each range of |r|: a relative error on the normal range, an\n"
                "# absolute one below it (the obligation's range: the quotient does not overflow)\n"
                "{ " + "\n  /\\ ".join(implications) + " }\n"
                "# Gappa proves the lowest binade apart (its default interval splitting loses it for binary64)\n"
                f"$ |r| in (1b{fmt.emin + 1});")

    def predicate(self, o, fmt, **columns):
        return _predicate(o.params, fmt, *columns.values())

    def samples(self, o, vector_sets):
        if o.family != "real":
            yield from super().samples(o, vector_sets)
            return
        yield from grid_samples(self.variables(o), tuple(Fraction(v) for v in ("-2", "-1", "-1/2", "0", "1/3", "1", "3")))

    def explain(self, o, fmt, values) -> str:
        return _holds_at(o.params, fmt, values)[1]


STATEMENTS = (AccuracyBound(),)

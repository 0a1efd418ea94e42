"""How an accuracy note's claims on Div's rounding are encoded (`operators.accuracy.Accuracy`), where the
error is ``E = C - r`` with ``r = a / b`` the exact quotient.

- float: the error Div introduces in one binary format, ``E = round(r) - r`` for finite operands and
  ``b`` non-zero.  SMT-LIB: ``E * |b| = (q*b - a) * sign(b)`` and the bound times ``|b|`` are exact in a
  format twice as wide, and a difference rounded upward (downward) stays below (above) a representable
  bound exactly when the exact one does.
- int: the error of truncating division, ``E = trunc(a / b) - a / b``, compared with a constant bound, for
  ``b != 0`` and a representable quotient (not ``MIN / -1``): over mathematical integers, ``|E| op k`` is
  ``|c*b - a| * den op num * |b|``; the predicate compares the same exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import sympy

from divbridge.formats import FloatFormat, IntFormat
from divbridge.operators.accuracy import ULP, Accuracy, R, Unsupported

_SMT_OPS = {"<=": "<=", "<": "<", ">=": ">=", ">": ">", "=": "="}


def int_smt(params: dict) -> str:
    """The integer claim over mathematical integers (the frame's c, the truncated quotient of a and b, and
    ``pre``): ``|E| op k`` is ``|c*b - a| * den op num * |b|``."""
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


def float_smt(params: dict, fmt: FloatFormat, wide: FloatFormat) -> str:
    """The float claim's definitions ending with ``goal``: a Jinja2 snippet over ``wide`` (its literals)."""
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
    return f"{{{{ fp_literal(wide, {bits}) }}}}"   # rendered by the statement


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




def int_holds(params: dict, fmt: IntFormat, a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
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


ACCURACY = Accuracy(
    float_statement="isFinite(a) and isFinite(b) and b != 0 and r = a / b and {region} and E = round(r) - r -> {claim}",
    float_smt=float_smt,
    int_statement="b != 0 and not (a = MIN and b = -1) and r = a / b and E = trunc(r) - r -> {claim}",
    int_smt=int_smt, int_holds=int_holds,
    int_detail="trunc(a / b) = {c}, a / b = {r}, E = {error}", int_outside="b = 0 or MIN / -1")

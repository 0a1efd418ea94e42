"""The bounds an accuracy note claims, encoded for every backend: SMT-LIB, Gappa, and one predicate.

An obligation's params say what the note claims, already read for its operator
(`obligations.accuracy`); this module only encodes it.  Three kinds
(``params["claim"]``):

- ``real``: a formula over real variables (``variables``): ``goal`` under
  ``conditions``, both sympy booleans.  SMT-LIB over the reals (QF_NRA:
  Z3 and cvc5; Bitwuzla has no reals, so it is never asked).
- ``float``: the error the operator introduces in one binary format,
  ``E = round(r) - r`` for finite operands ``a``, ``b`` and ``r`` the exact
  result, compared (``op``, on ``E`` or ``|E|`` as ``abs`` says) with
  ``bound``, a sympy expression in ``R`` (the exact result) and ``ulp(R)``
  whose constants are already numbers; where ``|r|`` lies in ``range``
  (``low``, ``high``: numbers or None, each with whether it is excluded) and
  in the ``region`` ``in_range`` (``|r| <= max_finite``) or ``overflow``
  (``|r| > max_finite``), or ``rounding``: ``r`` any real below the overflow threshold, not a result of the
  operator's (the bound of a correctly rounded result: what holds of the rounding of every real).  Gappa: the bound's linear minorant on the normal
  and the subnormal range (relative and absolute error goals), for
  ``in_range`` upper bounds only (Gappa's rounding has no overflow).
- ``int``: the error of the integer result, ``E = C - r``, compared with a
  constant ``bound`` where the integer profile defines C.

The float and integer claims' SMT-LIB, and the integer claim's predicate, are
the operator's library's (`operators.library.Accuracy`).  The predicate
evaluates the same claim exactly (`fractions.Fraction`) on the mirror's
result: the cross-check runs it on vectors, the counterexample replay at one
point.
"""

from __future__ import annotations

import contextlib
import decimal
from fractions import Fraction
from typing import Callable

import numpy as np
import sympy

from divbridge import operators
from divbridge.formats import FloatFormat, IntFormat
from divbridge.operators.arrays import exact_results
from divbridge.operators.accuracy import ULP, Accuracy, R, Unsupported
from divbridge.operators.model import Operator
from divbridge.statements import NotEncoded, Statement
from divbridge.statements.mirrorops import result, wide_format
from divbridge.statements.real import grid_samples
from divbridge.statements.smtlib import real_literal, snippet
from divbridge.terms import Var, text

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
    if isinstance(expr, sympy.Piecewise):
        chosen = next((piece.expr for piece in args if evaluate(piece.cond, env, ulp)), None)
        if chosen is None:
            raise ZeroDivisionError(f"{expr} is defined nowhere here")
        return evaluate(chosen, env, ulp)
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

def statement(op: Operator, params: dict) -> str:
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
        return _accuracy(op).int_statement.format(claim=f"{error} {params['op']} {bound}")
    if params["region"] == "rounding":     # any real r, whatever operator computes it
        return (f"for every real r with |r| <= {text(overflow_threshold(fmt))} (max_finite + ulp(max_finite)/2: below "
                f"it r rounds to a finite float) and E = round(r) - r: {error} {params['op']} {bound}")
    region = {"in_range": "|r| <= max_finite", "overflow": "|r| > max_finite"}[params["region"]]
    low, low_open, high, high_open = params["range"]
    if low is not None:
        region = f"{text(low)} {'<' if low_open else '<='} |r| and {region}"
    if high is not None and high != sympy.Rational(fmt.max_finite):
        region += f" and |r| {'<' if high_open else '<='} {text(high)}"
    return _accuracy(op).float_statement.format(region=region, claim=f"{error} {params['op']} {bound}")


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
                k = part.bit_length() - 1 if part == value.numerator else 1 - part.bit_length()
                power = sympy.Symbol(f"2^{k}")
                found[atom] = power if atom > 0 else -power
    return expr.xreplace(found)


# -- SMT-LIB ------------------------------------------------------------------------------

def smt(op: Operator, params: dict, fmt=None) -> str:
    """The definitions ending with ``(define-fun goal () Bool ...)`` for the family's template: a real claim's
    here, a float or integer claim's by the operator's library (`operators.library.Accuracy`)."""
    claim = params["claim"]
    if claim == "real":
        goal = sympy.And(params["goal"], _defined(params["goal"]))
        return f"(define-fun goal () Bool (=> {_real(params['conditions'])}\n  {_real(goal)}))"
    accuracy = _accuracy(op)
    if claim == "int":
        return accuracy.int_smt(params)
    return snippet(accuracy.float_smt(params, fmt, wide_format(fmt))).render(wide=wide_format(fmt))


def _accuracy(op: Operator) -> Accuracy:
    if op.library.accuracy is None:
        raise Unsupported(f"no encoding of the error {op.name} introduces in a float or integer format")
    return op.library.accuracy()


def _defined(expr) -> sympy.Basic:
    """Where each piecewise value of ``expr`` with no "otherwise" is defined (one of its conditions holds): a
    claim on it is claimed there too, since `_real` writes its last value where no condition holds."""
    return sympy.And(*[sympy.Or(*[piece.cond for piece in p.args]) for p in expr.atoms(sympy.Piecewise)
                       if p.args[-1].cond != sympy.true])


def _real(expr) -> str:
    """sympy over real symbols -> SMT-LIB (the conditions keep the second argument of every ``/`` non-zero)."""
    if isinstance(expr, sympy.Symbol):
        return expr.name
    if expr.is_Rational:
        return real_literal(Fraction(int(expr.p), int(expr.q)))
    if isinstance(expr, sympy.logic.boolalg.BooleanTrue):
        return "true"
    if isinstance(expr, sympy.logic.boolalg.BooleanFalse):
        return "false"
    if isinstance(expr, sympy.Piecewise):     # the last value where no other condition holds (see `_defined`)
        value = _real(expr.args[-1].expr)
        for piece in reversed(expr.args[:-1]):
            value = f"(ite {_real(piece.cond)} {_real(piece.expr)} {value})"
        return value
    args = [_real(a) for a in expr.args]
    if isinstance(expr, sympy.Add):
        return f"(+ {' '.join(args)})"
    if isinstance(expr, sympy.Mul):
        top, bottom = sympy.fraction(expr)
        if bottom != 1:
            return f"(/ {_real(top)} {_real(bottom)})"
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


# -- Gappa -----------------------------------------------------------------------------

def gappa_goals(params: dict, fmt: FloatFormat) -> list[tuple[str, str, Fraction]]:
    """The goals that prove an ``in_range`` upper bound ``|E| <= bound`` (or ``E <= bound``): (range of |r|:
    normal | subnormal,
    goal kind: rel | abs, its bound, the range's ends), each goal implying the claim on its range (its ends
    rounded outward).  [] when Gappa cannot be asked."""
    if params["claim"] != "float" or params["region"] not in ("in_range", "rounding") or params["op"] != "<=":
        return []       # (|E| <= bound implies E <= bound: the same goals prove a signed upper bound)
    top = fmt.max_finite if params["region"] == "in_range" else overflow_threshold(fmt)
    low, _, high, _ = params["range"]
    low = Fraction(str(low)) if low is not None else Fraction(0)
    high = min(Fraction(str(high)), top) if high is not None else top
    ranges = [(name, max(low, start), min(high, stop)) for name, start, stop in
              (("normal", fmt.min_normal, top), ("subnormal", Fraction(0), fmt.min_normal))]
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


def overflow_threshold(fmt: FloatFormat) -> Fraction:
    """max_finite + ulp(max_finite) / 2: a real of smaller magnitude rounds to a finite float (to nearest even),
    the same float with an unbounded exponent (Gappa's and Flocq's rounding) as in IEEE 754; at it and beyond, an
    infinity."""
    return fmt.max_finite + float_ulp(fmt)(fmt.max_finite) / 2


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
    m, exponent = value.numerator, 1 - value.denominator.bit_length()
    assert value.denominator == 1 << -exponent
    while m % 2 == 0:
        m, exponent = m // 2, exponent + 1
    return f"{m}b{exponent}"


# -- the predicate ---------------------------------------------------------------------

def _predicate(operator: str, params: dict, fmt, *operands) -> tuple[np.ndarray, np.ndarray]:
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
        return _accuracy(operators.of_obligation_name(operator)).int_holds(params, fmt, a, b)
    applies, holds = np.zeros(a.shape, bool), np.ones(a.shape, bool)
    real = operators.of_obligation_name(operator).kernels.real
    for i, r, cc in exact_results(real, fmt, a, b, result(operator, fmt, a, b)):
        ok, verdict, _ = _float_point(params, fmt, "r", r, cc.value if cc.is_finite else None)
        applies[i], holds[i] = ok, verdict
    return applies, holds


def _holds_at(operator: str, params: dict, fmt, values: dict) -> tuple[bool, str]:
    """The claim at one point (a counterexample's operands): (holds, what the mirror computes there)."""
    claim = params["claim"]
    if claim == "real":
        ok, verdict, detail = _real_point(params, {k: Fraction(v) for k, v in values.items()})
    elif claim == "int":
        ok, verdict, detail = _int_point(operator, params, fmt, int(values["a"]), int(values["b"]))
    else:
        a, b = fmt.decode(values["a"]), fmt.decode(values["b"])
        op, r = operators.of_obligation_name(operator), None
        if a.is_finite and b.is_finite:
            with contextlib.suppress(ZeroDivisionError):     # where the exact result is undefined
                r = op.kernels.real(a.value, b.value)
        if r is None:
            return True, "outside the claim's domain"
        q = fmt.decode(op.kernels.float_bits(fmt, values["a"], values["b"]))
        written = text.term(op.applied("float", args=(Var("a"), Var("b"))))
        ok, verdict, detail = _float_point(params, fmt, written, r, q.value if q.is_finite else None)
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
        return False, True, "the formula is undefined there (x / 0)"
    return True, verdict, detail


def _int_point(operator: str, params: dict, fmt: IntFormat, a: int, b: int) -> tuple[bool, bool, str]:
    op = operators.of_obligation_name(operator)
    accuracy, domain = _accuracy(op), op.library.domain
    assert domain is not None
    if not domain(fmt, np.array([a]), np.array([b]))[0]:
        return False, True, accuracy.int_outside
    c, r = op.kernels.integer(fmt, a, b), op.kernels.real(a, b)
    error = c - r
    bound = Fraction(str(params["bound"]))
    verdict = compare(abs(error) if params["abs"] else error, params["op"], bound)
    return True, verdict, accuracy.int_detail.format(c=c, r=r, error=error)


def _number(value: Fraction) -> str:
    """An exact value, or its 17 significant digits when the fraction is long (any magnitude)."""
    text = str(value)
    if len(text) <= 40:
        return text
    with decimal.localcontext() as context:
        context.prec = 17
        return str(decimal.Decimal(value.numerator) / decimal.Decimal(value.denominator))


def _float_point(params: dict, fmt: FloatFormat, exact: str, r: Fraction, q: Fraction | None) -> tuple[bool, bool, str]:
    """(in the claim's domain, holds, what the mirror computes) at the exact result r (written ``exact``),
    rounded to q (None: to an infinity)."""
    in_range = abs(r) <= fmt.max_finite
    low, low_open, high, high_open = params["range"]
    outside = (low is not None and not compare(abs(r), ">" if low_open else ">=", Fraction(str(low)))) or (
        high is not None and not compare(abs(r), "<" if high_open else "<=", Fraction(str(high))))
    if in_range != (params["region"] == "in_range") or outside:
        return False, True, f"{exact} = {_number(r)} is outside the claim's range"
    bound = evaluate(params["bound"], {"R": r}, float_ulp(fmt))
    if q is None:
        sign = 1 if r > 0 else -1
        verdict = compare(float("inf") if params["abs"] else sign * float("inf"), params["op"], bound)
        return True, verdict, f"{exact} = {_number(r)} rounds to {'-' if sign < 0 else ''}inf"
    error = q - r
    verdict = compare(abs(error) if params["abs"] else error, params["op"], bound)
    return True, verdict, f"{exact} = {_number(r)} rounds to {_number(q)}: E = {_number(error)}, the bound is {_number(bound)}"


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
        return smt(operators.of_obligation_name(o.operator), o.params, context.get("fmt"))

    def gappa(self, o, fmt: FloatFormat) -> str:
        goals = gappa_goals(o.params, fmt)
        if not goals:
            raise NotEncoded(f"{o.id}: Gappa cannot be asked this bound")
        implications = [f"(|r| in [{gappa_number(low)}, {gappa_number(high)}] -> "
                        f"{'(q - r) / r' if kind == 'rel' else 'q - r'} in [-{gappa_number(bound)}, {gappa_number(bound)}])"
                        for _, kind, bound, low, high in goals]
        return ("# the bound's linear minorant on each range of |r|: a relative error on the normal range, an\n"
                "# absolute one below it (the obligation's range: the result does not overflow)\n"
                "{ " + "\n  /\\ ".join(implications) + " }\n"
                "# Gappa proves the lowest binade apart (its default interval splitting loses it for binary64)\n"
                f"$ |r| in (1b{fmt.emin + 1});")

    def predicate(self, o, fmt, **columns):
        return _predicate(o.operator, o.params, fmt, *columns.values())

    def samples(self, o, vector_sets):
        if o.family != "real":
            yield from super().samples(o, vector_sets)
            return
        yield from grid_samples(self.variables(o), tuple(Fraction(v) for v in ("-2", "-1", "-1/2", "0", "1/3", "1", "3")))

    def explain(self, o, fmt, values) -> str:
        return _holds_at(o.operator, o.params, fmt, values)[1]


STATEMENTS = (AccuracyBound(),)

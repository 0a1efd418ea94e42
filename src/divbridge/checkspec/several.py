"""Judging the claims of an accuracy note of an operator of several operands (``C = f(A, B)``, ``Z = Where(c, X,
Y)``: `obligations.accuracy.several`), as `checkspec.unary` judges those of one operand, and saying how:

- **proved (sympy)**: an identity whose two sides simplify to one another, the claim's equalities on a condition
  (``condition[I] = True``: 1) substituted first; a first-order claim whose value simplifies to 0 and whose
  first-order coefficient is 0 (``=``), or is ``|t1 + ... + tk| - (|t1| + ... + |tk|)`` (``<=``: the triangle
  inequality, the terms' total simplifying to the term inside the first |.|); ``E = 0`` over the reals;
- **incorrect**: a point of `GRID` (each operand) and of slopes +-1 where the conditions hold and the claim does
  not, by mpmath at 60 digits, with both sides;
- **checked, not proved**: what neither settles; ``E = 0`` for an operator that rounds nothing (a selection),
  checked on the mirror: its float (or integer) result against its real function for every value of the format
  as the selected operand (every FP16, BF16, int8 and uint8 value; a sample of the wider formats), the other
  operand drawn at random.
"""

from __future__ import annotations

import functools
import itertools
import random
from fractions import Fraction

import mpmath
import sympy

from divbridge.checkspec import summation
from divbridge.checkspec.unary import _value, first_order_positive, refuted
from divbridge.document.findings import Finding
from divbridge.formats import FloatFormat, get_format
from divbridge.obligations.accuracy import Meaning, Several
from divbridge.operators import elementary
from divbridge.operators.model import Operator

# each operand's values (the errors' slopes are +-1); 9^2 points for two operands
GRID = tuple(Fraction(v) for v in ("0", "1/2", "1", "2", "3", "-1/2", "-1", "-2", "-3"))
SAMPLE = 4096                      # values of a format checked when it has more than 2^16
EXHAUSTIVE_BITS = 16


def findings(item: Meaning, op: Operator, found: Several) -> tuple[list[Finding], str]:
    """The claim's findings and how it was judged: ``proved`` (sympy), ``checked``, ``refuted``."""
    line, column = item.statement.line, item.statement.column
    if found.terms is not None:     # one element of a contraction of n terms: n by n and for every n
        return summation.findings(item, op, found)
    if item.kind == "intro-exact":
        return _exact_selection(item, op, found)
    if item.goal == sympy.true:
        return [], "proved"
    if item.kind == "derivative":
        lhs, rhs = item.sides
        if item.op == "=" and _zero(lhs.doit() - rhs):
            return [], "proved"
        return [Finding("incorrect", line, f"false: {item.text}: sympy's derivative is {lhs.doit()}", column=column)
                ], "refuted"
    if item.kind == "first-order":
        if _first_order_proved(item):
            return [], "proved"
        point = _first_order_counterexample(item, op, found)
        if point is not None:
            return [Finding("incorrect", line, point, column=column)], "refuted"
        return [Finding("information", line, "checked, not proved: no point of the grid where the first-order "
                        "coefficient is positive")], "checked"
    lhs, rhs = (s.xreplace(_fixed(item.conditions)) for s in item.sides)
    if item.op == "=" and all(_zero((lhs - rhs).xreplace(truth)) for truth in _truths(found, lhs - rhs)):
        return [], "proved"
    refuted = _counterexample(item, op, found)
    if refuted is not None:
        return [Finding("incorrect", line, refuted[0], refuted[1], column)], "refuted"
    return [Finding("information", line, f"not judged: {item.text} (divbridge proves identities and first-order "
                    "claims of several operands, not yet other bounds)")], "unjudged"


@functools.lru_cache(maxsize=256)
def _zero(expr: sympy.Expr) -> bool:
    return sympy.simplify(sympy.piecewise_fold(expr)) == 0


def _truths(found: Several, expr: sympy.Expr) -> list[dict]:
    """Each assignment of 1 (True) or 0 (False) to the conditions ``expr`` leaves free (operands without an error:
    an input of type bool); one empty assignment when there is none."""
    free = [x for x, e in zip(found.operands, found.errors) if e is None and expr.has(x)]
    return [dict(zip(free, values)) for values in itertools.product((sympy.S.One, sympy.S.Zero), repeat=len(free))]


def _fixed(conditions: sympy.Basic) -> dict:
    """The values the conditions fix: ``condition = 1`` (a condition compared with True)."""
    return {c.lhs: c.rhs for c in sympy.And.make_args(conditions)
            if isinstance(c, sympy.Eq) and isinstance(c.lhs, sympy.Symbol) and c.rhs.is_number}


def _first_order_proved(item: Meaning) -> bool:
    """Proved by sympy, where the coefficients are defined: the argument of every ln (the chain rule through
    ``A^B`` with an error in B) must be positive under the claim's conditions."""
    c0, c1 = item.sides
    positive = {c.lhs for c in sympy.And.make_args(item.conditions) if isinstance(c, sympy.StrictGreaterThan)
                and c.rhs == 0}
    if any(f.args[0] not in positive for f in (c0 + c1).atoms(sympy.log) if not f.args[0].is_positive):
        return False
    if not _zero(c0):
        return False
    if item.op == "=":
        return _zero(c1)
    return _triangle(c1)


def _triangle(c1: sympy.Expr) -> bool:
    """``c1 = |S| - (|t1| + ... + |tk|)`` with ``S = t1 + ... + tk``: never positive (the triangle inequality)."""
    terms = sympy.Add.make_args(sympy.expand(c1, deep=False, multinomial=False, power_exp=False,
                                             power_base=False, log=False))
    whole = [t for t in terms if isinstance(t, sympy.Abs)]
    parts = [-t for t in terms if isinstance(-t, sympy.Abs)]
    if len(whole) != 1 or len(whole) + len(parts) != len(terms):
        return False
    return _zero(whole[0].args[0] - sum(p.args[0] for p in parts)) or _zero(
        whole[0].args[0] + sum(p.args[0] for p in parts))


def _first_order_counterexample(item: Meaning, op: Operator, found: Several) -> str | None:
    c0, c1 = item.sides
    names = [str(x) for x in found.operands]
    slopes = [str(s) for s in found.slopes.values()]
    for values in itertools.product(GRID, repeat=len(names)):
        for signs in itertools.product((Fraction(1), Fraction(-1)), repeat=len(slopes)):
            env = {**dict(zip(names, values)), **dict(zip(slopes, signs))}
            if _value(item.conditions, env) is not True:
                continue
            v0, v1 = _value(c0, env), _value(c1, env)
            if v0 is None or v1 is None:
                continue
            if first_order_positive(v0, v1):
                at = ", ".join(f"{k} = {v}" for k, v in env.items())
                errors = {str(e): s * _H for e, s in zip(found.slopes, signs)}
                return (f"false to first order: at {at}, as h -> 0+, the left side minus the right side is "
                        f"{sympy.N(v0, 8)} + ({sympy.N(v1, 8)})*h + o(h), positive for small h (at h = 2^-20 the "
                        f"mirror's {found.result}_err^propag is {_replayed(op, found, env, errors)})")
    return None


_H = Fraction(1, 1 << 20)


def _replayed(op: Operator, found: Several, env: dict, errors: dict) -> str:
    """The propagated error the mirror gives (its real function, exact or mpmath at 320 bits) at the operands of
    ``env`` moved by ``errors``, shown."""
    def operands(moved: bool) -> list:
        values = []
        for x, e in zip(found.operands, found.errors):
            if e is None:
                values.append(env[str(x)] != 0)
            else:
                values.append(env[str(x)] + (errors.get(str(e), 0) if moved else 0))
        return values
    try:
        before, after = op.kernels.real(*operands(False)), op.kernels.real(*operands(True))
        if isinstance(after, Fraction) and isinstance(before, Fraction):
            return str(after - before)
        with mpmath.workprec(elementary.PRECISION):
            values = [elementary.mpf(v) if isinstance(v, Fraction) else v for v in (after, before)]
            return mpmath.nstr(values[0] - values[1], 12)
    except (ValueError, ZeroDivisionError, ArithmeticError, TypeError):
        return "not defined there"


def _counterexample(item: Meaning, op: Operator, found: Several) -> tuple[str, str] | None:
    """The first point of `GRID` (operands and errors) where the conditions hold and the claim does not, by a
    margin, with both sides and the mirror's propagated error."""
    lhs, rhs = item.sides
    names = list(item.variables)
    truths = {str(x) for x, e in zip(found.operands, found.errors) if e is None}   # a condition is 1 or 0
    for values in itertools.product(*[(1, 0) if name in truths else GRID[:5] for name in names]):
        env = dict(zip(names, values))
        if _value(item.conditions, env) is not True:
            continue
        left, right = _value(lhs, env), _value(rhs, env)
        if left is None or right is None:
            continue
        if refuted(item.op, left, right):
            at = ", ".join(f"{k} = {v}" for k, v in env.items())
            errors = {k: v for k, v in env.items() if k.endswith("_err")}
            return (f"false: at {at} (where its conditions hold) the left side is {mpmath.nstr(left, 12)} and the "
                    f"right side {mpmath.nstr(right, 12)} ({item.error} read as {item.reads_as}; the mirror's "
                    f"{op.name} gives {item.error} = {_replayed(op, found, env, errors)})", at)
    return None


def _exact_selection(item: Meaning, op: Operator, found: Several) -> tuple[list[Finding], str]:
    """E = 0 where E is the mirror's result minus the real function: for every value of each format (a sample of
    the wider ones) as each numeric operand, the others drawn at random, every condition both ways."""
    line, column = item.statement.line, item.statement.column
    numeric = [k for k, e in enumerate(found.errors) if e is not None]
    conditions = [k for k, e in enumerate(found.errors) if e is None]
    checked = []
    for name in item.formats:
        fmt = get_format(name)
        values = _values(fmt)
        draw = random.Random(name)
        for selected in numeric:
            for bits in values:
                for truth in itertools.product((True, False), repeat=len(conditions)):
                    args: list = [None] * len(found.operands)
                    for k, t in zip(conditions, truth):
                        args[k] = t
                    for k in numeric:
                        args[k] = bits if k == selected else draw.choice(values)
                    failure = _selection_error(op, fmt, args)
                    if failure:
                        return [Finding("incorrect", line, f"false in {name}: {item.text}; {failure}",
                                        column=column)], "refuted"
        checked.append(f"{name} ({'every one of' if _every(fmt, values) else 'a sample of'} "
                       f"{len(values)} values)")
    return [Finding("information", line, "checked, not proved: the mirror's result is its real function, exactly, "
                    "with each operand every value of " + ", ".join(checked))], "checked"


def _values(fmt) -> list[int]:
    """What each operand is checked at: every finite bit pattern of a float format of at most 16 bits, every value
    of an integer type of at most 16; else a seeded sample of either."""
    width = fmt.width if isinstance(fmt, FloatFormat) else fmt.bits
    if isinstance(fmt, FloatFormat):
        draw = random.Random(fmt.name)
        chosen = range(1 << width) if width <= EXHAUSTIVE_BITS else [draw.getrandbits(width) for _ in range(SAMPLE)]
        return [b for b in chosen if fmt.decode(b).is_finite]
    if width <= EXHAUSTIVE_BITS:
        return list(range(fmt.min, fmt.max + 1))
    draw = random.Random(fmt.name)
    return [fmt.min, fmt.max, 0] + [draw.randint(fmt.min, fmt.max) for _ in range(SAMPLE)]


def _every(fmt, values: list[int]) -> bool:
    width = fmt.width if isinstance(fmt, FloatFormat) else fmt.bits
    return width <= EXHAUSTIVE_BITS


def _selection_error(op: Operator, fmt, args: list) -> str:
    """"" when the mirror's result at these operands (float bits, or integers) is exactly the real function of
    their values."""
    floating = isinstance(fmt, FloatFormat)
    value = (lambda b: Fraction(fmt.decode(b).value)) if floating else Fraction   # noqa: E731
    exact = op.kernels.real(*[a if isinstance(a, bool) else value(a) for a in args])
    got = op.kernels.float_bits(fmt, *args) if floating else op.kernels.integer(fmt, *args)
    if value(got) == exact:
        return ""
    return f"at {args}: the result {value(got)}, the real value {exact}"

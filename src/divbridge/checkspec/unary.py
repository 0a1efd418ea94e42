"""Judging the claims of an accuracy note of an operator of one operand (``Y = f(X)``, `obligations.accuracy.unary`).

A claim on a transcendental function (an elementary function of mpmath's) is out of reach of the SMT provers over the
reals; it is judged here, and the evidence says how:

- **proved (sympy)**: an identity whose two sides simplify to one another (hyperbolic functions rewritten); a
  first-order claim whose first-order coefficient simplifies to 0 (or its value and coefficient to numbers that
  settle it) in each sign of ``X`` and of the slope ``alpha`` its conditions allow; a Lipschitz bound
  ``|f(X + X_err) - f(X)| <= L |X_err|`` by the mean value theorem, sympy bounding f' over the reals by L;
- **incorrect**: a point where the claim's conditions hold and it does not, found on a grid of exact values
  (`GRID`) evaluated by mpmath at 60 digits with a margin, the propagated error replayed on the mirror (the
  operator's reference: its description's real function, mpmath at 320 bits) and both sides given;
- **proved (Gappa, its certificate checked by Coq)**: a correctly rounded result's bound that is a function of the
  result alone (``u max(|Y|, min-normal)``), proved as what it is, a bound on the rounding of every real that
  rounds to a finite float (`obligations.accuracy.rounding_obligations`), in each of its formats: every input is
  covered, since f(X) is such a real;
- **checked, not proved**: an inequality no counterexample was found for on the grid (information, verdict
  ``checked``); an introduced-error bound that no proof covers (a bound that needs more than rounding, or one
  Gappa does not prove) checked against the correctly rounded reference on every finite input of FP16 and BF16
  and on a sample of FP32 (`SAMPLE_FP32` inputs, seeded): exhaustive, yet a check, not a proof for every format.
"""

from __future__ import annotations

import functools
import itertools
import random
import sys
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction

import mpmath
import sympy
from sympy.calculus.util import continuous_domain, maximum, minimum

from divbridge.document import mathexpr
from divbridge.document.findings import Finding
from divbridge.formats import FloatFormat, get_format
from divbridge.obligations import accuracy
from divbridge.obligations.accuracy import Meaning, Unary
from divbridge.operators import elementary
from divbridge.operators.model import Operator
from divbridge.provers.verdicts import ObligationResult

# the values of X and X_err the search tries (and the first-order search, of X; alpha is +-1)
GRID = tuple(Fraction(v) for v in ("0", "1/1024", "1/16", "1/4", "1/2", "1", "3/2", "2", "3", "5", "10", "20"))
GRID = tuple(sorted(set(GRID) | {-v for v in GRID}, key=lambda v: (abs(v), v)))
# the values of an operator's attributes the searches try (each attribute; a counterexample names them)
ATTRIBUTE_GRID = tuple(Fraction(v) for v in ("0", "1", "-1", "1/2", "-1/2", "2", "-2", "1/100", "-100"))
SAMPLE_FP32 = 20000
EXHAUSTIVE = ("fp16", "bf16")
_DIGITS = 60
_MARGIN = mpmath.mpf(10) ** -40      # a side exceeds the other by more than this (relative) to refute


def findings(item: Meaning, op: Operator, unary: Unary, sample_fp32: int = SAMPLE_FP32,
             proofs: Sequence[ObligationResult] = ()) -> tuple[list[Finding], str]:
    """The claim's findings and how it was judged: ``proved`` (sympy; or, for an introduced-error bound, its
    ``proofs``: the results of its rounding obligations, one per format), ``checked`` (samples or every input of a
    format), ``refuted``."""
    line, column = item.statement.line, item.statement.column
    if item.per_format:
        return _each_format(item, op, unary, sample_fp32)
    if item.kind == "intro-reference":
        proved = rounding_proof(item, proofs)
        if proved is not None:
            return [Finding("information", line, proved)], "proved"
        return _introduced(item, op, unary, sample_fp32)
    if item.float_reading is not None:
        return _both_readings(item, op, unary)
    if item.proviso_unread:
        return _whatever_the_proviso(item, unary)
    if item.kind == "derivative":
        return _derivative(item, op, unary)
    if item.kind == "derivative-undefined":
        return _undefined(item, op, unary)
    if item.goal == sympy.true:
        return [], "proved"
    if item.kind == "first-order":
        if _first_order_proved(item, unary):
            return [], "proved"
        point = _first_order_counterexample(item, op, unary)
        if point is not None:
            return [Finding("incorrect", line, point, column=column)], "refuted"
        return [Finding("information", line, f"checked, not proved: no point of the grid (X in {len(GRID)} values, "
                        "alpha = +-1) where the first-order coefficient is positive")], "checked"
    if item.op == "=" and _identity(item.sides[0] - item.sides[1]):
        return [], "proved"
    if _lipschitz(item, unary):
        return [], "proved"
    proved = _real_proof(item, unary, proofs)
    if proved is not None:
        return [Finding("information", line, proved)], "proved"
    refuted = _counterexample(item, op, unary)
    if refuted is not None:
        return [Finding("incorrect", line, refuted[0], refuted[1], column)], "refuted"
    disproved = [r for r in proofs if r is not None and r.family == "real" and r.verdict == "refuted"]
    if disproved:       # a solver's model the grid does not have: not replayed, so no verdict
        return [Finding("information", line, f"not judged: {disproved[0].prover} refutes it over the reals at a point "
                        "the grid does not have, not replayed on the operator's reference")], "unjudged"
    tried = len(GRID) ** len(item.variables)
    each = "".join(f", each with {p} in {{{', '.join(map(str, ATTRIBUTE_GRID))}}}" for p in unary.parameters)
    return [Finding("information", line, f"checked, not proved: it holds at every point of a grid of {tried} "
                    f"exact values ({', '.join(item.variables)}){each} where its conditions hold (mpmath, {_DIGITS} "
                    "digits)")], "checked"


# -- sympy ---------------------------------------------------------------------------------------------------------

@functools.lru_cache(maxsize=256)
def _identity(gap: sympy.Expr) -> bool:
    """``gap`` is 0 for every value: sympy simplifies it, the hyperbolic functions rewritten in terms of e^x."""
    return sympy.simplify(gap) == 0 or sympy.simplify(gap.rewrite(sympy.exp)) == 0


def _first_order_proved(item: Meaning, unary: Unary) -> bool:
    """The value is 0 and the first-order coefficient simplifies to 0 (``=``) or to a number not positive
    (``<=``), X and alpha replaced by p and -p (p > 0) in each sign the claim's conditions allow (and by 0 where f
    is piecewise: its pieces meet there), each attribute of the operator in each of `attribute_cases`."""
    c0, c1 = item.sides
    p, q = sympy.symbols("p q", positive=True)
    alpha = mathexpr.symbol(item.variables[1])
    points = (p, -p, sympy.S.Zero) if unary.value.has(sympy.Piecewise) else (p, -p)
    for x_value, attributes in itertools.product(points, attribute_cases(unary)):
        at = {unary.operand: x_value, **attributes}
        if sympy.simplify(item.conditions.xreplace(at)) == sympy.false:
            continue       # no X of that sign meets the conditions
        for slope in (q, -q):
            values = [sympy.simplify(c.xreplace({**at, alpha: slope})) for c in (c0, c1)]
            if values[0] != 0:
                return False
            if item.op == "=" and values[1] != 0:
                return False
            if item.op in ("<=", "<") and not (values[1].is_nonpositive and (item.op == "<=" or values[1] != 0)):
                return False
    return True


def attribute_cases(unary: Unary) -> list[dict[sympy.Symbol, sympy.Expr]]:
    """Every real value of the operator's attributes, in cases sympy settles: 0, 1, -1, between 0 and 1 in
    magnitude (t / (1 + t), t > 0) and above 1 (1 + t), of each sign; one case without attributes."""
    t = sympy.Symbol("t", positive=True)
    magnitudes = (sympy.S.Zero, sympy.S.One, t / (1 + t), 1 + t)
    values = [m for m in magnitudes] + [-m for m in magnitudes[1:]]
    return [dict(zip(unary.parameters, chosen)) for chosen in itertools.product(values, repeat=len(unary.parameters))]


def _lipschitz(item: Meaning, unary: Unary) -> bool:
    """``|f(X + X_err) - f(X)| <= L |X_err|`` with ``L`` a number, proved by the mean value theorem: f is continuous
    on the whole real line and, on each open interval between the points where its derivative switches (a sign or
    Heaviside of the operand's zero, `_pieces`), differentiable with sympy finding the bounds of f' within [-L, L].
    The claim's conditions only narrow it."""
    if item.kind != "propagation" or item.op != "<=":
        return False
    lhs, rhs = item.sides
    if lhs not in (sympy.Abs(unary.propagated), sympy.Abs(-unary.propagated)):
        return False
    slope = sympy.simplify(rhs / sympy.Abs(unary.error))
    if slope.free_symbols - set(unary.parameters):
        return False
    return all(_lipschitz_with(unary.value.xreplace(case), slope.xreplace(case), unary.operand)
               for case in attribute_cases(unary))


def _lipschitz_with(value: sympy.Expr, slope: sympy.Expr, x: sympy.Symbol) -> bool:
    if not _continuous(value, x):
        return False
    pieces = _pieces(sympy.diff(value, x), x)
    if pieces is None:
        return False
    for derivative, interval in pieces:
        high, low = maximum(derivative, x, interval), minimum(derivative, x, interval)
        if not (sympy.Le(high, slope) == sympy.true and sympy.Ge(low, -slope) == sympy.true):
            return False
    return True


def _continuous(value: sympy.Expr, x: sympy.Symbol) -> bool:
    """f is continuous on the whole real line (sympy's `continuous_domain`); a piecewise f where each piece is and
    the pieces on either side of each switch meet there."""
    if not value.has(sympy.Piecewise):
        return continuous_domain(value, x, sympy.S.Reals) == sympy.S.Reals
    points = _switch_points(value, x)
    if points is None or len(value.atoms(sympy.Piecewise)) != 1:
        return False
    (piecewise,) = value.atoms(sympy.Piecewise)
    if not all(_continuous(piece, x) for piece, _ in piecewise.args):
        return False
    ordered = sorted(points, key=float)
    # a step that stays between neighbouring switches: each side of a switch is the piece that holds up to the next
    step = min([(b - a) / 2 for a, b in zip(ordered, ordered[1:])] + [sympy.S.One])
    for point in ordered:
        near = [_piece_at(value, x, point + side) for side in (-step, 0, step)]
        if any(piece is None for piece in near) or len({sympy.simplify(piece.xreplace({x: point})) for piece in near}) != 1:
            return False
    return True


def _piece_at(value: sympy.Expr, x: sympy.Symbol, at: sympy.Expr) -> sympy.Expr | None:
    """``value`` with each Piecewise replaced by its piece whose condition holds at ``x = at`` (None if undecided)."""
    fixed = {}
    for piecewise in value.atoms(sympy.Piecewise):
        held = [piece for piece, condition in piecewise.args if condition.xreplace({x: at}) == sympy.true]
        if not held:
            return None
        fixed[piecewise] = held[0]
    return value.xreplace(fixed)


def _switch_points(expr: sympy.Expr, x: sympy.Symbol) -> set | None:
    """Where the parts of ``expr`` that switch do: the zeros of the arguments of its sign and Heaviside parts, and
    of its Piecewise conditions' relations; None where they are not a finite set of numbers."""
    arguments = [switch.args[0] for switch in expr.atoms(sympy.sign, sympy.Heaviside)]
    for piecewise in expr.atoms(sympy.Piecewise):
        arguments += [r.lhs - r.rhs for _, condition in piecewise.args for r in condition.atoms(sympy.core.relational.Relational)]
    points: set = set()
    for argument in arguments:
        zeros = sympy.solveset(argument, x, sympy.S.Reals)
        if not isinstance(zeros, sympy.FiniteSet):
            return None
        points |= set(zeros)
    if not all(p.is_number and p.is_real for p in points):
        return None
    return points


def _pieces(derivative: sympy.Expr, x: sympy.Symbol) -> list[tuple[sympy.Expr, sympy.Interval]] | None:
    """The derivative of a continuous f on each open interval between the zeros of the arguments of its sign and
    Heaviside parts (|x|' = sign(x)) and of its Piecewise conditions, those parts constant there; None where it has
    another non-smooth part or the zeros are not a finite set of numbers."""
    if derivative.has(sympy.Abs, sympy.Derivative, sympy.DiracDelta):
        return None
    switches = derivative.atoms(sympy.sign, sympy.Heaviside)
    points = _switch_points(derivative, x)
    if points is None:
        return None
    edges = [-sympy.oo, *sorted(points, key=float), sympy.oo]
    pieces = []
    for low, high in zip(edges, edges[1:]):
        if low.is_finite and high.is_finite:
            inside = (low + high) / 2
        elif low.is_finite or high.is_finite:
            inside = low + 1 if low.is_finite else high - 1
        else:
            inside = sympy.S.Zero
        fixed = {switch: switch.func(switch.args[0].xreplace({x: inside})) for switch in switches}
        inside_piece = _piece_at(derivative.xreplace(fixed), x, inside)
        if inside_piece is None:
            return None
        pieces.append((inside_piece, sympy.Interval.open(low, high)))
    return pieces


def _value(expr: sympy.Basic, env: dict) -> mpmath.mpf | bool | None:
    """``expr`` at exact values, by mpmath at `_DIGITS` digits; None where it is not a real number."""
    at = expr.xreplace({sympy.Symbol(k, real=True): sympy.Rational(v.numerator, v.denominator)
                        for k, v in env.items()})
    if isinstance(at, sympy.logic.boolalg.Boolean):     # a condition: its relations compared at those values
        if at in (sympy.true, sympy.false):
            return bool(at)
        if isinstance(at, (sympy.And, sympy.Or, sympy.Not)):
            parts = [_value(a, {}) for a in at.args]
            if any(p is None for p in parts):
                return None
            return {sympy.And: all, sympy.Or: any}.get(type(at), lambda p: not p[0])(parts)
        left, right = _value(at.lhs, {}), _value(at.rhs, {})
        if left is None or right is None:
            return None
        return {"<": left < right, "<=": left <= right, ">": left > right, ">=": left >= right, "==": left == right,
                "!=": left != right}[at.rel_op]
    with mpmath.workdps(_DIGITS):
        try:
            found = sympy.N(at, _DIGITS)
        except (ZeroDivisionError, ValueError, TypeError):
            return None
    if found.has(sympy.zoo, sympy.nan, sympy.oo, -sympy.oo, sympy.I) or not found.is_number or not found.is_real:
        return None
    return mpmath.mpf(str(found))


def _conditions_hold(item: Meaning, env: dict) -> bool:
    held = _value(item.conditions, env)
    return held is True


def _attribute_grid(unary: Unary) -> list[dict[str, Fraction]]:
    """The attributes' values the searches try: every combination of `ATTRIBUTE_GRID`; one without attributes."""
    return [dict(zip(map(str, unary.parameters), chosen))
            for chosen in itertools.product(ATTRIBUTE_GRID, repeat=len(unary.parameters))]


def _said(attributes: dict[str, Fraction]) -> str:
    return "".join(f", {name} = {value}" for name, value in attributes.items())


def _first_order_counterexample(item: Meaning, op: Operator, unary: Unary) -> str | None:
    c0, c1 = item.sides
    slope_name = item.variables[1]
    for attributes in _attribute_grid(unary):
        for x in GRID:
            for slope in (Fraction(1), Fraction(-1)):
                env = {str(unary.operand): x, slope_name: slope, **attributes}
                if not _conditions_hold(item, env):
                    continue
                v0, v1 = _value(c0, env), _value(c1, env)
                if v0 is None or v1 is None:
                    continue
                if first_order_positive(v0, v1):
                    h = _REPLAY_STEP
                    replay = _replayed(op, x, slope * h, tuple(attributes.values()))
                    return (f"false to first order: along {unary.error} = {slope_name}*h with {unary.operand} = {x}, "
                            f"{slope_name} = {slope}{_said(attributes)}, as h -> 0+, the left side minus the right "
                            f"side is {mpmath.nstr(v0, 8)} + ({mpmath.nstr(v1, 8)})*h + o(h), positive for small h"
                            + (f" (the mirror's {op.name} at h = {h}: {unary.result}_err^propag = {replay})"
                               if replay is not None else ""))
    return None


_REPLAY_STEP = Fraction(1, 1 << 20)     # the h a first-order counterexample is replayed at on the mirror


def first_order_positive(value, slope) -> bool:
    """``value + slope*h + o(h)`` is positive for small h > 0, by more than `_MARGIN`: a first-order claim
    ``lhs <= rhs`` fails where its gap ``lhs - rhs`` has this expansion (`checkspec.several` asks it too)."""
    return value > _MARGIN or (abs(value) <= _MARGIN and slope > _MARGIN * max(1, abs(slope)))


def refuted(relation: str, left, right) -> bool:
    """``left relation right`` fails, by more than `_MARGIN` of the larger side (each judge of a relation at a point
    asks this: `checkspec.several`, `checkspec.summation`)."""
    scale = max(mpmath.mpf(1), abs(left), abs(right))
    return {"<=": left - right > _MARGIN * scale, "<": left - right >= -_MARGIN * scale,
            ">=": right - left > _MARGIN * scale, ">": right - left >= -_MARGIN * scale,
            "=": abs(left - right) > _MARGIN * scale}[relation]


def _counterexample(item: Meaning, op: Operator, unary: Unary) -> tuple[str, str] | None:
    """The first grid point (smallest values first) where the conditions hold and the claim does not, by a
    margin; its propagated error replayed on the mirror (the operator's reference).  A claim with a float reading
    (`Meaning.float_reading`) must fail under it too, at the same point."""
    lhs, rhs = item.sides
    x_name, e_name = str(unary.operand), str(unary.error)
    for attributes in _attribute_grid(unary):
        for x in GRID:
            for e in GRID:
                env = {x_name: x, e_name: e, **attributes}
                if not _conditions_hold(item, env):
                    continue
                left, right = _value(lhs, env), _value(rhs, env)
                if left is None or right is None or not refuted(item.op, left, right):
                    continue
                replay = _replayed(op, x, e, tuple(attributes.values()))
                in_floats = _in_binary64(item, unary, env) if item.float_reading is not None else ""
                if replay is None or in_floats is None:
                    continue
                return (f"false: at {x_name} = {x}, {e_name} = {e}{_said(attributes)} (where its conditions hold) "
                        f"the left side is {mpmath.nstr(left, 12)} and the right side {mpmath.nstr(right, 12)} "
                        f"({item.error} read as {item.reads_as}; the mirror's {op.name} gives {item.error} = "
                        f"{replay}){in_floats}", f"{x_name} = {x}, {e_name} = {e}{_said(attributes)}")
    return None


def _in_binary64(item: Meaning, unary: Unary, env: dict) -> str | None:
    """The claim where the result is a float (`Meaning.float_reading`): f(X + X_err) rounded to nearest binary64,
    a correctly rounded implementation; said where the claim fails there too, None where it holds or cannot be
    judged (X + X_err no binary64 number, a result beyond binary64's normal range)."""
    computed, lhs, rhs = item.float_reading
    x, e = env[str(unary.operand)], env[str(unary.error)]
    if Fraction(float(x + e)) != x + e:
        return None
    exact = _value(unary.value, {**env, str(unary.operand): x + e})     # the attributes too
    if exact is None:
        return None
    with mpmath.workprec(53):
        rounded = +exact                # to nearest, 53 bits
    if not (exact == 0 or 2.0 ** -1022 <= abs(float(rounded)) <= sys.float_info.max):
        return None
    at = {**env, str(computed): Fraction(float(rounded))}
    left, right = _value(lhs, at), _value(rhs, at)
    if left is None or right is None or not refuted(item.op, left, right):
        return None
    return (f"; false too where {unary.result} is a float: with {unary.result} = {float(rounded)!r}, "
            f"{unary.at(unary.operand + unary.error)} correctly rounded to binary64, the left side is {mpmath.nstr(left, 12)} and the right "
            f"side {mpmath.nstr(right, 12)}")


def _whatever_the_proviso(item: Meaning, unary: Unary) -> tuple[list[Finding], str]:
    """A claim under conditions not read: it holds where it is proved for every operand (whatever they restrict it
    to), else it is not judged; each condition is unread at its line either way."""
    proved = item.goal == sympy.true or (
        _first_order_proved(item, unary) if item.kind == "first-order" else
        item.op == "=" and _identity(item.sides[0] - item.sides[1]) or _lipschitz(item, unary))
    line = item.statement.line
    said = f"the claim at line {line} is proved for every operand, so it holds whatever the condition restricts it " \
        "to" if proved else f"the claim at line {line} is not judged"
    return [Finding("unread", where, f"not understood: the condition «{text}»: {said}")
            for where, text in item.proviso_unread], "proved" if proved else "unjudged"


def _both_readings(item: Meaning, op: Operator, unary: Unary) -> tuple[list[Finding], str]:
    """An assert of code that does not say whether f's result is real or a float: false where it fails under both
    readings at one point (the float a correctly rounded binary64 one: an implementation the code's claim, for any
    implementation, must take in); otherwise not judged: as a float, its error adds f's rounding."""
    line, column = item.statement.line, item.statement.column
    refuted = _counterexample(item, op, unary)
    if refuted is not None:
        return [Finding("incorrect", line, refuted[0], refuted[1], column)], "refuted"
    return [Finding("unread", line, f"not judged: the code does not say whether {unary.value} is computed over the "
                    "reals or in floats, and no point of the grid refutes it under both", column=column)], "unjudged"


def _replayed(op: Operator, x: Fraction, e: Fraction, attributes: tuple[Fraction, ...] = ()) -> str | None:
    """f(x + e) - f(x) by the operator's reference (mpmath at 320 bits; its attributes after x), shown; None where
    it is not defined."""
    try:
        values = [op.kernels.real(v, *attributes) for v in (x + e, x)]
    except (ValueError, ZeroDivisionError, ArithmeticError):
        return None
    with mpmath.workprec(elementary.PRECISION):
        as_mpf = [elementary.mpf(v) if isinstance(v, Fraction) else v for v in values]
        if not all(isinstance(v, mpmath.mpf) and mpmath.isfinite(v) for v in as_mpf):
            return None
        return mpmath.nstr(as_mpf[0] - as_mpf[1], 12)


# -- what a note says of its function's derivative -----------------------------------------------------------------

_H = sympy.Symbol("h", positive=True)


def _one_sided(value: sympy.Expr, x: sympy.Symbol, point: sympy.Expr) -> tuple[sympy.Expr | None, sympy.Expr | None]:
    """f's left and right derivatives at ``point``: the limits of its secant slopes (sympy; h > 0 settles each
    piece's condition and sign); a side with none is ``oo``, ``-oo``, ``zoo``, ``nan`` or bounds (`_none`), a side
    sympy does not settle None."""
    at = value.xreplace({x: point})
    sides = []
    for secant in ((value.xreplace({x: point + _H}) - at) / _H, (at - value.xreplace({x: point - _H})) / _H):
        try:
            found = sympy.limit(secant, _H, 0, "+")
        except (NotImplementedError, ValueError, TypeError, ArithmeticError):
            found = None
        sides.append(found if found is not None and (_is_number(found) or _none(found)) else None)
    return sides[1], sides[0]


def _is_number(expr: sympy.Expr) -> bool:
    return expr.is_finite is True and expr.is_real is True


def _none(side: sympy.Expr) -> bool:
    """A one-sided limit that is no derivative: infinite, undefined, or only bounded (it oscillates)."""
    return side in (sympy.oo, -sympy.oo, sympy.zoo, sympy.nan) or isinstance(side, sympy.AccumBounds)


def _derivative_is(value: sympy.Expr, slope: sympy.Expr, x: sympy.Symbol, where: sympy.Basic) -> bool:
    """f' = g at every point where ``where`` holds, by sympy: on each open interval between f's switch points that
    meets it (`_pieces`) f' - g simplifies to 0, and at each switch point inside it both one-sided derivatives are g."""
    try:
        region = sympy.S.Reals if where == sympy.true else where.as_set()
    except (NotImplementedError, ValueError, TypeError):
        return False
    pieces, points = _pieces(sympy.diff(value, x), x), _switch_points(value, x)
    if pieces is None or points is None:
        return False
    for derivative, interval in pieces:
        if interval.intersect(region).is_empty is not True and sympy.simplify(derivative - slope) != 0:
            return False
    edges = points | {edge for _, interval in pieces for edge in (interval.start, interval.end) if edge.is_finite}
    for point in edges:
        if region.contains(point) == sympy.false:
            continue
        sides = _one_sided(value, x, point)
        if not all(side is not None and _is_number(side) and sympy.simplify(side - slope.xreplace({x: point})) == 0
                   for side in sides):
            return False
    return True


def _derivative(item: Meaning, op: Operator, unary: Unary) -> tuple[list[Finding], str]:
    """``dY/dX = g`` where the claim's condition holds: proved when `_derivative_is` for every attribute case
    (`attribute_cases`); incorrect at the first point of the grid (X in `GRID` where the condition holds, each
    attribute in `ATTRIBUTE_GRID`) where f'(X) (sympy's derivative, or its one-sided derivatives at a switch point)
    is not g by a margin and the mirror's one-sided secant slopes at h = 2^-20 confirm it; else checked on
    that grid."""
    value, slope = item.sides
    x = unary.operand
    if all(_derivative_is(value.xreplace(case), slope.xreplace(case), x, item.conditions.xreplace(case))
           for case in attribute_cases(unary)):
        return [], "proved"
    line, column = item.statement.line, item.statement.column
    tried = 0
    for attributes in _attribute_grid(unary):
        fixed = {mathexpr.symbol(k): sympy.Rational(v.numerator, v.denominator) for k, v in attributes.items()}
        f, g = value.xreplace(fixed), slope.xreplace(fixed)
        switches = _switch_points(f, x) or set()
        for point in GRID:
            env = {str(x): point, **attributes}
            if not _conditions_hold(item, env):
                continue
            tried += 1
            at = sympy.Rational(point.numerator, point.denominator)
            claimed = _value(g, env)
            if at in switches:
                exact = _one_sided(f, x, at)
                if None in exact:
                    continue      # sympy does not settle a side here
                sides = tuple(_value(side, {}) if _is_number(side) else None for side in exact)
            else:
                sides = (_value(sympy.diff(f, x), env),) * 2
            if claimed is None:
                continue
            wrong = [s is None or refuted("=", s, claimed) for s in sides]
            slopes = _secant_slopes(op, point, tuple(attributes.values()))
            if not any(wrong) or slopes is None or not all(
                    abs(q - claimed) > _CONFIRMED * max(1, abs(claimed)) for q, w in zip(slopes, wrong) if w):
                continue
            said = (f"its derivative is {mpmath.nstr(sides[0], 12)}" if sides[0] == sides[1] else
                    f"its left derivative is {_shown_side(sides[0])} and its right derivative {_shown_side(sides[1])}")
            return [Finding("incorrect", line, f"false: at {x} = {point}{_said(attributes)} (where its condition "
                            f"holds), {unary.result} = {f}: {said} (sympy), the claim {mpmath.nstr(claimed, 12)}; the "
                            f"mirror's {op.name} gives the one-sided secant slopes {mpmath.nstr(slopes[0], 12)} "
                            f"(left) and {mpmath.nstr(slopes[1], 12)} (right) at h = {_REPLAY_STEP}",
                            f"{x} = {point}{_said(attributes)}", column)], "refuted"
    return [Finding("information", line, f"checked, not proved: the derivative is as stated at each of {tried} "
                    f"points of a grid ({x} in {len(GRID)} values, each attribute in {len(ATTRIBUTE_GRID)}) where "
                    "its condition holds")], "checked"


_CONFIRMED = mpmath.mpf(2) ** -10       # how far a secant slope of the mirror must be from the claimed slope


def _shown_side(side) -> str:
    return "none (f jumps there)" if side is None else mpmath.nstr(side, 12)


def _secant_slopes(op: Operator, x: Fraction, attributes: tuple[Fraction, ...]) -> tuple[mpmath.mpf, mpmath.mpf] | None:
    """The operator's one-sided secant slopes at ``x`` on the mirror (its reference, mpmath at 320 bits):
    (f(x) - f(x - h)) / h and (f(x + h) - f(x)) / h, h = `_REPLAY_STEP`; None where f is not defined there."""
    h = _REPLAY_STEP
    try:
        values = [op.kernels.real(v, *attributes) for v in (x - h, x, x + h)]
    except (ValueError, ZeroDivisionError, ArithmeticError):
        return None
    with mpmath.workprec(elementary.PRECISION):
        low, mid, high = (elementary.mpf(v) if isinstance(v, Fraction) else v for v in values)
        if not all(isinstance(v, mpmath.mpf) and mpmath.isfinite(v) for v in (low, mid, high)):
            return None
        step = elementary.mpf(h)
        return (mid - low) / step, (high - mid) / step


def _undefined(item: Meaning, op: Operator, unary: Unary) -> tuple[list[Finding], str]:
    """"The derivative is undefined at x0": it holds for an attribute case where f's one-sided derivatives at x0
    differ or one of them is not a number (sympy); where they agree for some attribute value (a case, its t solved
    for where that is needed) it is incorrect, that value the counterexample, replayed by the mirror's one-sided
    secant slopes (and said to hold for every other value when every other case holds and the values found are
    all); proved when it holds in every case (`attribute_cases`)."""
    value, point = item.sides
    x = unary.operand
    line, column = item.statement.line, item.statement.column
    undecided, refutation, isolated = [], None, True
    for case in attribute_cases(unary):
        left, right = _one_sided(value.xreplace(case), x, point)
        if left is None or right is None:
            undecided.append(case)
            continue
        if _none(left) or _none(right):
            continue      # no derivative on a side: undefined, as claimed
        gap = sympy.simplify(left - right)
        if gap.is_zero is False:
            continue
        values = _where_zero(gap, case)
        if values is None:
            undecided.append(case)
            continue
        # the values where it fails are isolated ones: this case is one value, or t solves gap = 0 at finitely many
        isolated = isolated and (gap != 0 or not set().union(*[v.free_symbols for v in case.values()]))
        for attributes in values:
            refutation = refutation or _defined_at(item, op, unary, attributes)
        if values and refutation is None:
            undecided.append(case)      # equal one-sided derivatives sympy finds but the mirror does not confirm
    if refutation is not None:
        message, where = refutation
        if not undecided and isolated and unary.parameters:
            message += " (it holds for every other value of the attributes: sympy, in every case)"
        return [Finding("incorrect", line, message, where, column)], "refuted"
    if not undecided:
        return [], "proved"
    return [Finding("information", line, f"not judged: sympy does not settle whether the one-sided derivatives of "
                    f"{unary.result} at {x} = {point} differ for {len(undecided)} case(s) of its attributes")
            ], "unjudged"


def _defined_at(item: Meaning, op: Operator, unary: Unary, attributes: dict[str, Fraction]) -> tuple[str, str] | None:
    """The claim "undefined at x0" refuted at these attribute values: f's equal one-sided derivatives there (sympy),
    and the mirror's secant slopes on either side agreeing; None where either does not hold."""
    value, point = item.sides
    x = unary.operand
    fixed = {mathexpr.symbol(k): sympy.Rational(v.numerator, v.denominator) for k, v in attributes.items()}
    sides = _one_sided(value.xreplace(fixed), x, point)
    exact = Fraction(int(sympy.numer(point)), int(sympy.denom(point))) if point.is_Rational else None
    slopes = _secant_slopes(op, exact, tuple(attributes.values())) if exact is not None else None
    if slopes is None or not all(s is not None and _is_number(s) for s in sides) or sympy.simplify(
            sides[0] - sides[1]) != 0 or abs(slopes[0] - slopes[1]) > _CONFIRMED * max(1, abs(slopes[1])):
        return None
    where = f"{x} = {point}{_said(attributes)}"
    return (f"false: at {where}, {unary.result} = {value.xreplace(fixed)} has a derivative: its left and right "
            f"derivatives are both {sides[0]} (sympy); the mirror's {op.name} gives the one-sided secant slopes "
            f"{mpmath.nstr(slopes[0], 12)} (left) and {mpmath.nstr(slopes[1], 12)} (right) at h = {_REPLAY_STEP}",
            where)


def _where_zero(gap: sympy.Expr, case: dict) -> list[dict[str, Fraction]] | None:
    """The attribute values of ``case`` (a case of `attribute_cases`, over t > 0) where ``gap`` is 0: every value
    when it is 0 (t taken as 1), the rational solutions in t otherwise; None where sympy cannot say."""
    t = next(iter(set().union(*[v.free_symbols for v in case.values()])), None) if case else None
    if gap == 0 or t is None:
        chosen = {k: v.xreplace({t: 1}) if t is not None else v for k, v in case.items()}
        return [{str(k): Fraction(int(sympy.numer(v)), int(sympy.denom(v))) for k, v in chosen.items()}] \
            if gap == 0 and all(v.is_Rational for v in chosen.values()) else None
    found = sympy.solveset(gap, t, sympy.Interval.open(0, sympy.oo))
    if not isinstance(found, sympy.FiniteSet) or not all(v.is_Rational for v in found):
        return None if found != sympy.S.EmptySet else []
    return [{str(k): Fraction(int(sympy.numer(v.xreplace({t: s}))), int(sympy.denom(v.xreplace({t: s}))))
             for k, v in case.items()} for s in found]


# -- introduced error: proved for every real, or checked on every input of a format -------------------------------

def rounding_proof(item: Meaning, proofs: Sequence[ObligationResult]) -> str | None:
    """What proves the bound in every one of its formats (each format's rounding obligation proved: Gappa, and
    Coq on its certificate), said in a line; None when a format is not proved so."""
    proved = {r.format: r for r in proofs if r is not None and r.verdict == "proved"}
    if not item.formats or set(item.formats) - set(proved):
        return None
    provers = sorted({a.prover for r in proved.values() for a in r.attempts if a.verdict == "proved"})
    return (f"proved for every real result, in {', '.join(item.formats)} ({' and '.join(provers)}: Gappa's proof, "
            f"its certificate checked by Coq): {proved[item.formats[0]].statement} (and likewise in the other "
            "formats), which covers every input X, f(X) being such a real")


def _real_proof(item: Meaning, unary: Unary, proofs: Sequence[ObligationResult]) -> str | None:
    """What proves the claim for every real operand, error and attribute (its obligation over the reals, an SMT
    solver's proof), said in a line; None without such a proof, or where its conditions hold at no point of the
    grid (a proof under conditions nothing meets proves nothing)."""
    proved = [r for r in proofs if r is not None and r.family == "real" and r.verdict == "proved"]
    if not proved or not any(_conditions_hold(item, {str(unary.operand): x, str(unary.error): e, **attributes})
                             for attributes in _attribute_grid(unary) for x in GRID for e in GRID):
        return None
    names = ", ".join(proved[0].params["variables"])
    return (f"proved for every real {names} ({proved[0].prover}, over the reals, its function written out in "
            f"the query): {proved[0].statement}")


def _introduced(item: Meaning, op: Operator, unary: Unary, sample_fp32: int) -> tuple[list[Finding], str]:
    line, column = item.statement.line, item.statement.column
    checked = []
    for name in item.formats:
        table = reference_table(op, name, 0 if name in EXHAUSTIVE else sample_fp32)
        failure = _first_failure(item, unary, get_format(name), table)
        if failure is not None:
            return [Finding("incorrect", line, f"false in {name}: {item.text}; {failure}", failure.split(":")[0],
                            column)], "refuted"
        checked.append(f"{name} ({'every one of' if name in EXHAUSTIVE else 'a sample of'} {len(table)} finite "
                       "inputs)")
    return [Finding("information", line, "checked, not proved: the correctly rounded result meets the bound in "
                    + ", ".join(checked))], "checked"


def _each_format(item: Meaning, op: Operator, unary: Unary, sample_fp32: int) -> tuple[list[Finding], str]:
    """An assert of code read once per format T (`Meaning.per_format`): as a float, the correctly rounded result's
    error against B_T on every input of FP16 and BF16 and a sample of FP32 and FP64 (`_introduced`), which implies
    the reading over the reals (0 <= |E| <= B_T); a failure is every implementation's, the correctly rounded result
    erring least.  Checked, never proved."""
    found, how = _introduced(item, op, unary, sample_fp32)
    if how == "refuted":
        return [replace(f, message=f"{f.message}: the correctly rounded result errs least of any in that format, so "
                                   "every implementation of it fails the assert") for f in found], how
    return found + [Finding("information", item.statement.line, f"{item.per_format}: {item.text}")], how


def _sampled(name: str, width: int, sample: int) -> list[int]:
    """``sample`` distinct bit patterns of a format of ``width`` bits, drawn at random, seeded by its name."""
    chosen = random.Random(name)
    if width < 64:
        return chosen.sample(range(1 << width), sample)
    drawn: dict[int, None] = {}
    while len(drawn) < sample:      # range(2^64) is too long for random.sample
        drawn.setdefault(chosen.getrandbits(width))
    return list(drawn)


@functools.lru_cache(maxsize=16)
def reference_table(op: Operator, name: str, sample: int = 0) -> tuple[tuple[int, mpmath.mpf, mpmath.mpf, mpmath.mpf],
                                                                         ...]:
    """(bits, x, f(x) exact, f(x) correctly rounded) for every finite input of the format (``sample``: that many
    inputs drawn at random, seeded by the format's name) whose result is a finite real number (the mirror's
    reference: the description's real function at 320 bits, rounded once); computed once per process."""
    fmt = get_format(name)
    inputs = _sampled(name, fmt.width, sample) if sample else range(1 << fmt.width)
    rows = []
    with mpmath.workprec(elementary.PRECISION):
        for bits in inputs:
            operand = fmt.decode(bits)
            if not operand.is_finite:
                continue
            try:
                exact = op.kernels.real(operand.value)
            except (ValueError, ZeroDivisionError, ArithmeticError):
                continue
            exact = elementary.mpf(exact) if isinstance(exact, Fraction) else exact
            if not isinstance(exact, mpmath.mpf):
                continue       # not a real value there (log of a negative)
            result = fmt.decode(elementary.round_real(fmt, exact))
            if result.is_finite:      # on overflow the claim bounds no finite result
                rows.append((bits, elementary.mpf(operand.value), exact, elementary.mpf(result.value)))
    return tuple(rows)


def _first_failure(item: Meaning, unary: Unary, fmt: FloatFormat, table) -> str | None:
    bound = accuracy.introduced_bound(item, unary, fmt)
    with mpmath.workprec(elementary.PRECISION):
        for bits, value, exact, rounded in table:
            error = rounded - exact
            limit = bound(value)
            measured = abs(error) if item.absolute else error
            if not (measured <= limit if item.op == "<=" else measured < limit):
                return (f"x = {mpmath.nstr(value, 17)} (bits {bits:#x}): the correctly rounded result is "
                        f"{mpmath.nstr(rounded, 17)}, "
                        f"the exact value {mpmath.nstr(exact, 12)}, E = {mpmath.nstr(error, 8)}, the bound "
                        f"{mpmath.nstr(limit, 8)}")
    return None


def bound_points(item: Meaning, op: Operator, unary: Unary, name: str = "fp16"
                 ) -> tuple[tuple[float, float, float], ...]:
    """(x, |E|, the bound at x) of the correctly rounded result on every finite input of the format ``name``
    (`reference_table`): what a plot of the measured error against an introduced-error claim's bound draws."""
    bound = accuracy.introduced_bound(item, unary, get_format(name))
    with mpmath.workprec(elementary.PRECISION):
        return tuple((float(value), float(abs(rounded - exact)), float(bound(value)))
                     for _, value, exact, rounded in reference_table(op, name))


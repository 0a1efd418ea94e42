"""Judging the claims on one element of a contraction of n terms (``C[i, j]`` the summation over k of ``A[i, k] B[k, j]``:
`obligations.accuracy.Several` with ``terms``), for every n where sympy can, else n by n:

- **proved for every n (sympy)**: an identity whose two sides are summations over the same k = 0 .. n-1 (and
  multiples of them) whose terms total a term that simplifies to 0; a bound ``|Σ_k t_k| <= n c`` (c free of n and k)
  by the triangle inequality, ``|t_k|`` at most the total of its monomials' magnitudes, each element bounded by the largest magnitude the
  note defines (``|A[k]| <= |A|``), and ``c`` minus that bound a polynomial in those magnitudes with no negative
  coefficient; a first-order claim the same way on its first-order coefficients (``A_err[k] = alpha[k] h``);
- **incorrect**: n = 1 .. `N_CHECKED` one by one, at points of a grid (every point for n = 1, a seeded sample
  beyond) where the note's |A| is the largest magnitude of the elements (a 1 x n times n x 1 matrix: every
  matrix claim must hold there), both sides given; an introduced-error bound refuted in a float format by
  operands whose correctly rounded contraction (the mirror's reference: any implementation, the note's naive loop
  included, has at least this error or its own) is farther from the exact one than the bound, with their bits;
- **checked, not proved**: what neither settles, with the n it was checked for.
"""

from __future__ import annotations

import functools
import itertools
import random
from fractions import Fraction

import mpmath
import sympy

from divbridge.checkspec.unary import _MARGIN, _value, refuted
from divbridge.document import mathexpr
from divbridge.document.findings import Finding
from divbridge.formats import FloatFormat, get_format
from divbridge.obligations import accuracy
from divbridge.obligations.accuracy import Meaning, Several
from divbridge.operators.model import Operator

N_CHECKED = 6                        # n = 1 .. N_CHECKED judged one by one
GRID = tuple(Fraction(v) for v in ("1", "-1", "1/2", "2", "-3", "0"))
SAMPLE = 400                         # points per n beyond n = 1
SEARCH = 400                         # operand vectors tried per n and format for an introduced-error bound
FLOATS = ("fp16", "bf16", "fp32", "fp64")


def findings(item: Meaning, op: Operator, found: Several) -> tuple[list[Finding], str]:
    line, column = item.statement.line, item.statement.column
    if item.kind == "intro-real":
        return ([], "proved") if item.goal == sympy.true else (
            [Finding("incorrect", line, f"false: {item.text}", column=column)], "refuted")
    if item.kind == "intro-summation":
        return _introduced(item, op, found)
    lhs, rhs = item.sides
    first = item.kind == "first-order"
    if item.op == "=" and _one_summation_of_zero(lhs - rhs, found):
        how = "an exact identity, so also to first order" if first else "an identity"
        return [Finding("information", line, f"proved for every n (sympy): {how}: both sides are summations over k = 0 .. "
                        f"{found.terms} - 1 whose terms simplify to one another")], "proved"
    if item.op in ("<=", "<") and _triangle(item, found):
        return [Finding("information", line, "proved for every n (sympy): the triangle inequality, each term's "
                        "monomials bounded by the largest magnitudes the note defines"
                        + (" (on the first-order coefficients)" if first else ""))], "proved"
    for count in range(1, N_CHECKED + 1):
        refuted = _refuted_at(item, op, found, count)
        if refuted is not None:
            return [Finding("incorrect", line, refuted[0], refuted[1], column)], "refuted"
    return [Finding("information", line, f"checked, not proved: no counterexample for n = 1 .. {N_CHECKED} on a "
                    "grid of values")], "checked"


# -- sympy, for every n ----------------------------------------------------------------------------------------

def _one_summation_of_zero(expr: sympy.Expr, found: Several) -> bool:
    """``expr`` is a combination of summations over the same range whose terms total 0."""
    k = sympy.Dummy("k", integer=True)
    term, limits = sympy.S.Zero, None
    for part in sympy.Add.make_args(sympy.expand(expr, deep=False)):
        coefficient, summations = sympy.S.One, []
        for factor in sympy.Mul.make_args(part):
            if isinstance(factor, sympy.Sum):
                summations.append(factor)
            else:
                coefficient *= factor
        if len(summations) != 1 or len(summations[0].limits) != 1 or coefficient.has(sympy.Sum):
            return False
        (variable, low, high), = summations[0].limits
        if limits is not None and limits != (low, high):
            return False
        limits = (low, high)
        term += coefficient * summations[0].function.xreplace({variable: k})
    return limits is not None and _zero(term)


@functools.lru_cache(maxsize=128)
def _zero(expr: sympy.Expr) -> bool:
    return sympy.simplify(sympy.expand(expr)) == 0


def _triangle(item: Meaning, found: Several) -> bool:
    """``|Σ_k t_k| <= n c``: every monomial of t bounded by the largest magnitudes of its elements (to their
    powers), and c minus the monomials' bounds a polynomial in those magnitudes with no negative coefficient.  A
    first-order claim: the same on its first-order coefficients, ``A_err[k] = alpha[k] h``, ``|A_err| = |alpha| h``."""
    lhs, rhs = item.sides
    norms = {e: accuracy.largest(str(e.label)) for e in _bases(found)}
    if item.kind == "first-order":
        slopes, norms = _slopes(found, norms)
        (v_left, lhs), (v_right, rhs) = accuracy._jet(lhs, slopes), accuracy._jet(rhs, slopes)
        if not (_zero(v_left) and _zero(v_right)):
            return False
    if not (isinstance(lhs, sympy.Abs) and isinstance(lhs.args[0], sympy.Sum) and len(lhs.args[0].limits) == 1):
        return False
    total = lhs.args[0]
    (variable, low, high), = total.limits
    if low != 0 or sympy.simplify(high + 1 - found.terms) != 0:
        return False
    per_term = sympy.simplify(rhs / found.terms)
    if per_term.has(found.terms) or per_term.has(variable):
        return False
    bound = sympy.S.Zero
    for monomial in sympy.Add.make_args(sympy.expand(total.function)):
        coefficient, rest = monomial.as_coeff_Mul()
        magnitude = abs(coefficient)
        for factor, power in rest.as_powers_dict().items():
            if not isinstance(factor, sympy.Indexed) or factor.base not in norms or not (
                    power.is_Integer and power > 0):
                return False
            magnitude *= norms[factor.base] ** power
        bound += magnitude
    magnitudes = sorted(set(norms.values()), key=str)
    if not sympy.expand(per_term - bound).free_symbols <= set(magnitudes):
        return False
    gap = sympy.Poly(sympy.expand(per_term - bound), *magnitudes)
    return all(c >= 0 for c in gap.coeffs())


def _bases(found: Several) -> list[sympy.IndexedBase]:
    return [sympy.IndexedBase(x) for x in (*found.operands, *[e for e in found.errors if e is not None])]


def _slopes(found: Several, norms: dict) -> tuple[dict, dict]:
    """The errors' directions (``A_err[k] = alpha_A[k] h``, ``|A_err| = |alpha_A| h``) and the largest magnitudes
    of every element then (the slopes' own)."""
    slopes, bounds = {}, dict(norms)
    for e in found.errors:
        if e is None:
            continue
        direction = sympy.IndexedBase(mathexpr.symbol(f"alpha_{str(e).removesuffix('_err')}"))
        slopes[sympy.IndexedBase(e)] = direction
        slopes[accuracy.largest(str(e))] = accuracy.largest(str(direction.label))
        bounds[direction] = accuracy.largest(str(direction.label))
        bounds.pop(sympy.IndexedBase(e))
    return slopes, bounds


# -- n by n ----------------------------------------------------------------------------------------------------

def _refuted_at(item: Meaning, op: Operator, found: Several, count: int) -> tuple[str, str] | None:
    lhs, rhs = (accuracy.instantiate(side, found, count) for side in item.sides)
    elements = {str(b.label): [accuracy.symbol_of(b.label, i) for i in range(count)] for b in _bases(found)}
    first = item.kind == "first-order"
    if first:
        slopes = {}
        for e in found.errors:
            if e is not None:
                name = f"alpha_{str(e).removesuffix('_err')}"
                elements[name] = [accuracy.symbol_of(mathexpr.symbol(name), i) for i in range(count)]
                slopes.update({accuracy.symbol_of(e, i): elements[name][i] for i in range(count)})
                slopes[accuracy.largest(str(e))] = accuracy.largest(name)
        elements = {k: v for k, v in elements.items() if not k.endswith("_err")}
        lhs, rhs = accuracy._jet(lhs - rhs, slopes)
    names = [str(s) for group in elements.values() for s in group]
    draw = random.Random(f"{item.statement.line}/{count}")
    points = itertools.product(GRID, repeat=len(names)) if count == 1 else (
        tuple(draw.choice(GRID) for _ in names) for _ in range(SAMPLE))
    for values in points:
        env = dict(zip(names, values))
        for base, group in elements.items():      # |A| the largest magnitude of A's elements
            env[str(accuracy.largest(base))] = max(abs(env[str(s)]) for s in group)
        left, right = _value(lhs, env), _value(rhs, env)
        if left is None or right is None:
            continue
        if _wrong(item.op, left, right, first):
            shown = ", ".join(f"{k} = {v}" for k, v in env.items() if not k.startswith("|"))
            sides = (f"the first-order coefficients: value {mpmath.nstr(left, 12)}, slope {mpmath.nstr(right, 12)} "
                     "(of the left side minus the right side)" if first else
                     f"the left side is {mpmath.nstr(left, 12)} and the right side {mpmath.nstr(right, 12)}")
            along = ", ".join(f"{e}[k] = alpha_{str(e).removesuffix('_err')}[k]*h" for e in found.errors
                              if e is not None)
            replay = (f" (as h -> 0+ along {along}; {_replayed(op, found, env, count, first)})" if first else
                      f" ({_replayed(op, found, env, count, first)})")
            return (f"false for n = {count}: at {shown} (a row of A times a column of B, |A| the largest magnitude of "
                    f"its elements), {sides}{replay}", f"n = {count}: {shown}")
    return None


_H = Fraction(1, 1 << 20)


def _replayed(op: Operator, found: Several, env: dict, count: int, first: bool) -> str:
    """The mirror's propagated error (the operator's exact real function) at the point's errors, or at h = 2^-20
    along its slopes (``first``)."""
    rows = []
    for x, e in zip(found.operands, found.errors):
        moved = f"alpha_{str(e).removesuffix('_err')}" if first else str(e)
        rows.append([(env[f"{x}[{i}]"], env.get(f"{moved}[{i}]", 0) * (_H if first else 1)) for i in range(count)])
    moved = op.kernels.real(*[[v + d for v, d in r] for r in rows])
    exact = op.kernels.real(*[[v for v, _ in r] for r in rows])
    at = " at h = 2^-20" if first else ""
    return f"the mirror's {found.result}_err^propag{at} is {moved - exact} = {float(moved - exact):.12g}"


def _wrong(op: str, left, right, first: bool) -> bool:
    if first:     # left: the value of (lhs - rhs), right: its first-order coefficient
        if op == "=":
            return abs(left) > _MARGIN or abs(right) > _MARGIN
        return left > _MARGIN or (abs(left) <= _MARGIN and right > _MARGIN)
    return refuted(op, left, right)


# -- the introduced error --------------------------------------------------------------------------------------

def _introduced(item: Meaning, op: Operator, found: Several) -> tuple[list[Finding], str]:
    """n = 1 .. N_CHECKED in each float format: operands near 1 (where the result is normal), their correctly
    rounded contraction against the bound (every error norm 0: the operands are exact); then, where the
    description names the algorithm the notes assume (`Kernels.naive`: a loop over the terms), that algorithm too, for n =
    1 .. N_NAIVE on random and adversarial operands (`_naive_search`)."""
    line, column = item.statement.line, item.statement.column
    formats = [f for f in item.formats if f in FLOATS] or list(FLOATS)
    refuted = []
    first = None
    for count in range(1, N_CHECKED + 1):
        for name in formats:
            failure = _float_failure(item, op, found, get_format(name), count)
            if failure is not None:
                refuted.append(count)
                first = first or (f"false for n = {count} in {name}: {failure}", f"n = {count}, {name}")
                break
    naive = _naive_verdict(item, op, found, formats) if op.kernels.naive is not None else None
    if first is not None:
        also = f" (refuted for n = {', '.join(map(str, refuted))} of 1 .. {N_CHECKED})"
        found_naive = [] if naive is None else [Finding("information", line, naive[0])]
        return [Finding("incorrect", line, first[0] + also, first[1], column), *found_naive], "refuted"
    if naive is not None and naive[1] is not None:
        return [Finding("incorrect", line, naive[0], naive[1], column)], "refuted"
    also = "" if naive is None else f"; {naive[0]}"
    return [Finding("information", line, f"checked, not proved: the correctly rounded contraction (the mirror's "
                    f"reference) meets it for n = 1 .. {N_CHECKED}, {SEARCH} operand vectors per format"
                    + (also or "; an implementation's own order and rounding are not checked"))], "checked"


def _limit(item: Meaning, found: Several, fmt: FloatFormat, count: int):
    """The claim's bound for n = ``count`` in ``fmt`` at the operands' values (a row and a column)."""
    at = accuracy.summation_limit(item, found, fmt, count)
    return lambda values: at(max(abs(v) for v in values[0]), max(abs(v) for v in values[1]))


def _holds(item: Meaning, error: Fraction, limit: Fraction) -> bool:
    measured = abs(error) if item.absolute else error
    return measured <= limit if item.op == "<=" else measured < limit


def _float_failure(item: Meaning, op: Operator, found: Several, fmt: FloatFormat, count: int) -> str | None:
    one = fmt.parse("1")
    draw = random.Random(f"{fmt.name}/{count}")
    limit_at = _limit(item, found, fmt, count)
    a, b = found.operands
    for _ in range(SEARCH):
        row = [one + draw.randrange(1, 64) for _ in range(count)]
        column = [one + draw.randrange(1, 64) for _ in range(count)]
        values = [Fraction(fmt.decode(x).value) for x in row], [Fraction(fmt.decode(y).value) for y in column]
        exact = op.kernels.real(*values)
        got = fmt.decode(op.kernels.float_bits(fmt, row, column))
        if not got.is_finite or abs(exact) < fmt.min_normal or abs(got.value) < fmt.min_normal:
            continue      # the claim is made where the result is normal
        limit = limit_at(values)
        error = Fraction(got.value) - exact
        if not _holds(item, error, limit):
            shown = lambda bits: ", ".join(fmt.describe(x) for x in bits)  # noqa: E731
            return (f"{a} = [{shown(row)}], {b} = [{shown(column)}]: the exact contraction is {exact} = "
                    f"{float(exact)!r}, the mirror's correctly rounded result {got.value} (the nearest float: no "
                    f"implementation errs less), E = {float(error):.6g}, above the bound {float(limit):.6g}")
    return None


# -- the notes' naive loop -------------------------------------------------------------------------------------

N_NAIVE = 12                         # n = 1 .. N_NAIVE for the naive loop
CANDIDATES = 24                      # operand pairs tried at each step of the adversarial search
RANDOM_VECTORS = 24                  # random operand vectors per n (signs mixed: cancellation)


def _naive_verdict(item: Meaning, op: Operator, found: Several, formats: list[str]) -> tuple[str, str | None]:
    """The algorithm the note assumes (`Kernels.naive`) against the bound, n = 1 .. N_NAIVE in each format: (what
    was found, the counterexample's short form or None).  Sampled, so a bound it meets is checked, not proved."""
    exceeded: dict[str, list[int]] = {}
    first = None
    for name in formats:
        fmt = get_format(name)
        for count, row, column, error, limit in _naive_search(item, op, found, fmt):
            if not _holds(item, error, limit):
                exceeded.setdefault(name, []).append(count)
                if first is None:
                    first = (count, name, _naive_shown(op, found, fmt, row, column, error, limit))
    if first is None:
        return (f"the note's naive loop (each term and each partial total rounded to nearest even, in order) meets it for n = 1 "
                f".. {N_NAIVE} in {', '.join(formats)} on {RANDOM_VECTORS} random and one adversarial operand vector "
                "per n (checked, not proved)"), None
    where = "; ".join(f"{name}: n = {_ranges(counts)}" for name, counts in exceeded.items())
    count, name, shown = first
    return (f"false for the note's naive loop (each term and each partial total rounded to nearest even, in order) for n = "
            f"{count} in {name}: {shown} (exceeded, of n = 1 .. {N_NAIVE}: {where})"), f"n = {count}, {name}, naive loop"


def _naive_search(item: Meaning, op: Operator, found: Several, fmt: FloatFormat):
    """For each n = 1 .. N_NAIVE, the operands (row, column bits) where the naive loop's error is the largest part
    of the bound among those tried, with that error and the bound: seeded random vectors of both signs near 1
    (cancellation among them) and one adversarial vector, built a pair at a time, each pair the one of CANDIDATES
    that makes the error the largest part of the bound (the errors of the loop's roundings piled up).  Results
    that are not normal are skipped (the notes' proviso)."""
    draw = random.Random(f"naive/{fmt.name}")
    one, half = fmt.parse("1"), 1 << (fmt.precision - 1)

    def element() -> int:       # a float of [1, 2) with a random sign
        return (one + draw.randrange(half)) | (draw.randrange(2) << (fmt.width - 1))

    def judged(row: list[int], column: list[int], limit_at):
        values = [Fraction(fmt.decode(x).value) for x in row], [Fraction(fmt.decode(y).value) for y in column]
        exact = op.kernels.real(*values)
        got = fmt.decode(op.kernels.naive(fmt, row, column))
        if not got.is_finite or abs(exact) < fmt.min_normal or abs(got.value) < fmt.min_normal:
            return None
        error = Fraction(got.value) - exact
        limit = limit_at(values)
        return error, limit, (abs(error) / limit if limit > 0 else Fraction(abs(error) > 0) * 10**9)

    greedy: tuple[list[int], list[int]] = ([], [])
    for count in range(1, N_NAIVE + 1):
        limit_at = _limit(item, found, fmt, count)
        tried = [(greedy[0] + [element()], greedy[1] + [element()]) for _ in range(CANDIDATES)]
        scored = [(j, pair) for pair in tried if (j := judged(*pair, limit_at)) is not None]
        if scored:
            greedy = max(scored, key=lambda s: s[0][2])[1]
        else:
            greedy = tried[0]
        randoms = [([element() for _ in range(count)], [element() for _ in range(count)])
                   for _ in range(RANDOM_VECTORS)]
        best = None
        for row, column in [greedy, *randoms]:
            j = judged(row, column, limit_at)
            if j is not None and (best is None or j[2] > best[3]):
                best = (row, column, j, j[2])
        if best is not None:
            yield count, best[0], best[1], best[2][0], best[2][1]


def _naive_shown(op: Operator, found: Several, fmt: FloatFormat, row, column, error, limit) -> str:
    a, b = found.operands
    values = [Fraction(fmt.decode(x).value) for x in row], [Fraction(fmt.decode(y).value) for y in column]
    exact = op.kernels.real(*values)
    got = fmt.decode(op.kernels.naive(fmt, row, column))
    shown = lambda bits: ", ".join(fmt.describe(x) for x in bits)  # noqa: E731
    return (f"{a} = [{shown(row)}], {b} = [{shown(column)}]: the exact contraction is {float(exact)!r}, the naive "
            f"loop gives {got.value}, E = {float(error):.6g}, above the bound {float(limit):.6g}")


def _ranges(counts: list[int]) -> str:
    """1, 2, 3, 5 -> "1 .. 3, 5"."""
    runs: list[list[int]] = []
    for c in counts:
        if runs and runs[-1][-1] == c - 1:
            runs[-1].append(c)
        else:
            runs.append([c])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]} .. {r[-1]}" for r in runs)

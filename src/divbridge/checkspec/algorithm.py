"""Judging the error models of a note's reference algorithms (`document.algorithm`).

A bound ``|Y_err^intro[I]| <= B(x)`` stated for a reference algorithm (``Y = (exp(2X) - 1) / (exp(2X) + 1)``) is a
claim about an error model: the algorithm's ``exp`` returns any float whose relative error is at most what the note's
table allows at exp's argument (``err_rel(exp(a))``), every other operation is rounded to nearest even in the format,
and Y_err^intro is the computed Y minus the operator's exact value f(X) (absolute: the guideline's op_impl(x) -
op_ideal(x)).  It is judged by running the algorithm so, in each format: on every finite FP16 and BF16 input where
the bound's proviso holds, and on a seeded sample of FP32 inputs, with **every** float of exp's allowed band as exp's
result (both ends and the correctly rounded value among them; one value per distinct argument: exp is a function),
the worst ``|E|`` compared with the bound at x.

- ``x in [-2^n, -1] with integer n >= 0``: each x is judged with the least such n (the bound grows with n, and so does
  the error exp may make at larger n: the least n is the strongest instance of the claim);
- the table (rows that overlap give exp the least of their errors: the narrowest band, no false alarm) bounds no
  error of exp where none of its rows applies (``exp(a) is normal`` false): such inputs are not judged, and counted;
- "provided $F$ is normal" and the result's normality (``Y_val``): inputs or results outside them are not judged.

The runs use the format's own arithmetic (NumPy's float16, ml_dtypes' bfloat16, float32: each operation is computed
in a wider binary format and rounded once, which is the correctly rounded result for + - * / since the wider one has
at least 2p + 2 bits) and float64 values of exp, f and the bound to screen; every input where the bound is exceeded
or within float64's error of it (f's within 4 ulps, the bound's 1e-12 relative) is replayed exactly: every float of
exp's band found anew by mpmath, the algorithm run with each (exact rationals, each operation rounded once:
`FloatFormat.round`), f(x) by the operator's reference (its description's real function), the bound by mpmath.  Only
an exact replay makes a bound ``incorrect``; a bound with no exceedance is **checked, not proved** (every input of
FP16 and BF16, a sample of FP32), never called proved.
"""

from __future__ import annotations

import functools
import itertools
import math
from fractions import Fraction

import mpmath
import numpy as np
import sympy
from lark import Tree

from divbridge.document.algorithm import EPS, N, U, X, Algorithm, Bound, Reading, TableRow
from divbridge.document.findings import Finding
from divbridge.formats import FloatFormat, get_format
from divbridge.operators import elementary
from divbridge.operators.model import Operator

FORMATS = ("fp16", "bf16", "fp32")
EXHAUSTIVE = ("fp16", "bf16")
SAMPLE_FP32 = 20000          # FP32 inputs judged per bound, drawn where its proviso holds
_POOL = 100                  # drawn at random for each one kept: a proviso may hold on 1% of the format
_REPLAYS = 400               # exact replays tried per bound and format, of normal x and of others, the worst first
_DIGITS = 60
_WIDER = 1e-15               # exp's band widened by float64's error on its ends (a few ulps): no float of it missed
UNSETTLED = "unsettled"
_MAX_N = 130                 # 2^130 is beyond every judged format's largest finite value


def judge(reading: Reading, op: Operator, formats: tuple[str, ...] = FORMATS,
          sample_fp32: int = SAMPLE_FP32) -> dict[int, tuple[list[Finding], str]]:
    """Per line of a bound read: its findings and how it was judged (``refuted``, ``checked``, ``unjudged``)."""
    return {bound.line: _judge(bound, reading.table, op, formats, sample_fp32) for bound in reading.bounds}


def joined(rows: list[tuple[list[Finding], str]]) -> tuple[list[Finding], str]:
    """Bounds judged one by one, as one claim: every row's findings; refuted if one is, else unjudged if one is."""
    hows = {how for _, how in rows}
    return [f for found, _ in rows for f in found], next(h for h in ("refuted", "unjudged", "checked") if h in hows)


def _judge(bound: Bound, table: tuple[TableRow, ...], op: Operator, formats: tuple[str, ...],
           sample_fp32: int) -> tuple[list[Finding], str]:
    checked, skipped, judged = [], 0, 0
    for name in formats:
        run = _run(bound, table, name, sample_fp32, op)
        skipped, judged = skipped + run.skipped, judged + run.judged
        confirmed = []
        for index in run.suspects():
            replay = _replay(bound, table, op, name, run, index)
            # an input the table bounds no error of exp at, let in by the screen's float64: not judged
            run.unsettled += replay == UNSETTLED
            if isinstance(replay, tuple):
                confirmed.append(replay)
                if replay[1] and abs(replay[2]) >= get_format(name).min_normal:
                    break      # the worst at a normal x with exp strictly inside its band: shown
        if confirmed:      # else the worst of the others
            text = next((t for t, inside, x in confirmed if inside and abs(x) >= get_format(name).min_normal),
                        confirmed[0][0])
            return [Finding("incorrect", bound.line, f"false in {name}: {text}", text.split(":")[0])], "refuted"
        if run.unsettled:
            return [Finding("information", bound.line, f"not judged: in {name}, {run.unsettled} inputs near the bound "
                            "were not replayed exactly")], "unjudged"
        checked.append(f"{name} ({'every one of the' if name in EXHAUSTIVE else 'a sample of'} {run.judged} inputs "
                       "where its proviso holds)")
    if not judged:
        return [Finding("information", bound.line, "not judged: no input where its proviso holds")], "unjudged"
    alg = bound.algorithm
    tail = (f"; not judged: {skipped} inputs where the table bounds no error of exp at its argument (or the bound is no "
            "number)") if skipped else ""
    return [Finding("information", bound.line,
                    f"checked, not proved: the algorithm of line {alg.line} ({_one_line(alg.code)}), its exp anywhere "
                    "within the table's relative error (every float of that band) and every other operation rounded "
                    "to nearest even, meets the bound in " + ", ".join(checked)
                    + (" (n the least integer its proviso allows)" if bound.proviso and bound.proviso.integer else "")
                    + tail)], "checked"


def _one_line(code: str) -> str:
    return "; ".join(line.strip() for line in code.splitlines() if line.strip())


# -- the run in a format, screened in float64 ------------------------------------------------------------------------

class _Run:
    """Every input judged and the screen's worst |E| / bound at each, with float64's possible error on it."""

    def __init__(self):
        self.judged = 0
        self.skipped = 0
        self.unsettled = 0
        self.x = np.zeros(0)
        self.n = np.zeros(0, dtype=np.int64)
        self.ratio = np.zeros(0)
        self.slack = np.zeros(0)       # float64's possible error on each ratio
        self.normal = np.zeros(0, dtype=bool)

    def suspects(self) -> list[int]:
        """The inputs whose ratio may exceed 1, the worst first: of normal x, then of the others."""
        order = np.argsort(-self.ratio, kind="stable")
        near = [int(i) for i in order if self.ratio[i] + self.slack[i] > 1]
        first = [i for i in near if self.normal[i]][:_REPLAYS]
        rest = [i for i in near if not self.normal[i]][:_REPLAYS]
        self.unsettled = len(near) - len(first) - len(rest)
        return first + rest


def _inputs(fmt: FloatFormat, sample: int) -> np.ndarray:
    """Every finite input of the format (``sample``: `_POOL` times that many, drawn with a seed: the first ``sample``
    of them where a bound's proviso holds are judged), as the format's dtype."""
    if sample:
        bits = np.random.default_rng(fmt.width).integers(0, 1 << fmt.width, sample * _POOL, dtype=np.uint64)
    else:
        bits = np.arange(1 << fmt.width, dtype=np.uint64)
    values = bits.astype(fmt.uint_dtype).view(fmt.dtype)
    with np.errstate(invalid="ignore"):
        return values[np.isfinite(values.astype(np.float64))]


def _least_n(proviso, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Where x is in the proviso's interval, and the least n >= 0 that puts it there (0 without n)."""
    n = np.full(x.shape, -1, dtype=np.int64)
    for k in range(_MAX_N + 1 if proviso.integer else 1):
        low, high = _ends(proviso, k)
        n[(n < 0) & (x >= low) & (x <= high)] = k
    return n >= 0, np.maximum(n, 0)


@functools.lru_cache(maxsize=4096)
def _ends_exact(proviso, k: int) -> tuple[sympy.Rational, sympy.Rational]:
    at = {N: sympy.Integer(k)}
    return sympy.Rational(proviso.low.xreplace(at)), sympy.Rational(proviso.high.xreplace(at))


def _ends(proviso, k: int) -> tuple[float, float]:
    low, high = _ends_exact(proviso, k)
    return float(low), float(high)


def _normal(fmt: FloatFormat, values: np.ndarray) -> np.ndarray:
    magnitude = np.abs(values)
    return (magnitude >= float(fmt.min_normal)) & (magnitude <= float(fmt.max_finite))


def err_rel(table: tuple[TableRow, ...], fmt: FloatFormat, a: np.ndarray) -> np.ndarray:
    """The table's relative error of exp at each argument (float64), the least of the rows that apply; NaN where none
    does."""
    eps = 2.0 ** (1 - fmt.precision)
    found = np.full(a.shape, np.nan)
    for row in table:
        inside, n = _least_n(row.proviso, a)
        for subject in row.proviso.normal:
            with np.errstate(over="ignore", under="ignore"):
                inside &= _normal(fmt, _numeric(subject)(a))
        value = _numeric(row.value.xreplace({EPS: sympy.Float(eps)}), N)(n.astype(np.float64))
        value = np.broadcast_to(value, a.shape)
        found = np.where(inside & ~(found <= value), value, found)
    return found


@functools.lru_cache(maxsize=64)
def _numeric_cached(expr: sympy.Expr, variable: sympy.Symbol):
    return sympy.lambdify(variable, expr, "numpy")


def _numeric(expr: sympy.Expr, variable: sympy.Symbol = X):
    return _numeric_cached(expr, variable)


def _exp_calls(tree: Tree) -> list[Tree]:
    """The distinct arguments exp is called with (exp is a function: one value per argument)."""
    found = {}
    for node in tree.iter_subtrees_topdown():
        if node.data == "exp":
            found.setdefault(str(node.children[0]), node.children[0])
    return list(found.values())


def _evaluate(node, x, exps: dict[str, object], number, op):
    """The algorithm's expression: ``op(name, a, b)`` each operation rounded, ``number(text)`` a constant."""
    if isinstance(node, Tree):
        kind = node.data
        if kind == "number":
            return number(str(node.children[0]))
        if kind == "operand":
            return x
        if kind == "scaled":
            return op("times", number(str(node.children[0])), x)
        if kind == "exp":
            return exps[str(node.children[0])]
        if kind == "neg":
            return op("neg", _evaluate(node.children[0], x, exps, number, op), None)
        if kind in ("plus", "minus", "times", "over"):
            return op(kind, _evaluate(node.children[0], x, exps, number, op),
                      _evaluate(node.children[1], x, exps, number, op))
    raise ValueError(f"not an expression of the algorithm: {node}")


def _branches(algorithm: Algorithm) -> list[tuple[str, Tree]]:
    """(``negative`` | ``other`` | ``all``, the expression of Y) of the algorithm."""
    tree = algorithm.tree.children[0]
    if tree.data == "split":
        if float(str(tree.children[1])) != 0:
            raise ValueError("a split other than on the operand's sign")
        return [("negative", tree.children[2].children[1]), ("other", tree.children[3].children[1])]
    return [("all", tree.children[1])]


def _exact(kind: str, a, b):
    """The operation of the algorithm's ``kind`` on its operands, in their own arithmetic."""
    return a + b if kind == "plus" else a - b if kind == "minus" else a * b if kind == "times" else a / b


def _dtype_op(dtype):
    def op(kind, a, b):
        if kind == "neg":
            return (-a).astype(dtype)
        with np.errstate(all="ignore"):     # IEEE 754's infinities and NaNs are results here, not accidents
            return np.asarray(_exact(kind, a, b)).astype(dtype)
    return op


@functools.lru_cache(maxsize=64)
def _bound_function(bound_expr: sympy.Expr):
    """The bound as f(x, n, u, err_rel of exp at the argument it names) in float64."""
    calls = sorted({c for c in bound_expr.atoms(sympy.Function) if c.func.__name__ == "err_rel"}, key=str)
    slots = [sympy.Symbol(f"r{k}") for k in range(len(calls))]
    expr = bound_expr.xreplace(dict(zip(calls, slots)))
    arguments = [c.args[0].args[0] if c.args and c.args[0].func == sympy.exp else None for c in calls]
    if any(a is None for a in arguments):
        raise ValueError("err_rel of something other than exp")
    return sympy.lambdify((X, N, U, *slots), expr, "numpy"), arguments


def _real_in_float64(op: Operator, xf: np.ndarray) -> np.ndarray:
    """The operator's real function in float64 (NumPy's function of its name, else its reference's value)."""
    function = getattr(np, op.names.numpy, None) if op.names.numpy else None
    if function is not None:
        return function(xf)
    return np.array([float(op.kernels.real(Fraction(v))) for v in xf])


def _run(bound: Bound, table: tuple[TableRow, ...], name: str, sample_fp32: int, op: Operator) -> _Run:
    fmt = get_format(name)
    run = _Run()
    x = _inputs(fmt, 0 if name in EXHAUSTIVE else sample_fp32)
    xf = x.astype(np.float64)
    if bound.proviso is not None:
        inside, n = _least_n(bound.proviso, xf)
        for subject in bound.proviso.normal:
            with np.errstate(over="ignore", under="ignore"):
                inside &= _normal(fmt, _numeric(subject)(xf))
    else:
        inside, n = np.ones(x.shape, dtype=bool), np.zeros(x.shape, dtype=np.int64)
    for subject in bound.normal:
        with np.errstate(over="ignore", under="ignore"):
            inside &= _normal(fmt, _numeric(subject)(xf))
    exact = _real_in_float64(op, xf)
    if bound.result_normal:
        inside &= _normal(fmt, exact)
    kept = np.flatnonzero(inside)[:sample_fp32] if name not in EXHAUSTIVE else np.flatnonzero(inside)
    x, xf, n, exact = x[kept], xf[kept], n[kept], exact[kept]
    u = 2.0 ** -fmt.precision
    function, arguments = _bound_function(bound.bound)
    rates = [err_rel(table, fmt, _numeric(a)(xf)) for a in arguments]
    with np.errstate(all="ignore"):
        limit = np.broadcast_to(np.asarray(function(xf, n.astype(np.float64), u, *rates), dtype=np.float64),
                                xf.shape)
    worst = np.full(x.shape, -np.inf)
    judged = np.zeros(x.shape, dtype=bool)
    skipped = np.zeros(x.shape, dtype=bool)
    arithmetic = _dtype_op(fmt.dtype)
    for where, expr in _branches(bound.algorithm):
        mask = xf < 0 if where == "negative" else ~(xf < 0) if where == "other" else np.ones(x.shape, dtype=bool)
        if not mask.any():
            continue
        xs = x[mask]
        calls = _exp_calls(expr)
        bands = []
        for call in calls:
            argument = _evaluate(call, xs, {}, lambda t: fmt.dtype.type(float(t)), arithmetic).astype(np.float64)
            bands.append(_band(fmt, argument, err_rel(table, fmt, argument)))
        known = np.isfinite(limit[mask])    # the bound a number, the table bounding exp's error at each argument
        for _, rate in bands:
            known &= np.isfinite(rate)
        local_worst = np.full(xs.shape, -np.inf)
        for offsets in np.ndindex(*(len(values) for values, _ in bands)):
            picked = {str(c): bands[k][0][offsets[k]] for k, c in enumerate(calls)}
            valid = np.all([~np.isnan(picked[str(c)].astype(np.float64)) for c in calls], axis=0) if calls else \
                np.ones(xs.shape, dtype=bool)
            with np.errstate(all="ignore"):
                y = _evaluate(expr, xs, picked, lambda t: fmt.dtype.type(float(t)), arithmetic).astype(np.float64)
                error = np.abs(y - exact[mask])
                ratio = error / limit[mask]
            ok = valid & known & np.isfinite(y)
            if bound.result_normal:
                ok &= _normal(fmt, y)
            better = ok & (ratio > local_worst)
            local_worst = np.where(better, ratio, local_worst)
        worst[mask] = local_worst
        judged[mask] = known & (local_worst > -np.inf)
        skipped[mask] = ~known
    run.judged, run.skipped = int(judged.sum()), int(skipped.sum())
    run.x, run.n, run.ratio = x, n, np.where(judged, worst, -np.inf)
    with np.errstate(all="ignore"):
        run.slack = np.abs(exact) * 2.0 ** -50 / limit + 1e-12
    run.normal = _normal(fmt, xf)
    return run


def _band(fmt: FloatFormat, argument: np.ndarray, rate: np.ndarray) -> tuple[list[np.ndarray], np.ndarray]:
    """Every float within relative ``rate`` of exp(argument) (a little more, `_WIDER`, for float64's error: the exact
    replay finds the band anew), as arrays by offset from the nearest float, NaN where the offset falls outside."""
    with np.errstate(all="ignore"):
        e = np.exp(argument)
        nearest = e.astype(fmt.dtype)
        low, high = e * (1 - rate) * (1 - _WIDER), e * (1 + rate) * (1 + _WIDER)
    reach = int(math.ceil(np.nanmax(rate, initial=0) * 2 ** fmt.precision)) + 2
    bits = nearest.view(fmt.uint_dtype).astype(np.int64)
    values = []
    for k in range(-reach, reach + 1):
        candidate = (bits + k).astype(fmt.uint_dtype).view(fmt.dtype)
        with np.errstate(invalid="ignore"):
            value = candidate.astype(np.float64)
        inside = (value >= low) & (value <= high) & np.isfinite(value) & (bits + k >= 0)
        values.append(np.where(inside, candidate, fmt.dtype.type(np.nan)))
    return values, rate


# -- the exact replay --------------------------------------------------------------------------------------------------

def _replay(bound: Bound, table: tuple[TableRow, ...], op: Operator, name: str, run: _Run,
            index: int) -> tuple[str, bool, Fraction] | str | None:
    """Input ``index`` replayed exactly, with every exp value of its band (found exactly, not by the screen): the
    worst result in words, whether its exp values are strictly inside their bands, and x; None if no result exceeds
    the bound; `UNSETTLED` if the table bounds no error of exp here (the screen's float64 let it in)."""
    fmt = get_format(name)
    x_bits = int(run.x[index:index + 1].view(fmt.uint_dtype)[0])
    x = fmt.decode(x_bits).value
    n = int(run.n[index])
    expr = next(e for w, e in _branches(bound.algorithm) if w == "all" or (w == "negative") == (x < 0))
    with mpmath.workprec(elementary.PRECISION):
        exact = op.kernels.real(x)
        exact = elementary.mpf(exact) if isinstance(exact, Fraction) else exact
        if bound.result_normal and not abs(exact) >= elementary.mpf(fmt.min_normal):
            return None
        limit = _exact_bound(bound, table, fmt, x, n)
        calls, bands = _exp_calls(expr), []
        for call in calls:
            argument = _evaluate(call, x, {}, Fraction, _exact_op(fmt))
            allowed = _exact_rate(table, fmt, argument)
            if allowed is None:
                return UNSETTLED
            bands.append((argument, allowed, _exact_band(fmt, argument, allowed)))
        worst = None
        for picked in itertools.product(*(band for _, _, band in bands)):
            exps = {str(c): fmt.decode(bits).value for c, (bits, _) in zip(calls, picked)}
            y = _evaluate(expr, x, exps, Fraction, _exact_op(fmt))
            if bound.result_normal and not abs(y) >= fmt.min_normal:
                continue
            error = abs(elementary.mpf(y) - exact)
            if worst is None or error > worst[0]:
                worst = (error, y, picked)
    if worst is None or not worst[0] > limit:
        return None
    error, y, picked = worst
    shown = [f"exp({argument}) = {fmt.decode(bits).value} ({fmt.hex_bits(bits)}; relative error "
             f"{mpmath.nstr(relative / _eps(fmt), 6)} eps, the table allows {mpmath.nstr(allowed / _eps(fmt), 6)} "
             "eps there)" for (argument, allowed, _), (bits, relative) in zip(bands, picked)]
    strictly = all(relative < allowed for (_, allowed, _), (_, relative) in zip(bands, picked))
    with_n = f", n = {n}" if bound.proviso is not None and bound.proviso.integer else ""
    return ((f"x = {mpmath.nstr(elementary.mpf(x), 17)} ({fmt.hex_bits(x_bits)}{with_n}): the algorithm of line "
            f"{bound.algorithm.line} ({_one_line(bound.algorithm.code)}) with " + ", ".join(shown)
            + f" and every other operation rounded to nearest even gives Y = {mpmath.nstr(elementary.mpf(y), 17)}; "
            f"{op.name}(x) = {mpmath.nstr(exact, 17)}, |E| = {mpmath.nstr(error, 10)} > the bound "
            f"{mpmath.nstr(limit, 10)} (replayed exactly: every exp value of the band, rationals rounded once per "
            "operation, the operator's reference)"), strictly, x)


def _exact_band(fmt: FloatFormat, argument: Fraction, allowed: mpmath.mpf) -> list[tuple[int, mpmath.mpf]]:
    """(bits, relative error) of every float within relative ``allowed`` of exp(argument), found exactly."""
    exact = elementary.evaluate(mpmath.exp, argument)
    nearest = elementary.round_real(fmt, exact)
    found = []
    for step in (-1, 1):
        bits = nearest if step < 0 else nearest + 1
        while 0 <= bits < fmt.inf(0):
            relative = abs(elementary.mpf(fmt.decode(bits).value) / exact - 1)
            if relative > allowed:
                break
            found.append((bits, relative))
            bits += step
    return found


def _eps(fmt: FloatFormat) -> mpmath.mpf:
    return mpmath.mpf(2) ** (1 - fmt.precision)


def _exact_op(fmt: FloatFormat):
    def op(kind, a, b):
        if kind == "neg":
            return -a
        return fmt.decode(fmt.round(_exact(kind, a, b))).value
    return op


def _exact_rate(table: tuple[TableRow, ...], fmt: FloatFormat, a: Fraction) -> mpmath.mpf | None:
    """The table's relative error of exp at ``a``, exactly (the least of the rows that apply), None if none does."""
    found, exact = None, sympy.Rational(a.numerator, a.denominator)
    for row in table:
        n = next((k for k in range(_MAX_N + 1 if row.proviso.integer else 1)
                  if _ends_exact(row.proviso, k)[0] <= exact <= _ends_exact(row.proviso, k)[1]), None)
        if n is None:
            continue
        if any(not _exact_normal(fmt, subject, a) for subject in row.proviso.normal):
            continue
        value = row.value.xreplace({EPS: sympy.Rational(2) ** (1 - fmt.precision), N: sympy.Integer(n)})
        value = mpmath.mpf(sympy.Rational(value).p) / sympy.Rational(value).q
        found = value if found is None else min(found, value)
    return found


def _exact_normal(fmt: FloatFormat, subject: sympy.Expr, a: Fraction) -> bool:
    value = abs(mpmath.mpf(sympy.N(subject.xreplace({X: sympy.Rational(a.numerator, a.denominator)}), _DIGITS)))
    return elementary.mpf(fmt.min_normal) <= value <= elementary.mpf(fmt.max_finite)


def _exact_bound(bound: Bound, table: tuple[TableRow, ...], fmt: FloatFormat, x: Fraction, n: int) -> mpmath.mpf:
    expr = bound.bound
    for call in {c for c in expr.atoms(sympy.Function) if c.func.__name__ == "err_rel"}:
        argument = call.args[0].args[0].xreplace({X: sympy.Rational(x.numerator, x.denominator)})
        rate = _exact_rate(table, fmt, Fraction(str(sympy.Rational(argument))))
        expr = expr.xreplace({call: sympy.Float(rate, _DIGITS)})
    value = expr.xreplace({X: sympy.Rational(x.numerator, x.denominator), N: sympy.Integer(n),
                       U: sympy.Rational(1, 2 ** fmt.precision)})
    return mpmath.mpf(str(sympy.N(value, _DIGITS)))

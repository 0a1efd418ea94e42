"""The introduced error of an implementation of an operator whose float result IEEE 754 does not prescribe (its
`Operation.exactness` is "approximate"), measured against the real function.

For each input the implementation's result is compared with the exact value of the real function (the
description's ``real`` kernel: a `Fraction` where it is rational, else mpmath at `elementary.PRECISION` bits):

- the error in ulps, ``|result - exact| / ulp(exact)``, where ulp(x) is the gap between the two floats of the
  format around the real x (2^(e - p + 1) for 2^e <= |x| < 2^(e+1), the subnormal gap below the normal range):
  a correctly rounded result is within 0.5 ulp, and 0.5 ulp is what an implementation cannot do better than;
- the relative error, ``|result - exact| / |exact|``, where the exact value is in the format's normal range
  (below it even the correctly rounded result may be 100% off: exp(-17) in FP16 rounds to 0; the ulp error
  measures those).

Where the correctly rounded reference (`Kernels.float_bits`) is not a finite number, or the implementation's
result is not, there is no error to measure: the two must agree (a NaN any NaN), else the input is a
``special`` mismatch, as in bit-exact conformance.  Only finite inputs whose exact value the format can hold
are measured: an exact value beyond the largest finite number must round to the infinity (a special).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable

import mpmath
import numpy as np

from divbridge.conform.impls import Impl
from divbridge.conform.outcome import ImplError
from divbridge.formats import FloatFormat, describe_element
from divbridge.obligations import accuracy as obligations_accuracy
from divbridge.operators import elementary
from divbridge.operators.model import Operator

MAX_EXAMPLES = 5


@dataclass
class Worst:
    """The input where an error is largest, with what the implementation gave and the exact value."""

    error: float = 0.0
    inputs: tuple[str, ...] = ()
    got: str = ""
    exact: str = ""
    matrices: dict[str, list] | None = None     # a contraction's: the whole pair, as bit patterns

    def to_json(self) -> dict[str, Any]:
        return {"error": self.error, "inputs": list(self.inputs), "got": self.got, "exact": self.exact,
                **({"matrices": self.matrices} if self.matrices is not None else {})}


@dataclass
class NoteBound:
    """One bound an accuracy note states on the error an implementation introduces (``|E| <= u |Y|``...), at
    its line, and how the implementation measured against it: the inputs where it does not hold, and the input
    where the error is the largest part of the bound."""

    line: int
    text: str
    absolute: bool                                  # |E| (else E, signed)
    strict: bool                                    # < (else <=)
    limit: Callable[[Any], Any]                     # the bound at the operand's value (a contraction's: at n, |A|, |B|)
    exceeded: int = 0
    worst: Worst = field(default_factory=Worst)     # error: the largest error / bound ratio
    exceeded_terms: set[int] = field(default_factory=set)   # a contraction's: the n where it was exceeded

    @property
    def holds(self) -> bool:
        return self.exceeded == 0

    def judge(self, x: mpmath.mpf, error: mpmath.mpf, shown: "Callable[[], tuple]") -> None:
        measured = abs(error) if self.absolute else error
        limit = self.limit(x)
        if not (measured < limit if self.strict else measured <= limit):
            self.exceeded += 1
        ratio = float(measured / limit) if limit > 0 else (0.0 if measured <= 0 else float("inf"))
        if ratio > self.worst.error:
            self.worst = Worst(ratio, *shown())

    def to_json(self) -> dict[str, Any]:
        return {"line": self.line, "text": self.text, "holds": self.holds, "exceeded": self.exceeded,
                "largest_error_to_bound": self.worst.to_json(),
                **({"exceeded_for_n": sorted(self.exceeded_terms)} if self.exceeded_terms else {})}


@dataclass
class FormatAccuracy:
    fmt: FloatFormat
    op: Operator
    source: str = ""                        # exhaustive | sample
    inputs: int = 0                         # inputs run
    measured: int = 0                       # of them, those whose error is measured (finite on both sides)
    ulp: Worst = field(default_factory=Worst)
    relative: Worst = field(default_factory=Worst)
    specials: int = 0                       # inputs where a special result differs (NaN, an infinity)
    # a contraction's: the elements measured whose result is not the correctly rounded contraction
    not_correctly_rounded: int | None = None
    examples: list[dict[str, str]] = field(default_factory=list)
    errors: list[dict[str, str]] = field(default_factory=list)
    max_ulp: float | None = None            # the bounds judged against, when given
    max_relative: float | None = None
    points: list[tuple[float, float]] = field(default_factory=list)   # (first input, error in ulps) measured
    bounds: list[NoteBound] = field(default_factory=list)             # a note's, judged on every input measured

    @property
    def within(self) -> bool:
        """No special mismatch, no error of the run, and every bound given holds on every input measured."""
        return not self.specials and not self.errors and all(b.holds for b in self.bounds) and \
            (self.max_ulp is None or self.ulp.error <= self.max_ulp) and \
            (self.max_relative is None or self.relative.error <= self.max_relative)

    def to_json(self) -> dict[str, Any]:
        return {"format": self.fmt.name, "source": self.source, "inputs": self.inputs, "measured": self.measured,
                "max_ulp_error": self.ulp.to_json(), "max_relative_error": self.relative.to_json(),
                "special_mismatches": self.specials, "examples": self.examples, "errors": self.errors,
                **({"not_correctly_rounded": self.not_correctly_rounded}
                   if self.not_correctly_rounded is not None else {}),
                "bounds": {"ulp": self.max_ulp, "relative": self.max_relative},
                "note_bounds": [b.to_json() for b in self.bounds], "within": self.within}


def ulp(fmt: FloatFormat, x: elementary.Real) -> mpmath.mpf:
    """The gap between the two floats of ``fmt`` around the real ``x`` (the subnormal gap below the normal
    range, and at zero)."""
    with mpmath.workprec(elementary.PRECISION):
        magnitude = abs(elementary.mpf(x) if isinstance(x, Fraction) else x)
        # frexp: magnitude = m * 2^e with 1/2 <= m < 1, so 2^(e-1) <= magnitude < 2^e, exactly
        exponent = fmt.emin if magnitude == 0 else max(mpmath.frexp(magnitude)[1] - 1, fmt.emin)
        return mpmath.ldexp(mpmath.mpf(1), exponent - fmt.precision + 1)


def measure(impl: Impl, fmt: FloatFormat, columns: list[np.ndarray], source: str, max_ulp: float | None = None,
            max_relative: float | None = None, progress: Callable[[int, int], None] | None = None,
            bounds: list[NoteBound] = ()) -> FormatAccuracy:
    """Run ``impl`` on the inputs (one array per input of the operator) and measure its error on each, against
    the ``bounds`` of a note too; ``progress(done, total)`` as the inputs are judged."""
    op = impl.op
    report = FormatAccuracy(fmt, op, source, max_ulp=max_ulp, max_relative=max_relative, bounds=list(bounds))
    a, b = impl.inputs(fmt, len(columns[0]))
    a[...] = columns[0]
    b[...] = columns[1] if len(columns) > 1 else columns[0]
    got = impl.run(fmt, a, b)
    report.inputs = len(a)
    if isinstance(got, ImplError):
        report.errors.append({"source": source, "kind": got.kind, "detail": got.detail})
        return report
    patterns = [np.asarray(c).view(fmt.uint_dtype) for c in columns[:op.arity]]
    results = got.view(fmt.uint_dtype).tolist()
    for k, got_bits in enumerate(results):
        _judge(report, [int(p[k]) for p in patterns], got_bits)
        if progress is not None and ((k + 1) % 4096 == 0 or k + 1 == len(results)):
            progress(k + 1, len(results))
    return report


def _judge(report: FormatAccuracy, bits: list[int], got_bits: int) -> None:
    fmt, op = report.fmt, report.op
    values = [fmt.decode(b) for b in bits]
    got = fmt.decode(got_bits)
    want_bits = op.kernels.float_bits(fmt, *bits)
    want = fmt.decode(want_bits)
    if not (want.is_finite and got.is_finite and all(v.is_finite for v in values)):
        if not (want.kind == "nan" and got.kind == "nan") and want_bits != got_bits:
            report.specials += 1
            _example(report, bits, got_bits, fmt.describe(want_bits))
        return
    exact = op.kernels.real(*(v.value for v in values))
    with mpmath.workprec(elementary.PRECISION):
        exact_mp = elementary.mpf(exact) if isinstance(exact, Fraction) else exact
        error = elementary.mpf(got.value) - exact_mp
        distance = abs(error)
        in_ulps = float(distance / ulp(fmt, exact))
        normal = elementary.mpf(fmt.min_normal) <= abs(exact_mp) <= elementary.mpf(fmt.max_finite)
        relative = float(distance / abs(exact_mp)) if normal else 0.0
        def shown() -> tuple:
            return (tuple(describe_element(fmt, _as_array(fmt, b)) for b in bits),
                    describe_element(fmt, _as_array(fmt, got_bits)), mpmath.nstr(exact_mp, 20))
        for bound in report.bounds:
            bound.judge(elementary.mpf(values[0].value), error, shown)
    report.measured += 1
    report.points.append((float(values[0].value), in_ulps))
    _keep_worst(report, in_ulps, relative, shown)


def _keep_worst(report: FormatAccuracy, in_ulps: float, relative: float, shown: Callable[[], tuple]) -> None:
    """The input just measured kept as the worst in ulps, or in relative error, where it is (``shown()``: its
    fields of `Worst` after the error, made only then)."""
    if in_ulps > report.ulp.error:
        report.ulp = Worst(in_ulps, *shown())
    if relative > report.relative.error:
        report.relative = Worst(relative, *shown())


def _as_array(fmt: FloatFormat, bits: int):
    return np.array([bits], dtype=fmt.uint_dtype).view(fmt.dtype)[0]


def _example(report: FormatAccuracy, bits: list[int], got_bits: int, expected: str) -> None:
    if len(report.examples) < MAX_EXAMPLES:
        report.examples.append({"inputs": ", ".join(describe_element(report.fmt, _as_array(report.fmt, b))
                                                    for b in bits),
                                "expected": expected, "actual": describe_element(report.fmt, _as_array(report.fmt, got_bits))})


def every_input(fmt: FloatFormat) -> list[np.ndarray]:
    """Every bit pattern of a 16-bit format, as the one input of an operator of one."""
    return [np.arange(1 << fmt.width, dtype=fmt.uint_dtype).view(fmt.dtype)]


def sampled_inputs(fmt: FloatFormat, arity: int, count: int, seed: int) -> list[np.ndarray]:
    """``count`` random bit patterns per input (every binade as likely as another, NaNs and infinities among
    them), reproducible from ``seed``."""
    rng = np.random.default_rng(seed)
    return [rng.integers(0, 1 << fmt.width, size=count, dtype=np.uint64).astype(fmt.uint_dtype).view(fmt.dtype)
            for _ in range(arity)]


def render(report: FormatAccuracy) -> str:
    bounds = ", ".join(f"bound {value:g} {unit}" for value, unit in ((report.max_ulp, "ulp"),
                                                                     (report.max_relative, "relative"))
                       if value is not None)
    inputs, measured = ("matrix pairs", "elements measured") if report.op.operation.contraction else ("inputs",
                                                                                                     "measured")
    lines = [f"  {report.fmt.name} ({report.source}, {report.inputs} {inputs}, {report.measured} {measured}"
             f"{'; ' + bounds if bounds else ''}): max error {report.ulp.error:.3g} ulp at "
             f"{', '.join(report.ulp.inputs) or '-'} (got {report.ulp.got or '-'}, exact {report.ulp.exact or '-'}); "
             f"max relative error {report.relative.error:.3g} at {', '.join(report.relative.inputs) or '-'}; "
             f"{report.specials} special-value mismatches, {len(report.errors)} errors"
             + (f"; {report.not_correctly_rounded} of {report.measured} elements not the correctly rounded contraction"
                if report.not_correctly_rounded is not None else "")]
    for error in report.errors:
        lines.append(f"    ERROR ({error['source']}, {error['kind']}): {error['detail']}")
    for ex in report.examples:
        lines.append(f"    SPECIAL MISMATCH: {ex['inputs']}: expected {ex['expected']}, got {ex['actual']}")
    for bound in report.bounds:
        worst = f"{bound.worst.error:.3g} of the bound at {', '.join(bound.worst.inputs)} (got {bound.worst.got}, " \
                f"exact {bound.worst.exact})" if bound.worst.inputs else "no input measured"
        lines.append(f"    note line {bound.line} «{' '.join(bound.text.split())}»: "
                     + ("holds" if bound.holds else f"EXCEEDED on {bound.exceeded} inputs") + _terms(bound)
                     + f"; largest error {worst}")
    return "\n".join(lines)


def _terms(bound: NoteBound) -> str:
    return f" (for n = {', '.join(map(str, sorted(bound.exceeded_terms)))})" if bound.exceeded_terms else ""


def note_bounds(note, op: Operator, fmt: FloatFormat) -> list[NoteBound]:
    """The introduced-error bounds of an accuracy note (`document.accuracy.Note`) of ``op``, in ``fmt``."""
    return [NoteBound(item.statement.line, item.statement.text, item.absolute, item.op == "<",
                      obligations_accuracy.introduced_bound(item, unary, fmt))
            for item, unary in obligations_accuracy.float_bounds(note)]


# -- an operator whose each element is a contraction of n terms -------------------------------------------------

# the shapes (m, n, p) of the matrix pairs measured: n from 1 (one term) to 64 terms
CONTRACTION_SHAPES = ((1, 1, 1), (2, 2, 3), (3, 4, 2), (2, 8, 3), (2, 16, 2), (2, 32, 1), (1, 64, 2))
CONTRACTION_PAIRS = 64          # matrix pairs of each shape by default
SPECIAL_ODDS = 512              # one element in about this many a special value (NaN, an infinity, a zero)


def contraction_inputs(fmt: FloatFormat, pairs: int, seed: int) -> list[tuple[np.ndarray, np.ndarray]]:
    """For each shape of `CONTRACTION_SHAPES`, ``pairs`` matrix pairs as two stacks, [pairs, m, n] and [pairs, n, p],
    reproducible from ``seed``: elements of both signs (terms that cancel one another) with magnitudes in [1/8, 16)
    (no FP16 contraction of 64 terms overflows), a special value now and then."""
    rng = np.random.default_rng(seed)
    one = fmt.parse("1")
    mantissa = 1 << (fmt.precision - 1)
    specials = np.array([fmt.nan, fmt.inf(0), fmt.inf(1), fmt.zero(0), fmt.zero(1)], dtype=np.uint64)

    def matrices(*shape: int) -> np.ndarray:
        exponent = rng.integers(-3, 4, size=shape, dtype=np.int64)
        bits = (one + exponent * mantissa + rng.integers(0, mantissa, size=shape)).astype(np.uint64)
        bits |= rng.integers(0, 2, size=shape, dtype=np.uint64) << np.uint64(fmt.width - 1)
        special = rng.integers(0, SPECIAL_ODDS, size=shape) == 0
        bits[special] = specials[rng.integers(0, len(specials), size=int(special.sum()))]
        return bits.astype(fmt.uint_dtype).view(fmt.dtype)
    return [(matrices(pairs, m, n), matrices(pairs, n, p)) for m, n, p in CONTRACTION_SHAPES]


def measure_contractions(impl: Impl, fmt: FloatFormat, stacks: list[tuple[np.ndarray, np.ndarray]],
                         max_ulp: float | None = None, max_relative: float | None = None,
                         bounds: list[NoteBound] = (),
                         progress: Callable[[int, int], None] | None = None) -> FormatAccuracy:
    """Run ``impl`` on each pair of stacks of matrices and measure the error of each element of each result, a
    contraction of n terms, against the exact one (Fractions) and its correctly rounded value (the mirror's
    reference, for the special values); each of a note's ``bounds`` (`contraction_bounds`) judged where the exact
    result is a normal number (the notes' proviso) and every element of the pair finite, with the largest
    magnitudes of the pair's two matrices."""
    op = impl.op
    report = FormatAccuracy(fmt, op, "sample", max_ulp=max_ulp, max_relative=max_relative, bounds=list(bounds),
                            not_correctly_rounded=0)
    total = sum(a.shape[0] for a, _ in stacks)
    done = 0
    for a, b in stacks:
        got = impl.run(fmt, a, b)
        report.inputs += a.shape[0]
        if isinstance(got, ImplError):
            report.errors.append({"source": f"{a.shape[1]} x {a.shape[2]} times {b.shape[1]} x {b.shape[2]}",
                                  "kind": got.kind, "detail": got.detail})
            continue
        got_bits = got.view(fmt.uint_dtype)
        a_bits, b_bits = a.view(fmt.uint_dtype), b.view(fmt.uint_dtype)
        for k in range(a.shape[0]):
            _judge_matrices(report, a_bits[k], b_bits[k], got_bits[k], k)
            done += 1
            if progress is not None and (done % 16 == 0 or done == total):
                progress(done, total)
    return report


def _judge_matrices(report: FormatAccuracy, a: np.ndarray, b: np.ndarray, got: np.ndarray, pair: int) -> None:
    fmt, op = report.fmt, report.op
    values_a = [[fmt.decode(int(x)) for x in row] for row in a]
    values_b = [[fmt.decode(int(x)) for x in row] for row in b]
    largest_a = max((abs(Fraction(v.value)) for row in values_a for v in row if v.is_finite), default=Fraction(0))
    largest_b = max((abs(Fraction(v.value)) for row in values_b for v in row if v.is_finite), default=Fraction(0))
    all_finite = all(v.is_finite for row in values_a + values_b for v in row)   # else |A| or |B| is no number
    n = a.shape[1]

    def shown(i: int, j: int) -> tuple:
        """Where: the pair (reproducible from the run's seed), the element; what the implementation gave."""
        return ((f"pair {pair} of the {a.shape[0]} x {n} times {n} x {b.shape[1]} matrices", f"element [{i}, {j}]"),
                describe_element(fmt, _as_array(fmt, int(got[i, j]))))

    for i in range(a.shape[0]):
        for j in range(b.shape[1]):
            row, column = [int(x) for x in a[i]], [int(y) for y in b[:, j]]
            want_bits = op.kernels.float_bits(fmt, row, column)
            want, result = fmt.decode(want_bits), fmt.decode(int(got[i, j]))
            inputs = list(values_a[i]) + [values_b[k][j] for k in range(n)]
            if not (want.is_finite and result.is_finite and all(v.is_finite for v in inputs)):
                if not (want.kind == "nan" and result.kind == "nan") and want_bits != int(got[i, j]):
                    report.specials += 1
                    if len(report.examples) < MAX_EXAMPLES:
                        where, actual = shown(i, j)
                        report.examples.append({"inputs": ", ".join(where), "expected": fmt.describe(want_bits),
                                                "actual": actual})
                continue
            exact = op.kernels.real([Fraction(v.value) for v in values_a[i]],
                                    [Fraction(values_b[k][j].value) for k in range(n)])
            error = Fraction(result.value) - exact
            with mpmath.workprec(elementary.PRECISION):
                in_ulps = float(elementary.mpf(abs(error)) / ulp(fmt, exact))
            normal = fmt.min_normal <= abs(exact) <= fmt.max_finite
            relative = float(abs(error) / abs(exact)) if normal else 0.0

            def element_shown() -> tuple:
                where, actual = shown(i, j)
                return where, actual, f"{float(exact)!r} ({exact})", {
                    "A": [[f"{int(x):#x}" for x in row] for row in a], "B": [[f"{int(y):#x}" for y in row] for row in b]}
            if normal and all_finite:
                for bound in report.bounds:
                    before = bound.exceeded
                    bound.judge((n, largest_a, largest_b), error, element_shown)
                    if bound.exceeded > before:
                        bound.exceeded_terms.add(n)
            report.measured += 1
            report.not_correctly_rounded += want_bits != int(got[i, j]) and not (want.is_zero and result.is_zero)
            report.points.append((float(n), in_ulps))    # a contraction's error drawn against its n
            _keep_worst(report, in_ulps, relative, element_shown)


def contraction_bounds(note, fmt: FloatFormat) -> list[NoteBound]:
    """The introduced-error bounds of a note of a contraction (``|E| <= f(n, |A|, |B|)``) in ``fmt``: each a
    function of (n, |A|, |B|), exact."""
    found = []
    for item, result in obligations_accuracy.summation_bounds(note):
        limits = functools.cache(lambda count, item=item, result=result:
                                 obligations_accuracy.summation_limit(item, result, fmt, count))
        found.append(NoteBound(item.statement.line, item.statement.text, item.absolute, item.op == "<",
                               lambda at, limits=limits: limits(at[0])(at[1], at[2])))
    return found

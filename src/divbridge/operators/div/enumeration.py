"""Div's proofs by enumeration: every operand pair of a float format of at most 16 bits (`JOBS`, run by the
prover ``exhaustive``, `provers.enumeration`).

`enumerate_pairs(fmt, strategy)` divides all 2^(2w) pairs (2^32 for FP16 and
BF16) with an implementation strategy and compares each result bit-exactly
(any NaN equals any NaN) with a correctly rounded reference.
`check_monotone_numerator(fmt)` walks, for every finite b > 0, every numerator
in increasing order with the reference quotient: division is monotone in the
numerator.

The reference does not rely on any theorem about floats: it decodes both
operands into integer significands and exponents, takes the integer quotient
of the significands with a sticky bit for the remainder, and rounds that
once, to nearest even, with subnormals, overflow and signed zeros
(`_round_scaled`; validated against the exact `FloatFormat.round` by the
tests).  The significand quotients depend only on the two fractions, so they
are tabulated once (2^20 entries for FP16) instead of dividing 2^32 times;
in the normal range so is their rounding.

Speed (2^32 pairs within 30 s on 2 cores): denominators are taken by rows
sharing sign and exponent field, and for the FP32 strategies a row of normal
denominators is checked with branch-free loops that LLVM vectorises (the
FP32 quotients of a numerator computed in one pass, the reference a table
look-up plus the row's exponent, the FP32 -> narrow conversion the classic
bit trick).  Zeros, subnormals, infinities and NaNs, and any row with a
mismatch, go pair by pair through the general path; the tests check that
both paths count the same mismatches.

Strategies are the ways an implementation might compute the narrow division;
`via_fp32` is the correct one the theorem is about, the others are wrong on
purpose to show that the enumeration rejects them with a counterexample.
The kernels are compiled with numba (`parallel=True`, a prange over numerators;
`cache=True`, so only the first run compiles); the small helpers are inlined
at numba level, since a call that passes arrays costs more than the arithmetic.
Every kernel lives in this one file: numba invalidates its on-disk cache per
source file, so a change to a helper recompiles every kernel that inlines it.
"""

from __future__ import annotations

import time
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Iterator

import numba
import numpy as np
from numba import njit, prange

from divbridge.errors import InputError
from divbridge.formats import FloatFormat
from divbridge.operators.enumeration import Job, Outcome

# Operand classes in the decode tables.
_ZERO, _FINITE, _INF, _NAN = 0, 1, 2, 3
# Rounding modes of _round_scaled.
_RNE, _RTZ = 0, 1


@dataclass(frozen=True)
class Strategy:
    code: int
    correct: bool
    description: str


STRATEGIES: dict[str, Strategy] = {
    "via_fp32": Strategy(0, True, "convert to FP32, divide in FP32, round to the format to nearest even"),
    "via_fp32_truncate": Strategy(1, False, "as via_fp32, but the final conversion truncates (rounds toward zero)"),
    "via_fp32_ftz": Strategy(2, False, "as via_fp32, but subnormal results are flushed to a signed zero"),
    "reciprocal_fp32": Strategy(3, False, "A * (1 / B) in FP32, then rounded to the format"),
    "via_p_plus_2": Strategy(4, False, "quotient rounded first to p + 2 significand bits, then to the format "
                                       "(too narrow an intermediate format: double rounding shows)"),
    "reference": Strategy(5, True, "the reference quotient rounded by the general routine instead of the table "
                                    "of rounded significands (a self-test of the engine)"),
}


@dataclass(frozen=True)
class PairCheck:
    fmt: FloatFormat
    strategy: str
    pairs: int
    mismatches: int
    first_mismatch: tuple[int, int, int, int] | None   # (a_bits, b_bits, expected_bits, actual_bits)
    seconds: float

    @property
    def passed(self) -> bool:
        return self.mismatches == 0

    def to_json(self) -> dict[str, Any]:
        first = None
        if self.first_mismatch is not None:
            a, b, expected, actual = self.first_mismatch
            first = {"a": self.fmt.describe(a), "b": self.fmt.describe(b),
                     "expected": self.fmt.describe(expected), "actual": self.fmt.describe(actual)}
        return {"format": self.fmt.name, "strategy": self.strategy, "pairs": self.pairs,
                "mismatches": self.mismatches, "first_mismatch": first, "seconds": round(self.seconds, 3)}


# -- the single rounding everything goes through -------------------------------

@njit(cache=True, inline="always")
def _round_scaled(sign, n, lead, exp2, sticky, eb, sb, mode):
    """Bits of the value (n + f) * 2**exp2 rounded to the format (eb, sb).

    n > 0 with 2**lead <= n < 2**(lead + 1); 0 <= f < 1 and f > 0 exactly when
    ``sticky``.  mode _RNE (nearest even) or _RTZ (toward zero).
    """
    bias = (1 << (eb - 1)) - 1
    emin = 1 - bias
    sign_bit = sign << (eb + sb - 1)
    e_lead = lead + exp2
    if e_lead > bias:  # beyond the largest binade
        if mode == _RNE:
            return sign_bit | (((1 << eb) - 1) << (sb - 1))
        return sign_bit | ((((1 << eb) - 1) << (sb - 1)) - 1)
    grid = e_lead if e_lead > emin else emin          # exponent of the leading bit of the result grid
    drop = grid - (sb - 1) - exp2                     # low bits of n below the result's last place
    if drop <= 0:
        kept = n << (-drop)
    elif drop > lead + 1:                             # the value is below half the smallest step
        kept = 0
    else:
        kept = n >> drop
        rest = n & ((1 << drop) - 1)
        half = 1 << (drop - 1)
        if mode == _RNE and (rest > half or (rest == half and (sticky or (kept & 1)))):
            kept += 1
    if e_lead >= emin:
        bits = ((e_lead + bias - 1) << (sb - 1)) + kept   # a carry out of the significand bumps the exponent
    else:
        bits = kept
    return sign_bit | bits


@njit(cache=True, inline="always")
def _round_precision(n, lead, sticky, p):
    """n (+ sticky fraction) rounded to nearest even on p significant bits, exponent unbounded.

    Returns (kept, lead of kept, number of bits dropped)."""
    drop = lead - (p - 1)
    if drop <= 0:
        return n, lead, 0
    kept = n >> drop
    rest = n & ((1 << drop) - 1)
    half = 1 << (drop - 1)
    if rest > half or (rest == half and (sticky or (kept & 1))):
        kept += 1
    if kept >> p:
        return kept >> 1, p - 1, drop + 1
    return kept, p - 1, drop


# -- decoding tables ------------------------------------------------------------

_QUOTIENT_EXTRA = 5   # significand quotient bits beyond sb: room for guard bits and a p + 2 intermediate


@njit(cache=True)
def _decode_tables(eb, sb):
    """Per bit pattern: class, significand normalised to [2^(sb-1), 2^sb), exponent of its leading bit."""
    count = 1 << (eb + sb)
    bias = (1 << (eb - 1)) - 1
    cls = np.empty(count, np.int8)
    sig = np.zeros(count, np.int32)
    ex = np.zeros(count, np.int32)
    for bits in range(count):
        field = (bits >> (sb - 1)) & ((1 << eb) - 1)
        frac = bits & ((1 << (sb - 1)) - 1)
        if field == (1 << eb) - 1:
            cls[bits] = _NAN if frac else _INF
        elif field == 0 and frac == 0:
            cls[bits] = _ZERO
        elif field == 0:
            cls[bits] = _FINITE
            shift = 0
            while (frac << shift) < (1 << (sb - 1)):
                shift += 1
            sig[bits] = frac << shift
            ex[bits] = 1 - bias - shift
        else:
            cls[bits] = _FINITE
            sig[bits] = frac | (1 << (sb - 1))
            ex[bits] = field - bias
    return cls, sig, ex


@njit(cache=True)
def _quotient_tables(sb):
    """For every pair of normalised significands (ma, mb), indexed by their fraction bits:

    qtab: (N << 1) | sticky, N = floor(ma * 2^K / mb), sticky = the remainder is not zero;
    rtab: (kept << 1) | up, kept = N rounded to nearest even on sb bits (2^sb after a carry),
          up = 1 when N has K + 1 bits rather than K.  In the normal range the rounded
          significand does not depend on the exponents, so the kernel's common case is
          one look-up; subnormal and overflowing results take the general path.
    """
    half = 1 << (sb - 1)
    k = sb + _QUOTIENT_EXTRA
    qtab = np.empty(half * half, np.int32)
    rtab = np.empty(half * half, np.int32)
    for i in range(half):
        ma = (half + i) << k
        for j in range(half):
            mb = half + j
            n = ma // mb
            sticky = 1 if n * mb != ma else 0
            up = 1 if n >> k else 0
            drop = k - 1 + up - (sb - 1)
            kept = n >> drop
            rest = n & ((1 << drop) - 1)
            if rest > (1 << (drop - 1)) or (rest == (1 << (drop - 1)) and (sticky or (kept & 1))):
                kept += 1
            qtab[(i << (sb - 1)) | j] = (n << 1) | sticky
            rtab[(i << (sb - 1)) | j] = (kept << 1) | up
    return qtab, rtab


def _fp32_table(fmt: FloatFormat) -> np.ndarray:
    """Every bit pattern of the format as a float32 (exact: the format fits in FP32)."""
    if fmt.dtype is not None:
        return np.arange(1 << fmt.width, dtype=fmt.uint_dtype).view(fmt.dtype).astype(np.float32)
    values = np.empty(1 << fmt.width, np.float32)
    for bits in range(1 << fmt.width):
        decoded = fmt.decode(bits)
        values[bits] = np.nan if decoded.is_nan else (
            (-np.inf if decoded.sign else np.inf) if decoded.is_inf else
            (np.float32(-0.0) if decoded.sign else np.float32(0.0)) if decoded.is_zero else float(decoded.value))
    return values


_TABLES: dict[tuple[int, int], tuple] = {}


def tables(fmt: FloatFormat) -> tuple:
    key = (fmt.eb, fmt.sb)
    if key not in _TABLES:
        cls, sig, ex = _decode_tables(fmt.eb, fmt.sb)
        qtab, rtab = _quotient_tables(fmt.sb)
        # (up << (sb-1)) + kept: what a normal result adds to its exponent field
        rnorm = (((rtab & 1) << (fmt.sb - 1)) + (rtab >> 1)).astype(np.uint32)
        _TABLES[key] = (cls, sig, ex, qtab, rtab, rnorm, _fp32_table(fmt))
    return _TABLES[key]


# -- one pair: the reference and the candidates ------------------------------------
# The helpers take scalars only: passing arrays to a numba function costs a
# reference-count update per call, more than the arithmetic itself.

@njit(cache=True, inline="always")
def _special_quotient(ca, cb, sign, eb, sb):
    """IEEE 754 division when an operand is zero, infinite or NaN."""
    inf = ((1 << eb) - 1) << (sb - 1)
    if ca == _NAN or cb == _NAN or (ca == _ZERO and cb == _ZERO) or (ca == _INF and cb == _INF):
        return inf | (1 << (sb - 2))
    if ca == _INF or cb == _ZERO:
        return (sign << (eb + sb - 1)) | inf
    return sign << (eb + sb - 1)  # zero numerator or infinite denominator


@njit(cache=True, inline="always")
def _finite_quotient(sign, dexp, r, q, eb, sb):
    """Correctly rounded quotient of two finite non-zero operands.

    dexp = ea - eb (exponents of the leading bits), r and q the rtab and qtab
    entries of their significands."""
    bias = (1 << (eb - 1)) - 1
    e_lead = dexp - 1 + (r & 1)
    if 1 - bias <= e_lead <= bias:  # a normal result: the tabulated rounding holds
        return (sign << (eb + sb - 1)) | (((e_lead + bias - 1) << (sb - 1)) + (r >> 1))
    k = sb + _QUOTIENT_EXTRA
    return _round_scaled(sign, q >> 1, k - 1 + (r & 1), dexp - k, q & 1, eb, sb, _RNE)


@njit(cache=True, inline="always")
def _narrow_quotient(sign, dexp, q, eb, sb):
    """The quotient rounded to sb + 2 bits (exponent unbounded), then to the format."""
    k = sb + _QUOTIENT_EXTRA
    n = q >> 1
    lead = k if n >> k else k - 1
    kept, lead2, dropped = _round_precision(n, lead, q & 1, sb + 2)
    return _round_scaled(sign, kept, lead2, dexp - k + dropped, 0, eb, sb, _RNE)


@njit(cache=True, inline="always")
def _from_fp32(u, eb, sb, mode):
    """A float32 bit pattern converted to the format (eb, sb).

    The common case (a result in the format's normal range) is the classic
    bit trick: rebias the exponent, add half an ulp minus one plus the
    parity bit, shift.  It is independent of `_round_scaled`, which handles
    the rest (subnormal results, overflow)."""
    sign = u >> 31
    mag = u & 0x7FFFFFFF
    field = mag >> 23
    bias = (1 << (eb - 1)) - 1
    shift = 24 - sb
    if 128 - bias <= field <= 127 + bias:   # unbiased exponent within [emin, emax]
        v = mag - ((127 - bias) << 23)
        if mode == _RNE:
            v += ((1 << (shift - 1)) - 1) + ((v >> shift) & 1)
        return (sign << (eb + sb - 1)) | (v >> shift)   # a carry into the exponent field rounds to inf
    inf = ((1 << eb) - 1) << (sb - 1)
    frac = mag & 0x7FFFFF
    if field == 0xFF:
        if frac:
            return inf | (1 << (sb - 2))
        return (sign << (eb + sb - 1)) | inf
    if field == 0:
        if frac == 0:
            return sign << (eb + sb - 1)
        lead = 0
        while frac >> (lead + 1):
            lead += 1
        return _round_scaled(sign, frac, lead, -149, 0, eb, sb, mode)
    return _round_scaled(sign, frac | 0x800000, 23, field - 150, 0, eb, sb, mode)


@njit(cache=True, inline="always")
def _convert(code, u, eb, sb):
    """The FP32 result ``u`` of a float strategy, converted as strategy ``code`` does."""
    if code == 1:
        return _from_fp32(u, eb, sb, _RTZ)
    r = _from_fp32(u, eb, sb, _RNE)
    if code == 2 and (r & (((1 << eb) - 1) << (sb - 1))) == 0:
        return r & (1 << (eb + sb - 1))   # flush a subnormal (or zero) to the zero of its sign
    return r


@njit(cache=True, inline="always")
def _same(x, y, eb, sb):
    """Bit-exact equality, except that any NaN equals any NaN."""
    if x == y:
        return True
    inf = ((1 << eb) - 1) << (sb - 1)
    frac = (1 << (sb - 1)) - 1
    return (x & inf) == inf and (x & frac) != 0 and (y & inf) == inf and (y & frac) != 0


@njit(cache=True, error_model="numpy")
def _scan_general(code, a, b_start, b_stop, eb, sb, cls, sig, ex, qtab, rtab, f32, buf, ubuf, expected_out, actual_out):
    """Pairs (a, b) for b in [b_start, b_stop), one at a time, every case.

    Returns (mismatches, first mismatching b or -1).  With a non-empty
    ``expected_out``, stores both results of b at index b - b_start."""
    fmask = (1 << (sb - 1)) - 1
    top = eb + sb - 1
    k = sb + _QUOTIENT_EXTRA
    fa = f32[a]
    ca = cls[a]
    ea = np.int64(ex[a])
    row = (np.int64(sig[a]) & fmask) << (sb - 1)
    store = expected_out.shape[0] > 0
    count = 0
    first = -1
    for b in range(b_start, b_stop):
        cb = cls[b]
        sign = ((a ^ b) >> top) & 1
        finite = ca == _FINITE and cb == _FINITE
        q = np.int64(0)
        dexp = np.int64(0)
        r = np.int64(0)
        if finite:
            index = row | (np.int64(sig[b]) & fmask)
            q = np.int64(qtab[index])
            r = np.int64(rtab[index])
            dexp = ea - np.int64(ex[b])
            expected = _finite_quotient(sign, dexp, r, q, eb, sb)
        else:
            expected = _special_quotient(ca, cb, sign, eb, sb)
        if code == 5:   # the same quotient through the general rounding, without the table of rounded significands
            actual = _round_scaled(sign, q >> 1, k - 1 + (r & 1), dexp - k, q & 1, eb, sb, _RNE) if finite else expected
        elif code == 4:
            actual = _narrow_quotient(sign, dexp, q, eb, sb) if finite else expected
        else:
            if code == 3:
                buf[0] = fa * (np.float32(1.0) / f32[b])
            else:
                buf[0] = fa / f32[b]
            actual = _convert(code, np.int64(ubuf[0]), eb, sb)
        if store:
            expected_out[b - b_start] = expected
            actual_out[b - b_start] = actual
        if not _same(expected, actual, eb, sb):
            count += 1
            if first < 0:
                first = b
    return count, first


@njit(cache=True, inline="always")
def _fp32_to_bits_branchless(u, eb, sb, rne, ftz):
    """The FP32 bit pattern ``u`` converted to (eb, sb), with selects instead of branches
    so that loops calling it vectorise.  Nearest even when ``rne``, else toward zero;
    subnormal results flushed to zero when ``ftz``."""
    bias = (1 << (eb - 1)) - 1
    emin = 1 - bias
    shift = 24 - sb
    inf = ((1 << eb) - 1) << (sb - 1)
    mag = u & 0x7FFFFFFF
    field = mag >> 23
    e = (field if field != 0 else 1) - 127
    # result in the normal range: rebias the exponent, add half an ulp minus one plus parity, shift
    v = mag - ((127 - bias) << 23)
    normal = (v + rne * (((1 << (shift - 1)) - 1) + ((v >> shift) & 1))) >> shift
    # result below it: the full significand shifted right by a variable amount
    m = (mag & 0x7FFFFF) | (0x800000 if field != 0 else 0)
    s = min(max(shift + emin - e, 1), 40)
    small = (m + rne * (((1 << (s - 1)) - 1) + ((m >> s) & 1))) >> s
    r = normal if e >= emin else small
    r = min(r, inf if rne else inf - 1)      # overflow: infinity to nearest, the largest finite toward zero
    r = inf if mag == 0x7F800000 else r       # an FP32 infinity stays infinite
    r = (inf | (1 << (sb - 2))) if mag > 0x7F800000 else r
    if ftz:
        r = 0 if r < (1 << (sb - 1)) else r
    return ((u >> 31) << (eb + sb - 1)) | r


@njit(cache=True, inline="always")
def _grid_round(q, drop):
    """A qtab entry (quotient << 1 | sticky) rounded to nearest even on a grid ``drop`` bits coarser."""
    n = q >> 1
    kept = n >> drop
    rest = n & ((1 << drop) - 1)
    half = 1 << (drop - 1)
    return kept + (1 if rest > half or (rest == half and ((q | kept) & 1) != 0) else 0)


@njit(cache=True, error_model="numpy")
def _scan_numerator(code, a, eb, sb, cls, sig, ex, qtab, rtab, rnorm, f32, tmp, buf, none):
    """Every pair (a, b): returns (mismatches, first mismatching b or -1).

    Denominators go by rows that share sign and exponent field.  For the FP32
    strategies (codes 0 to 3), a row of normal denominators is checked without
    branches so that the loops vectorise: all FP32 quotients of the numerator
    are computed first, and within a row the reference depends only on the
    tabulated significand quotient (the exponent difference is the row's).
    Rows of zeros, subnormals, infinities and NaNs, numerators that are not
    finite non-zero, the other strategies, and any row with a mismatch (to
    find the first) go pair by pair through `_scan_general`."""
    fields = 1 << eb
    width = 1 << (sb - 1)
    bias = (1 << (eb - 1)) - 1
    emin = 1 - bias
    top = eb + sb - 1
    k = sb + _QUOTIENT_EXTRA
    inf = ((1 << eb) - 1) << (sb - 1)
    fa = f32[a]
    vector = code <= 3 and cls[a] == _FINITE
    if vector:
        if code == 3:
            for b in range(tmp.shape[0]):
                tmp[b] = fa * (np.float32(1.0) / f32[b])
        else:
            for b in range(tmp.shape[0]):
                tmp[b] = fa / f32[b]
    utmp = tmp.view(np.uint32)
    rne = 0 if code == 1 else 1
    ftz = code == 2
    row = (np.int64(sig[a]) & (width - 1)) << (sb - 1)
    count = 0
    first = -1
    for bsign in range(2):
        for field in range(fields):
            b_start = (bsign << top) | (field << (sb - 1))
            found = 0
            fast = vector and 1 <= field <= fields - 2
            if fast:
                dexp = np.int64(ex[a]) - (field - bias)
                sign_bits = (((a >> top) & 1) ^ bsign) << top
                quotients = utmp[b_start:b_start + width]   # slices: contiguous loads, not gathers
                if dexp >= emin + 1:   # every quotient normal or overflowing
                    base = (dexp + bias - 2) << (sb - 1)
                    rounded = rnorm[row:row + width]
                    for j in range(width):
                        expected = sign_bits | min(base + np.int64(rounded[j]), inf)
                        actual = _fp32_to_bits_branchless(np.int64(quotients[j]), eb, sb, rne, ftz)
                        found += expected != actual
                else:                  # every quotient below the normal range: one fixed grid
                    drop = min(emin - (sb - 1) - (dexp - k), k + 2)
                    exact = qtab[row:row + width]
                    for j in range(width):
                        actual = _fp32_to_bits_branchless(np.int64(quotients[j]), eb, sb, rne, ftz)
                        found += (sign_bits | _grid_round(np.int64(exact[j]), drop)) != actual
            if found or not fast:
                found, where = _scan_general(code, a, b_start, b_start + width, eb, sb, cls, sig, ex, qtab,
                                             rtab, f32, buf, buf.view(np.uint32), none, none)
                if found and first < 0:
                    first = where
            count += found
    return count, first


@njit(parallel=True, cache=True, error_model="numpy")
def _kernel(code, eb, sb, cls, sig, ex, qtab, rtab, rnorm, f32, a_start, a_stop, counts, firsts):
    """Compare strategy ``code`` with the reference on numerators [a_start, a_stop) x every denominator."""
    none = np.empty(0, np.int64)
    for a in prange(a_start, a_stop):
        tmp = np.empty(cls.shape[0], np.float32)
        buf = np.empty(1, np.float32)
        counts[a], firsts[a] = _scan_numerator(code, a, eb, sb, cls, sig, ex, qtab, rtab, rnorm, f32, tmp, buf, none)


@njit(parallel=True, cache=True, error_model="numpy")
def _rows_kernel(code, eb, sb, cls, sig, ex, qtab, rtab, f32, a_start, expected, actual):
    n = cls.shape[0]
    for i in prange(expected.shape[0]):
        buf = np.empty(1, np.float32)
        _scan_general(code, a_start + i, 0, n, eb, sb, cls, sig, ex, qtab, rtab, f32, buf, buf.view(np.uint32),
                      expected[i], actual[i])


@njit(parallel=True, cache=True, nogil=True, error_model="numpy")
def _reference_rows_kernel(eb, sb, cls, sig, ex, qtab, rtab, rnorm, a_start, out):
    """out[i, b]: the reference quotient of numerator a_start + i by every denominator b.

    The reference half of `_scan_numerator`, stored instead of compared: rows of
    normal denominators are a table look-up plus the row's exponent (loops that
    vectorise), the other rows and numerators go through `_finite_quotient` and
    `_special_quotient` pair by pair.  nogil: a caller may run it in a thread
    beside the implementation it judges."""
    fields = 1 << eb
    width = 1 << (sb - 1)
    bias = (1 << (eb - 1)) - 1
    emin = 1 - bias
    top = eb + sb - 1
    k = sb + _QUOTIENT_EXTRA
    inf = ((1 << eb) - 1) << (sb - 1)
    for i in prange(out.shape[0]):
        a = a_start + i
        ca = cls[a]
        ea = np.int64(ex[a])
        row = (np.int64(sig[a]) & (width - 1)) << (sb - 1)
        for bsign in range(2):
            sign = ((a >> top) & 1) ^ bsign
            for field in range(fields):
                b_start = (bsign << top) | (field << (sb - 1))
                dexp = ea - (field - bias)
                line = out[i, b_start:b_start + width]
                if ca == _FINITE and 1 <= field <= fields - 2 and dexp >= emin + 1:   # normal or overflowing
                    base = (dexp + bias - 2) << (sb - 1)
                    rounded = rnorm[row:row + width]
                    for j in range(width):
                        line[j] = (sign << top) | min(base + np.int64(rounded[j]), inf)
                elif ca == _FINITE and 1 <= field <= fields - 2:   # below the normal range: one fixed grid
                    drop = min(emin - (sb - 1) - (dexp - k), k + 2)
                    exact = qtab[row:row + width]
                    for j in range(width):
                        line[j] = (sign << top) | _grid_round(np.int64(exact[j]), drop)
                else:
                    for j in range(width):
                        b = b_start + j
                        cb = cls[b]
                        if ca == _FINITE and cb == _FINITE:
                            index = row | (np.int64(sig[b]) & (width - 1))
                            line[j] = _finite_quotient(sign, ea - np.int64(ex[b]), np.int64(rtab[index]),
                                                       np.int64(qtab[index]), eb, sb)
                        else:
                            line[j] = _special_quotient(ca, cb, sign, eb, sb)


# -- monotonicity in the numerator (`check_monotone_numerator`) ---------------------

@njit(parallel=True, cache=True, error_model="numpy")
def monotone_kernel(eb, sb, cls, sig, ex, qtab, rtab, rnorm, order, denominators, counts, first_a1, first_a2):
    """For each denominator b, the reference quotients a / b of the numerators ``order``
    (bit patterns in increasing value) must never decrease.

    Per denominator i: counts[i] places where the walk fails (a NaN quotient, since
    a / b <= a / b fails, or a quotient below the previous non-NaN one); first_a1[i],
    first_a2[i] the numerators of the first failure (a, a for a NaN), or -1.

    The quotients of b are computed first, in bit-pattern order by rows of
    numerators sharing sign and exponent field.  A row of normal numerators
    whose quotients are all normal is one tabulated rounding per element plus
    the row's exponent (the fast path of `_scan_numerator`), a loop that
    vectorises; the other rows go through `_finite_quotient` and
    `_special_quotient` one by one."""
    top = eb + sb - 1
    width = 1 << (sb - 1)
    fields = 1 << eb
    bias = (1 << (eb - 1)) - 1
    magnitude = (1 << top) - 1
    inf = ((1 << eb) - 1) << (sb - 1)
    for i in prange(denominators.shape[0]):
        b = denominators[i]
        cb = cls[b]
        b_exp = np.int64(ex[b])
        # the column of the quotient tables for b's significand, contiguous for the loops
        column = np.int64(sig[b]) & (width - 1)
        rcol = rtab[column::width].copy()
        qcol = qtab[column::width].copy()
        ncol = rnorm[column::width].copy()
        quotients = np.empty(cls.shape[0], np.int64)
        for row in range(0, cls.shape[0], width):
            field = (row >> (sb - 1)) & (fields - 1)
            dexp = field - bias - b_exp
            sign = ((row ^ b) >> top) & 1
            if cb == _FINITE and 1 <= field <= fields - 2 and 2 - bias <= dexp <= bias:
                base = (sign << top) | ((dexp + bias - 2) << (sb - 1))
                for j in range(width):
                    quotients[row + j] = base + np.int64(ncol[j])
                continue
            for a in range(row, row + width):
                ca = cls[a]
                if ca == _FINITE and cb == _FINITE:
                    j = np.int64(sig[a]) & (width - 1)
                    quotients[a] = _finite_quotient(sign, np.int64(ex[a]) - b_exp, np.int64(rcol[j]),
                                                    np.int64(qcol[j]), eb, sb)
                else:
                    quotients[a] = _special_quotient(ca, cb, sign, eb, sb)
        count = 0
        a1 = -1
        a2 = -1
        previous = -inf - 1          # below the key of -inf
        previous_a = np.int64(-1)
        for t in range(order.shape[0]):
            a = order[t]
            q = quotients[a]
            mag = q & magnitude
            key = -mag if q >> top else mag   # the value order of non-NaN patterns; -0 and +0 both 0
            if mag > inf or key < previous:
                count += 1
                if a1 < 0:
                    a1, a2 = (a, a) if mag > inf else (previous_a, a)
            if mag <= inf:
                previous = key
                previous_a = a
        counts[i] = count
        first_a1[i] = a1
        first_a2[i] = a2


# -- public API --------------------------------------------------------------------

@contextmanager
def _threads(jobs: int | None) -> Iterator[None]:
    """numba's threads limited to ``jobs`` (None: all of them) while the block runs."""
    previous = numba.get_num_threads()
    if jobs is not None:
        numba.set_num_threads(max(1, min(jobs, numba.config.NUMBA_NUM_THREADS)))
    try:
        yield
    finally:
        numba.set_num_threads(previous)


def _sixteen_bits(fmt: FloatFormat) -> None:
    if fmt.width > 16:
        raise InputError(f"{fmt.name} has {fmt.width} bits: exhaustive enumeration covers formats of at most 16 bits")


def _check(fmt: FloatFormat, strategy: str) -> Strategy:
    if strategy not in STRATEGIES:
        raise InputError(f"unknown strategy '{strategy}' (known: {', '.join(STRATEGIES)})")
    _sixteen_bits(fmt)
    if fmt.eb > 8 or fmt.sb > 23:
        raise InputError(f"{fmt.name} does not fit in FP32, which the strategies compute in")
    return STRATEGIES[strategy]


def numerator_rows(fmt: FloatFormat, strategy: str, numerators: range) -> tuple[np.ndarray, np.ndarray]:
    """(expected, actual) bit patterns for numerators x every denominator, one row per numerator."""
    code = _check(fmt, strategy).code
    cls, sig, ex, qtab, rtab, _, f32 = tables(fmt)
    n = 1 << fmt.width
    expected = np.empty((len(numerators), n), np.int64)
    actual = np.empty((len(numerators), n), np.int64)
    _rows_kernel(code, fmt.eb, fmt.sb, cls, sig, ex, qtab, rtab, f32, numerators.start, expected, actual)
    return expected, actual


def reference_rows(fmt: FloatFormat, numerators: range, out: np.ndarray | None = None) -> np.ndarray:
    """The reference quotients of numerators x every denominator as bit patterns of
    ``fmt.uint_dtype``, one row per numerator, written into ``out`` (reused across calls)."""
    _check(fmt, "reference")
    cls, sig, ex, qtab, rtab, rnorm, _ = tables(fmt)
    shape = (len(numerators), 1 << fmt.width)
    if out is None:
        out = np.empty(shape, fmt.uint_dtype)
    if out.shape != shape or out.dtype != fmt.uint_dtype:
        raise ValueError(f"out must be {fmt.uint_dtype} of shape {shape}")
    _reference_rows_kernel(fmt.eb, fmt.sb, cls, sig, ex, qtab, rtab, rnorm, numerators.start, out)
    return out


def reference_div_bits(fmt: FloatFormat, a_bits: int, b_bits: int) -> int:
    """The engine's correctly rounded quotient of one pair (bit patterns of ``fmt``)."""
    return int(numerator_rows(fmt, "reference", range(a_bits, a_bits + 1))[0][0, b_bits])


def strategy_div_bits(fmt: FloatFormat, strategy: str, a_bits: int, b_bits: int) -> int:
    """What ``strategy`` computes for one pair."""
    return int(numerator_rows(fmt, strategy, range(a_bits, a_bits + 1))[1][0, b_bits])


def enumerate_pairs(fmt: FloatFormat, strategy: str = "via_fp32", jobs: int | None = None,
                    numerators: range | None = None) -> PairCheck:
    """Every operand pair of ``fmt`` through ``strategy``, compared with the reference bit for bit.

    ``numerators`` restricts the run to a slice of numerator bit patterns
    (every denominator is still enumerated): for benchmarks and tests."""
    code = _check(fmt, strategy).code
    start = time.perf_counter()
    decoded = tables(fmt)
    n = 1 << fmt.width
    numerators = numerators or range(n)
    counts = np.zeros(n, np.int64)
    firsts = np.full(n, -1, np.int64)
    with _threads(jobs):
        _kernel(code, fmt.eb, fmt.sb, *decoded, numerators.start, numerators.stop, counts, firsts)
    first = None
    bad = np.flatnonzero(counts)
    if bad.size:
        a = int(bad[0])
        b = int(firsts[a])
        first = (a, b, reference_div_bits(fmt, a, b), strategy_div_bits(fmt, strategy, a, b))
    return PairCheck(fmt, strategy, len(numerators) * n, int(counts.sum()), first, time.perf_counter() - start)


@dataclass(frozen=True)
class Monotonicity:
    fmt: FloatFormat
    denominators: int
    pairs_checked: int          # adjacent numerator pairs (a1 < a2 in the walk) times denominators
    violations: int             # descents, and NaN quotients
    first_violation: tuple[int, int, int] | None   # (a1_bits, a2_bits, b_bits)
    seconds: float

    @property
    def passed(self) -> bool:
        return self.violations == 0


def value_order(fmt: FloatFormat) -> np.ndarray:
    """Every non-NaN bit pattern of ``fmt`` in increasing value, -0 just before +0."""
    inf = fmt.inf(0)
    negatives = fmt.sign_mask | np.arange(inf, -1, -1, dtype=np.int64)   # -inf up to -0
    return np.concatenate([negatives, np.arange(0, inf + 1, dtype=np.int64)])


def positive_finite(fmt: FloatFormat) -> range:
    """The bit patterns of the finite b > 0: the smallest subnormal up to the largest finite."""
    return range(1, fmt.inf(0))


def check_monotone_numerator(fmt: FloatFormat, jobs: int | None = None,
                             denominators: range | None = None) -> Monotonicity:
    """Check a1 / b <= a2 / b for every non-NaN a1 <= a2 and every finite b > 0 of ``fmt``
    (obligation ``float.<fmt>.generic.monotone_numerator``; -0 and +0 compare equal).

    For every finite b > 0 the walk goes through every non-NaN numerator in
    increasing value (-inf, the negatives, -0, +0, the positives, +inf) and
    checks that the reference quotient never decreases and is never NaN.  Two
    numerators adjacent in that order are a1 <= a2, and every pair a1 <= a2 is
    a chain of adjacent ones, so by transitivity the walk covers every pair:
    for FP16 and BF16 about 2^31 divisions, a few seconds.

    ``denominators`` restricts the run to a slice of bit patterns of finite b > 0
    (for tests and benchmarks); by default all of them."""
    _sixteen_bits(fmt)
    every = positive_finite(fmt)
    denominators = every if denominators is None else denominators
    if denominators.step != 1 or (len(denominators) and (denominators.start < every.start
                                                         or denominators.stop > every.stop)):
        raise InputError(f"denominators {denominators} are not a slice of the finite b > 0 of {fmt.name} {every}")
    start = time.perf_counter()
    cls, sig, ex, qtab, rtab, rnorm, _ = tables(fmt)
    order = value_order(fmt)
    bs = np.arange(denominators.start, denominators.stop, dtype=np.int64)
    counts = np.zeros(bs.size, np.int64)
    first_a1 = np.full(bs.size, -1, np.int64)
    first_a2 = np.full(bs.size, -1, np.int64)
    with _threads(jobs):
        monotone_kernel(fmt.eb, fmt.sb, cls, sig, ex, qtab, rtab, rnorm, order, bs, counts, first_a1, first_a2)
    first = None
    bad = np.flatnonzero(counts)
    if bad.size:
        i = int(bad[0])
        first = (int(first_a1[i]), int(first_a2[i]), int(bs[i]))
    return Monotonicity(fmt, int(bs.size), int(bs.size) * (order.size - 1), int(counts.sum()), first,
                        time.perf_counter() - start)


# -- the jobs the statements name (`operators.enumeration`) ----------------------------

def _prove_pairs(fmt: FloatFormat, strategy: str) -> Outcome:
    check = enumerate_pairs(fmt, strategy)
    return Outcome(check.mismatches, dict(zip(("x", "y"), (check.first_mismatch or ())[:2])),
                   f"all {check.pairs} operand pairs agree with the reference",
                   f"{check.mismatches} of {check.pairs} pairs differ")


def _prove_monotone(fmt: FloatFormat, _: str) -> Outcome:
    check = check_monotone_numerator(fmt)
    return Outcome(check.violations, dict(zip(("a1", "a2", "b"), check.first_violation or ())),
                   f"for all {check.denominators} finite b > 0, the quotients of the non-NaN numerators "
                   f"in increasing order never decrease ({check.pairs_checked} adjacent pairs)",
                   f"{check.violations} descents in {check.pairs_checked} adjacent pairs")


JOBS = {
    "pairs": Job("enumerate_pairs(fmt={fmt.name} (eb={fmt.eb}, sb={fmt.sb}), strategy={argument})  "
                 "# all {pairs} operand pairs", _prove_pairs),
    "monotone_numerator": Job("check_monotone_numerator(fmt={fmt.name} (eb={fmt.eb}, sb={fmt.sb}))  "
                              "# every finite b > 0 x every non-NaN a in increasing order", _prove_monotone),
}

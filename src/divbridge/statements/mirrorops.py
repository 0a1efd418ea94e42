"""NumPy helpers the statements' predicates share: each operator as the mirror computes it, bits, signs."""

from __future__ import annotations

import numpy as np

from divbridge import mirror, operators
from divbridge.formats import FP32, FP64, FloatFormat, Format, IntFormat
from divbridge.operators.div.profiles import PROFILES

SAMPLE = 400   # exact-rational checks run per element: keep the default cross-check fast


def div(fmt: Format, a, b) -> np.ndarray:
    """Div of the format's semantics (SONNX's, ONNX's for the integer types SONNX leaves out), elementwise;
    integer and real pairs outside the domain (B = 0, INT_MIN / -1) are left at 0."""
    with np.errstate(all="ignore"):
        if isinstance(fmt, FloatFormat):
            return mirror.compute(PROFILES, a, b, dtype=fmt, profile=PROFILES.name_for(fmt))
        ok = PROFILES.in_domain(fmt, a, b) if isinstance(fmt, IntFormat) else (b != 0).astype(bool)
        c = np.zeros_like(a)
        if ok.any():
            c[ok] = mirror.compute(PROFILES, a[ok], b[ok], dtype=fmt, profile=PROFILES.name_for(fmt))
        return c


def result(operator: str, fmt: Format, a, b) -> np.ndarray:
    """The operator an obligation names (``operator``, `operators.obligation_name`) elementwise: Div as `div`
    computes it, another operator by its description's fast kernel (IEEE 754, or wrap-around on integers)."""
    op = operators.of_obligation_name(operator)
    return div(fmt, a, b) if op is operators.DEFAULT else op.kernels.fast(fmt, a, b)


# binary128, beside the formats divbridge specifies: the only wide format Bitwuzla offers beyond binary64
FP128 = FloatFormat("fp128", 15, 113)


def wide_format(fmt: FloatFormat) -> FloatFormat:
    """A standard format where every product of two ``fmt`` values is exact (2*sb significand bits,
    two more exponent bits); standard so that Bitwuzla, which has no other sizes, reads it too."""
    return next(wide for wide in (FP32, FP64, FP128) if wide.sb >= 2 * fmt.sb and wide.eb >= fmt.eb + 2)


def bits(fmt: FloatFormat, x) -> np.ndarray:
    return np.asarray(x).view(fmt.uint_dtype)


def f64(x) -> np.ndarray:
    with np.errstate(invalid="ignore"):   # NaN payloads of narrow formats
        return np.asarray(x).astype(np.float64)


def same(fmt: FloatFormat, x, y) -> np.ndarray:
    """Bit-equal, or both NaN."""
    both_nan = np.isnan(f64(x)) & np.isnan(f64(y))
    return (bits(fmt, x) == bits(fmt, y)) | both_nan


def neg(fmt: FloatFormat, x) -> np.ndarray:
    return (bits(fmt, x) ^ fmt.sign_mask).astype(fmt.uint_dtype).view(fmt.dtype)


def sample(mask: np.ndarray) -> np.ndarray:
    return np.flatnonzero(mask)[:SAMPLE]


def exact_quotients(fmt: FloatFormat, a, b, c):
    """(index, exact quotient a / b, decoded c) at a sample of the pairs with finite operands and b != 0."""
    x, y = f64(a), f64(b)
    for i in sample(np.isfinite(x) & np.isfinite(y) & (y != 0)):
        ca, cb, cc = (fmt.decode(int(bits(fmt, v[i]))) for v in (a, b, c))
        yield i, ca.value / cb.value, cc

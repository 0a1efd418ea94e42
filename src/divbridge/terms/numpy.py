"""The mirror's printer of terms (`divbridge.terms`): a term evaluated on NumPy arrays, elementwise.

Floats are arrays of the format's dtype, bit-vectors of the integer type's, reals object arrays of Fractions,
booleans bool arrays.  A rounded operation computes in the hardware's IEEE arithmetic, FP16 and BF16 through
FP32 and rounded once more, which is correct rounding for +, -, x, / and square root (the wider precision is
at least 2p + 2 and its exponent range covers the narrower one's: Figueroa, "When is double rounding
innocuous?", 1995); FP32 and FP64 in their own.  The comparisons and classes are IEEE 754's, where SMT-LIB's
``fp.isNegative`` and ``fp.isPositive`` are false of NaN; ``=`` is SMT-LIB's (the same float, NaN equal to
NaN, -0 apart from +0).  Bit-vectors wrap around modulo 2^n, as SMT-LIB's (its division by zero included).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Callable

import numpy as np

from divbridge.formats import BF16, FP16, FloatFormat, IntFormat
from divbridge.terms import App, Const, Term, Var, expand

_THROUGH_FP32 = (FP16, BF16)
_ROUNDED = {"fp.add": np.add, "fp.sub": np.subtract, "fp.mul": np.multiply, "fp.div": np.divide,
            "fp.sqrt": np.sqrt}
_TO_INTEGRAL = {"RNE": np.rint, "RTZ": np.trunc, "RTN": np.floor, "RTP": np.ceil}


def rounded(ufunc: np.ufunc, fmt: FloatFormat | IntFormat, *arrays: np.ndarray) -> np.ndarray:
    """``ufunc`` over arrays of a standard format, rounded to nearest even once: integers wrap (NumPy's own
    arithmetic modulo 2^n), FP16 and BF16 go through FP32, FP32 and FP64 use the hardware's operation."""
    with np.errstate(all="ignore"):
        if isinstance(fmt, IntFormat):
            return ufunc(*arrays, dtype=fmt.dtype)
        if fmt in _THROUGH_FP32:
            return ufunc(*(a.astype(np.float32) for a in arrays)).astype(fmt.dtype)
        return ufunc(*arrays, dtype=fmt.dtype)


def evaluate(t: Term, env: dict[str, np.ndarray], fmt: FloatFormat | None = None,
             ints: IntFormat | None = None) -> np.ndarray:
    """The term at every point of the columns ``env`` (one array per variable, all of one length), floats in
    ``fmt`` and bit-vectors in ``ints``."""
    shape = next(iter(env.values())).shape if env else (1,)
    return _Evaluation(env, fmt, ints, shape).of(t)


class _Evaluation:
    def __init__(self, env: dict[str, np.ndarray], fmt, ints, shape):
        self.env, self.fmt, self.ints, self.shape = env, fmt, ints, shape

    def of(self, t: Term) -> np.ndarray:
        if isinstance(t, Var):
            return self.env[t.name]
        if isinstance(t, Const):
            return self._constant(t)
        assert isinstance(t, App)
        if t.fn.defined:
            return self.of(expand(t))
        args = [self.of(a) for a in t.args]
        with np.errstate(invalid="ignore", over="ignore", divide="ignore"):
            return self._apply(t.fn.name, t.mode, args, [a.sort for a in t.args])

    def _constant(self, c: Const) -> np.ndarray:
        fmt, ints = self.fmt, self.ints
        if c.sort == "float":
            named = {"+0": fmt.zero(0), "-0": fmt.zero(1), "+inf": fmt.inf(0), "-inf": fmt.inf(1), "nan": fmt.nan,
                     "1": fmt.parse("1")}
            bits = named[c.value] if isinstance(c.value, str) else int(c.value)   # type: ignore[arg-type]
            return np.full(self.shape, bits, dtype=fmt.uint_dtype).view(fmt.dtype)
        if c.sort == "bv":
            value = {"min": ints.min, "max": ints.max}[c.value] if isinstance(c.value, str) else int(c.value)
            return np.full(self.shape, value, dtype=ints.dtype)
        if c.sort == "bool":
            return np.full(self.shape, bool(c.value))
        return np.full(self.shape, Fraction(c.value), dtype=object)   # type: ignore[arg-type]

    def _apply(self, name: str, mode: str, args: list[np.ndarray], sorts: list[str]) -> np.ndarray:
        fmt = self.fmt
        if name in _FLOAT:
            return _FLOAT[name](fmt, *args)
        if name in _ROUNDED:
            if mode != "RNE":
                raise ValueError(f"the mirror computes {name} to nearest even only, not {mode}")
            return _canonical(fmt, rounded(_ROUNDED[name], fmt, *args))
        if name == "fp.roundToIntegral":
            return _canonical(fmt, _TO_INTEGRAL[mode](args[0]))
        if name in _BV:
            return _BV[name](self.ints, *args)
        if name in _EXACT:
            return np.array([_EXACT[name](*xs) for xs in zip(*args)], dtype=object).reshape(args[0].shape)
        if name == "=":
            return _same(fmt, *args) if sorts[0] == "float" else args[0] == args[1]
        if name == "ite":
            return np.where(*args)
        return _LOGIC[name](*args)


def _canonical(fmt: FloatFormat, x: np.ndarray) -> np.ndarray:
    """A computed NaN as the format's one quiet NaN (the exact kernels' and SMT-LIB's: the hardware's sign and
    payload of a NaN result are no part of IEEE 754's arithmetic)."""
    nan = np.isnan(_f64(x))
    if not nan.any():
        return x
    return np.where(nan, np.array(fmt.nan, dtype=fmt.uint_dtype), _bits(fmt, x)).astype(fmt.uint_dtype).view(fmt.dtype)


def _f64(x: np.ndarray) -> np.ndarray:
    return x.astype(np.float64)


def _bits(fmt: FloatFormat, x: np.ndarray) -> np.ndarray:
    return x.view(fmt.uint_dtype)


def _flip(fmt: FloatFormat, x: np.ndarray, mask: int, keep: bool) -> np.ndarray:
    bits = _bits(fmt, x)
    return ((bits & ~np.array(mask, fmt.uint_dtype)) if keep else (bits ^ np.array(mask, fmt.uint_dtype))) \
        .astype(fmt.uint_dtype).view(fmt.dtype)


def _same(fmt: FloatFormat, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    both_nan = np.isnan(_f64(x)) & np.isnan(_f64(y))
    return (_bits(fmt, x) == _bits(fmt, y)) | both_nan


_FLOAT: dict[str, Callable] = {
    "fp.neg": lambda fmt, x: _flip(fmt, x, fmt.sign_mask, keep=False),
    "fp.abs": lambda fmt, x: _flip(fmt, x, fmt.sign_mask, keep=True),
    "fp.isNaN": lambda fmt, x: np.isnan(_f64(x)),
    "fp.isInfinite": lambda fmt, x: np.isinf(_f64(x)),
    "fp.isZero": lambda fmt, x: _f64(x) == 0,
    "isFinite": lambda fmt, x: np.isfinite(_f64(x)),
    "fp.isNegative": lambda fmt, x: np.signbit(_f64(x)) & ~np.isnan(_f64(x)),
    "fp.isPositive": lambda fmt, x: ~np.signbit(_f64(x)) & ~np.isnan(_f64(x)),
    "fp.eq": lambda fmt, x, y: _f64(x) == _f64(y),
    "fp.lt": lambda fmt, x, y: _f64(x) < _f64(y),
    "fp.leq": lambda fmt, x, y: _f64(x) <= _f64(y),
    "fp.gt": lambda fmt, x, y: _f64(x) > _f64(y),
    "fp.geq": lambda fmt, x, y: _f64(x) >= _f64(y),
}


def _signed(ints: IntFormat, x: np.ndarray) -> np.ndarray:
    """The bit-vector read in two's complement, as SMT-LIB's signed operations read it."""
    return x.view(np.dtype(f"int{ints.bits}"))


def _unsigned(ints: IntFormat, x: np.ndarray) -> np.ndarray:
    return x.view(np.dtype(f"uint{ints.bits}"))


def _sdiv(ints: IntFormat, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """SMT-LIB's bvsdiv: the quotient truncated toward zero, modulo 2^n; by zero, -1 for x >= 0 and 1 below."""
    out = []
    for a, b in zip(_signed(ints, x).tolist(), _signed(ints, y).tolist()):
        if b == 0:
            q = -1 if a >= 0 else 1
        else:
            q = abs(a) // abs(b) * (1 if (a < 0) == (b < 0) else -1)
        out.append(q % (1 << ints.bits))
    return np.array(out, dtype=np.uint64).astype(np.dtype(f"uint{ints.bits}")).view(ints.dtype).reshape(x.shape)


def _udiv(ints: IntFormat, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """SMT-LIB's bvudiv: by zero, every bit set."""
    a, b = _unsigned(ints, x), _unsigned(ints, y)
    ones = np.array((1 << ints.bits) - 1, dtype=a.dtype)
    with np.errstate(divide="ignore"):
        return np.where(b == 0, ones, a // np.where(b == 0, 1, b)).astype(a.dtype).view(ints.dtype)


_BV: dict[str, Callable] = {
    "bvneg": lambda ints, x: np.negative(x, dtype=ints.dtype),
    "bvadd": lambda ints, x, y: np.add(x, y, dtype=ints.dtype),
    "bvsub": lambda ints, x, y: np.subtract(x, y, dtype=ints.dtype),
    "bvmul": lambda ints, x, y: np.multiply(x, y, dtype=ints.dtype),
    "bvsdiv": _sdiv,
    "bvudiv": _udiv,
    "bvslt": lambda ints, x, y: _signed(ints, x) < _signed(ints, y),
    "bvsle": lambda ints, x, y: _signed(ints, x) <= _signed(ints, y),
    "bvult": lambda ints, x, y: _unsigned(ints, x) < _unsigned(ints, y),
    "bvule": lambda ints, x, y: _unsigned(ints, x) <= _unsigned(ints, y),
}
_EXACT: dict[str, Callable] = {
    "real.neg": lambda x: -Fraction(x), "real.add": lambda x, y: Fraction(x) + y,
    "real.sub": lambda x, y: Fraction(x) - y, "real.mul": lambda x, y: Fraction(x) * y,
    "real.div": lambda x, y: Fraction(x) / y, "real.lt": lambda x, y: Fraction(x) < y,
    "int.div": lambda x, y: x // y if y > 0 else -(x // -y),
}
_LOGIC: dict[str, Callable] = {
    "not": np.logical_not, "and": np.logical_and, "or": np.logical_or, "xor": np.logical_xor,
    "=>": lambda x, y: ~x | y,
}

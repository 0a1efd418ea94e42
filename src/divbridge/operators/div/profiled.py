"""Div in each format's profile, elementwise: the mirror's, with SONNX's semantics (ONNX's for the integer
types SONNX leaves out)."""

from __future__ import annotations

import numpy as np

from divbridge import mirror
from divbridge.formats import FloatFormat, Format, IntFormat
from divbridge.operators.div.profiles import PROFILES


def compute(fmt: Format, a, b) -> np.ndarray:
    """A / B; integer and real pairs outside the domain (B = 0, INT_MIN / -1) are left at 0."""
    with np.errstate(all="ignore"):
        if isinstance(fmt, FloatFormat):
            return mirror.compute(PROFILES, a, b, dtype=fmt, profile=PROFILES.name_for(fmt))
        ok = PROFILES.in_domain(fmt, a, b) if isinstance(fmt, IntFormat) else (b != 0).astype(bool)
        c = np.zeros_like(a)
        if ok.any():
            c[ok] = mirror.compute(PROFILES, a[ok], b[ok], dtype=fmt, profile=PROFILES.name_for(fmt))
        return c

"""The statements' view of the mirror: an obligation's operator as the mirror computes it, and the wide
format of the SMT queries that compare exact values."""

from __future__ import annotations

import numpy as np

from divbridge import operators
from divbridge.formats import FP32, FP64, FloatFormat, Format


def result(operator: str, fmt: Format, *inputs) -> np.ndarray:
    """The operator an obligation names elementwise on its inputs: in the format's profile where its library
    computes one (points outside the domain left at 0), else by its description's fast kernel (IEEE 754, or
    wrap-around on integers)."""
    op = operators.of_obligation_name(operator)
    compute = op.library.compute
    return compute(fmt, *inputs) if compute is not None else op.kernels.fast(fmt, *inputs)


# binary128, beside the formats divbridge specifies: the only wide format Bitwuzla offers beyond binary64
FP128 = FloatFormat("fp128", 15, 113)


def wide_format(fmt: FloatFormat) -> FloatFormat:
    """The first standard format with at least twice the significand bits of ``fmt`` and two more exponent
    bits: a value of ``fmt`` times another is exact there.  Standard so that Bitwuzla, which has no other sizes,
    reads it too."""
    return next(wide for wide in (FP32, FP64, FP128) if wide.sb >= 2 * fmt.sb and wide.eb >= fmt.eb + 2)

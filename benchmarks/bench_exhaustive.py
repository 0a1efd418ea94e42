"""Exhaustive FP16 and BF16 enumeration (2^32 pairs each) against a naive NumPy loop,
and the monotonicity walk (every finite b > 0 x every non-NaN numerator in order).

The naive loop (float64 division, then conversion to the 16-bit format, one
numerator row at a time) runs on a slice of numerators and is extrapolated
to 2^32 pairs; the engine runs in full.  Memory is the process peak RSS.
"""

from __future__ import annotations

import resource
import time

import numpy as np

from divbridge.operators.div.enumeration import check_monotone_numerator, enumerate_pairs
from divbridge.formats import BF16, FP16, float_format

NAIVE_ROWS = 256


def _naive_seconds(fmt) -> float:
    n = 1 << 16
    with np.errstate(all="ignore"):   # the NaN patterns among the operands
        b = np.arange(n, dtype=np.uint16).view(fmt.dtype).astype(np.float64)
    start = time.perf_counter()
    with np.errstate(all="ignore"):
        for a_bits in range(0x3000, 0x3000 + NAIVE_ROWS):
            a = np.array([a_bits], np.uint16).view(fmt.dtype).astype(np.float64)
            want = (a / b).astype(fmt.dtype).view(np.uint16)
            got = (a.astype(np.float32) / b.astype(np.float32)).astype(fmt.dtype).view(np.uint16)
            (want != got).sum()
    return (time.perf_counter() - start) * n / NAIVE_ROWS


def run() -> dict:
    enumerate_pairs(float_format(3, 4))   # compile (or load the numba cache) outside the timings
    check_monotone_numerator(float_format(3, 4))
    figures = {}
    for fmt in (FP16, BF16):
        result = enumerate_pairs(fmt, "via_fp32")
        figures[f"{fmt.name}_pairs"] = result.pairs
        figures[f"{fmt.name}_mismatches"] = result.mismatches
        figures[f"{fmt.name}_engine_s"] = round(result.seconds, 2)
        figures[f"{fmt.name}_naive_numpy_s_extrapolated"] = round(_naive_seconds(fmt), 1)
        monotone = check_monotone_numerator(fmt)
        figures[f"{fmt.name}_monotone_violations"] = monotone.violations
        figures[f"{fmt.name}_monotone_s"] = round(monotone.seconds, 2)
    figures["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    figures["targets"] = "engine and monotone <= 30 s per format on 2 cores, peak RSS < 2048 MB"
    return figures

"""Exhaustive FP16 conformance of a user's C kernel (`divbridge conform --impl kernel.c:FUNC
--dtype fp16 --exhaustive`): all 2^32 pairs through ctypes, judged against the exhaustive
engine's reference, 256 numerators per call.  Target: 60 s on 2 cores."""

from __future__ import annotations

import time
from pathlib import Path

from divbridge.crosscheck import ckernel, conform
from divbridge.crosscheck.impls import load_impl
from divbridge.formats import FP16

KERNEL = Path(__file__).resolve().parent.parent / "tests" / "kernels" / "div_fp16_via_fp32.c"
CFLAGS = "-O2 -mf16c"   # hardware FP16 conversions (x86-64 F16C); gcc 12 calls libgcc without it


def run() -> dict:
    start = time.perf_counter()
    impl = load_impl(f"{KERNEL}:div_fp16", CFLAGS)
    compile_s = time.perf_counter() - start
    conform.check_exhaustive(impl, FP16, numerators=range(0, 256))   # numba compile or cache load
    start = time.perf_counter()
    report = conform.check_exhaustive(impl, FP16)
    return {
        "kernel": f"{KERNEL.name}:div_fp16 [{CFLAGS}] via {ckernel.compiler()}",
        "compile_or_cache_s": round(compile_s, 2),
        "fp16_pairs": sum(report.vectors.values()),
        "fp16_mismatches": report.mismatches,
        "fp16_conforms": report.conforms,
        "fp16_exhaustive_s": round(time.perf_counter() - start, 2),
        "target": "fp16 exhaustive <= 60 s on 2 cores",
    }

"""WRONG fp16: another rounding mode (toward zero) on the exact FP64 quotient."""
import numpy as np

DTYPE = "fp16"


def div(a, b):
    q = a.astype(np.float64) / b.astype(np.float64)
    nearest = q.astype(np.float16)
    # step back one ulp toward zero where nearest rounded away from zero
    away = np.isfinite(nearest) & (np.abs(nearest.astype(np.float64)) > np.abs(q))
    toward = np.where(away, np.nextafter(nearest, np.float16(0)), nearest)
    overflow = np.isinf(nearest) & np.isfinite(q)
    return np.where(overflow, np.copysign(np.finfo(np.float16).max, q).astype(np.float16), toward).astype(np.float16)

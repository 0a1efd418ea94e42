"""WRONG Clip fp32 (as the working group's latest clip.md and ONNX Runtime have it): a NaN bound is ignored, taken
as -inf for min and +inf for max, where onnx.reference and NumPy's clip give NaN."""
import numpy as np

OP, DTYPE = "Clip", "fp32"


def run(x, lo, hi):
    lo = np.where(np.isnan(lo), np.float32(-np.inf), lo)
    hi = np.where(np.isnan(hi), np.float32(np.inf), hi)
    return np.clip(x, lo, hi).astype(np.float32)

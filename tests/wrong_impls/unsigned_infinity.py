"""WRONG fp32: x / 0 is always +inf, whatever the signs."""
import numpy as np

DTYPE = "fp32"


def div(a, b):
    q = a / b
    return np.where(np.isinf(q) & (b == 0), np.float32(np.inf), q).astype(np.float32)

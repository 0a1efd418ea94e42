"""WRONG fp32: subnormal results flushed to a signed zero."""
import numpy as np

DTYPE = "fp32"


def div(a, b):
    q = a / b
    tiny = np.abs(q) < np.finfo(np.float32).tiny
    return np.where(tiny, np.copysign(np.float32(0), q), q).astype(np.float32)

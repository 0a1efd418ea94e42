"""WRONG fp32: 0 / y takes the sign of y instead of the XOR of the signs."""
import numpy as np

DTYPE = "fp32"


def div(a, b):
    q = a / b
    return np.where(a == 0, np.copysign(np.float32(0), b), q).astype(np.float32)

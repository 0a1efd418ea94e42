"""WRONG int64: divide in float64 and truncate: int64 values need 64 bits, float64 has 53."""
import numpy as np

DTYPE = "int64"


def div(a, b):
    return np.trunc(a.astype(np.float64) / b.astype(np.float64)).astype(np.int64)

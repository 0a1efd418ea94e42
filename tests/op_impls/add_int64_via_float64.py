"""WRONG Add int64: the sum computed in float64 and converted back, exact only below 2^53 (and never wrapping)."""
import numpy as np

OP, DTYPE = "Add", "int64"


def run(a, b):
    with np.errstate(all="ignore"):
        return (a.astype(np.float64) + b.astype(np.float64)).astype(np.int64)

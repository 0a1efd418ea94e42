"""WRONG Clip fp32: max(min(X, max), min), the two bounds applied in the other order, which gives min (not max)
where min > max."""
import numpy as np

OP, DTYPE = "Clip", "fp32"


def run(x, lo, hi):
    return np.maximum(np.minimum(x, hi), lo).astype(np.float32)

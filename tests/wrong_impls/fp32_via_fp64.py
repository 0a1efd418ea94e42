"""RIGHT fp32: divide in FP64, round once to FP32 (53 >= 2 * 24 + 2)."""
import numpy as np

DTYPE = "fp32"


def div(a, b):
    return (a.astype(np.float64) / b.astype(np.float64)).astype(np.float32)

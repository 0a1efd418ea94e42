"""WRONG Mul fp32: a zero product is always +0 (IEEE 754 gives it the xor of the signs: -0 x 5 = -0)."""
import numpy as np

OP, DTYPE = "Mul", "fp32"


def run(a, b):
    c = a * b
    return np.where(c == 0, np.float32(0), c).astype(np.float32)

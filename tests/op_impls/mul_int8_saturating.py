"""WRONG Mul int8: the product saturates at the type's bounds instead of wrapping around (100 x 2 gives 127,
SONNX's wrap-around gives 200 - 256 = -56)."""
import numpy as np

OP, DTYPE = "Mul", "int8"


def run(a, b):
    return np.clip(a.astype(np.int64) * b.astype(np.int64), -128, 127).astype(np.int8)

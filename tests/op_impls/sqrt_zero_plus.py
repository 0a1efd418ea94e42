"""WRONG Sqrt fp32: +0 wherever the input is a zero, where IEEE 754 keeps the zero's sign (sqrt(-0) = -0)."""
import numpy as np

OP, DTYPE = "Sqrt", "fp32"


def run(a):
    with np.errstate(invalid="ignore"):
        return np.where(a == 0, np.float32(0), np.sqrt(a)).astype(np.float32)

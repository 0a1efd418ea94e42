"""WRONG Neg int8: saturates at INT_MIN (-(-128) = 127), where ONNX wraps around (-(-128) = -128)."""
import numpy as np

OP, DTYPE = "Neg", "int8"


def run(a):
    return np.where(a == -128, np.int8(127), np.negative(a, dtype=np.int8)).astype(np.int8)

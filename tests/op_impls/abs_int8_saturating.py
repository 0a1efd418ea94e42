"""WRONG Abs int8: saturates at INT_MIN (abs(-128) = 127), where ONNX Runtime and NumPy wrap it (abs(-128) = -128)."""
import numpy as np

OP, DTYPE = "Abs", "int8"


def run(a):
    return np.where(a == -128, np.int8(127), np.abs(a)).astype(np.int8)

"""WRONG Max fp32 (as the working group notes ONNX Runtime computes it): the first operand wherever the two compare
equal, so max(-0, +0) = -0, where the working group's order (+0 > -0) gives +0."""
import numpy as np

OP, DTYPE = "Max", "fp32"


def run(a, b):
    with np.errstate(invalid="ignore"):
        return np.where(np.isnan(a) | np.isnan(b), np.float32(np.nan), np.where(b > a, b, a)).astype(np.float32)

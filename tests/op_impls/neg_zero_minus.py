"""WRONG Neg fp32: 0 - x, which gives +0 for +0 (IEEE 754's negation flips the sign: -(+0) = -0)."""
import numpy as np

OP, DTYPE = "Neg", "fp32"


def run(a):
    return (np.zeros_like(a) - a).astype(np.float32)

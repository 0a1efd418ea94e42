"""WRONG Less fp32: orders the zeros by their sign bit (-0 < +0 true), where IEEE 754 compares them equal."""
import numpy as np

OP, DTYPE = "Less", "fp32"


def run(a, b):
    return np.less(a, b) | ((a == 0) & (b == 0) & np.signbit(a) & ~np.signbit(b))

"""WRONG Less uint8: compares the bytes as signed (200 < 100 true), where the type's order is unsigned."""
import numpy as np

OP, DTYPE = "Less", "uint8"


def run(a, b):
    return np.less(a.view(np.int8), b.view(np.int8))

"""WRONG Where fp32: blends the choices arithmetically (cond * x + (1 - cond) * y), which turns a selected -0 into
+0 and lets a NaN of the other choice through, where a selection returns the chosen element as it is."""
import numpy as np

OP, DTYPE = "Where", "fp32"


def run(condition, x, y):
    c = condition.astype(np.float32)
    return (c * x + (1 - c) * y).astype(np.float32)

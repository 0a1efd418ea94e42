"""WRONG fp32: the reciprocal rewrite x * (1 / y) rounds twice."""
import numpy as np

DTYPE = "fp32"


def div(a, b):
    return a * (np.float32(1) / b)

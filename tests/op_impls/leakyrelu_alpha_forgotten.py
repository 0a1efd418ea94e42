"""WRONG LeakyRelu fp32: Relu's zero below zero, where LeakyRelu gives alpha * X (alpha at its default, the FP32
0.01 the node stores)."""
import numpy as np

OP, DTYPE = "LeakyRelu", "fp32"


def run(a):
    with np.errstate(invalid="ignore"):
        return np.where(a < 0, np.float32(0), a).astype(np.float32)
